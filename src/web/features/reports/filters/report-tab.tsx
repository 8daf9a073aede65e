import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PagedGrid, type PagedGridProps } from '../../../components/data-grid/paged-grid';
import { ReportFilterForm } from './report-filter-form';
import { ExportButton, type DateRangeValues } from './report-filters';

interface ReportTabProps<Values extends DateRangeValues, Row, Sort> {
  /** The tab's own test id. */
  tabTestId: string;
  /**
   * Prefix of the other test ids: the filter (`<testId>-filters`, `<testId>-apply`), the export
   * (`<testId>-export`), the list (`<testId>-list`), its pager (`<testId>-…`) and its failure (`<testId>-error`).
   */
  testId: string;
  initialValues: Values;
  onApply: (values: Values) => void;
  /** The export beside Apply: its words and the call that produces the file for the applied filter. */
  exportLabel: ReactNode;
  onExport: () => Promise<unknown>;
  /** The report's filter fields. */
  fields: ReactNode;
  /** Between the filter and the list (e.g. a message that nothing matched). */
  notice?: ReactNode;
  /** The server-paged list of the applied filter. */
  grid: Omit<PagedGridProps<Row, Sort>, 'testId' | 'pagerTestId' | 'errorTestId'>;
  /** After the list (e.g. a dialog the list opens). */
  children?: ReactNode;
}

/**
 * A report tab (docs/product/reports.md#filters): the one filter panel with the report's fields, Apply and its
 * export, then the server-paged list of the filter last applied (PagedGrid: sort and page size go back to the
 * first page).
 */
export function ReportTab<Values extends DateRangeValues, Row, Sort>({
  tabTestId,
  testId,
  initialValues,
  onApply,
  exportLabel,
  onExport,
  fields,
  notice,
  grid,
  children,
}: ReportTabProps<Values, Row, Sort>) {
  return (
    <Stack gap="4" data-testid={tabTestId}>
      <ReportFilterForm
        testId={testId}
        initialValues={initialValues}
        onApply={onApply}
        actions={<ExportButton testId={`${testId}-export`} label={exportLabel} onExport={onExport} />}
      >
        {fields}
      </ReportFilterForm>
      {notice}
      <PagedGrid<Row, Sort> {...grid} testId={`${testId}-list`} pagerTestId={testId} errorTestId={`${testId}-error`} />
      {children}
    </Stack>
  );
}
