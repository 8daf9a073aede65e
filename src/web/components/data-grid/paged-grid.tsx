import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { LoadFailure } from '../feedback/load-failure';
import { DataGrid, type DataGridProps } from './data-grid';
import { ListPager } from './list-pager';
import type { ServerPaging } from './use-server-paging';

/** Where a page stands in its list: the page (from 1) of how many, and the rows shown (from 1) of the total. */
export interface PageFigures {
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
}

/** The figures of a page counted from 0 (an empty list: from and to are 0). */
export const pageFigures = (page: number, pageSize: number, total: number): PageFigures => ({
  page: page + 1,
  pages: Math.max(1, Math.ceil(total / pageSize)),
  from: Math.min(page * pageSize + 1, total),
  to: Math.min((page + 1) * pageSize, total),
  total,
});

export type GridSort = { colId: string; direction: 'asc' | 'desc' } | null;

export interface PagedGridProps<Row, Sort> extends Omit<
  DataGridProps<Row>,
  'rows' | 'loading' | 'onSortChanged' | 'emptyText'
> {
  /** Shown when there are no rows; by default 'There are no records to show.'. */
  emptyText?: string;
  /** The list's RTK Query hook result: loading while it fetches, its failure with a retry. */
  query: { isFetching: boolean; error?: unknown; refetch: () => unknown };
  rows: readonly Row[] | undefined;
  /** Rows matching on the server, over all pages. */
  total: number;
  paging: ServerPaging<Sort>;
  /** The column chosen in the grid as the server's sort (null: the default sort); without it the grid sends none. */
  sortOf?: (chosen: GridSort) => Sort;
  /** What the pager says; by default "Page {n} of {pages} ({total} records)". */
  summary?: (figures: PageFigures) => ReactNode;
  /** A line above the grid while there are rows, e.g. 'Showing {from} - {to} of {total} Orders'. */
  banner?: (figures: PageFigures) => ReactNode;
  /** Prefix of the pager's test ids (ListPager), and `<pagerTestId>-banner`. */
  pagerTestId: string;
  /** The failure's test id. */
  errorTestId?: string;
  /** Above the grid: e.g. a selection line. */
  children?: ReactNode;
}

/**
 * The console's one server-paged list (docs/product/platform.md#tables): the grid with its loading and empty
 * states, its failure with a retry instead of the grid, the banner, and the pager with the page sizes. Sorting a
 * column and choosing a page size go back to the first page (useServerPaging).
 */
export function PagedGrid<Row, Sort>({
  query,
  rows,
  total,
  paging,
  sortOf,
  summary,
  banner,
  pagerTestId,
  errorTestId,
  emptyText,
  children,
  ...grid
}: PagedGridProps<Row, Sort>) {
  const { t } = useLingui();
  if (query.error)
    return (
      <LoadFailure
        message={getErrorMessage(query.error, t`Something went wrong`)}
        onRetry={() => void query.refetch()}
        testId={errorTestId}
      />
    );
  const figures = pageFigures(paging.page, paging.pageSize, total);
  return (
    <Stack gap="3">
      {banner && total > 0 ? (
        <Text fontSize="sm" data-testid={`${pagerTestId}-banner`}>
          {banner(figures)}
        </Text>
      ) : null}
      {children}
      <DataGrid<Row>
        {...grid}
        rows={rows}
        loading={query.isFetching}
        emptyText={emptyText ?? t`There are no records to show.`}
        onSortChanged={sortOf ? (chosen) => paging.setSort(sortOf(chosen)) : undefined}
      />
      <ListPager
        page={paging.page}
        pages={figures.pages}
        onPageChange={paging.setPage}
        pageSize={paging.pageSize}
        onPageSizeChange={paging.setPageSize}
        testId={pagerTestId}
        summary={
          summary ? (
            summary(figures)
          ) : (
            <Trans>
              Page {figures.page} of {figures.pages} ({figures.total} records)
            </Trans>
          )
        }
      />
    </Stack>
  );
}
