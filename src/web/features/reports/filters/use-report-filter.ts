import { useState } from 'react';
import { useServerPaging, type ServerPaging } from '../../../components/data-grid/use-server-paging';
import { REPORT_PAGE_SIZE, type DateRangeValues } from './report-filters';

interface ReportFilterOptions<Values extends DateRangeValues, Query, Sort> {
  /** The filter a report opens with. */
  initialValues: Values;
  /** What the report's call sends for a filter. */
  queryOf: (values: Values) => Query;
  sort: Sort;
  pageSize?: number;
  /** When the list starts again from the first page (e.g. to forget a selection). */
  onRestart?: () => void;
}

export interface ReportFilter<Values, Query, Sort> {
  /** The filter last applied, and what its call sends. */
  values: Values;
  applied: Query;
  paging: ServerPaging<Sort>;
  /** Apply: the first page of the new filter; the same filter again asks the server again (`refetch`). */
  apply: (values: Values, refetch: () => unknown) => void;
}

/** The applied filter and the paging of a report tab (docs/product/reports.md#filters). */
export function useReportFilter<Values extends DateRangeValues, Query, Sort>({
  initialValues,
  queryOf,
  sort,
  pageSize = REPORT_PAGE_SIZE,
  onRestart,
}: ReportFilterOptions<Values, Query, Sort>): ReportFilter<Values, Query, Sort> {
  const paging = useServerPaging<Sort>({ pageSize, sort, onRestart });
  const [values, setValues] = useState(initialValues);
  const [applied, setApplied] = useState<Query>(() => queryOf(initialValues));
  const apply = (next: Values, refetch: () => unknown) => {
    const query = queryOf(next);
    if (JSON.stringify(query) === JSON.stringify(applied) && paging.page === 0) void refetch();
    setValues(next);
    setApplied(query);
    paging.restart();
  };
  return { values, applied, paging, apply };
}
