import { useLingui } from '@lingui/react/macro';
import { QueryFailure } from '../feedback/load-failure';
import { DataGrid, type DataGridProps } from './data-grid';

interface QueryGridProps<Row> extends Omit<DataGridProps<Row>, 'rows' | 'loading' | 'emptyText'> {
  /** An RTK Query hook's result whose data are the rows. */
  query: { data?: readonly Row[]; isLoading: boolean; error?: unknown; refetch: () => unknown };
}

/** The grid of a list query: its failure with a retry, else its rows, with the usual no-rows text. */
export function QueryGrid<Row>({ query, ...grid }: QueryGridProps<Row>) {
  const { t } = useLingui();
  if (query.error) return <QueryFailure query={query} />;
  return (
    <DataGrid<Row> rows={query.data} loading={query.isLoading} emptyText={t`There are no records to show.`} {...grid} />
  );
}
