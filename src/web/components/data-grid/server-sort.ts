import type { GridSort } from './paged-grid';

/** A list call's sort parameters, as the contracts name them. */
interface ServerSort {
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
}

/**
 * The server's sort for the column chosen in a PagedGrid (its `sortOf`): that column where the server sorts by it
 * (`sortable`, the contract's `sortBy` values, which are the columns' `colId`), otherwise `fallback`.
 */
export function serverSortOf<Sort extends ServerSort>(
  sortable: readonly NonNullable<Sort['sortBy']>[],
  fallback: Sort,
): (chosen: GridSort) => Sort {
  const columns = new Set<string>(sortable);
  return (chosen) =>
    chosen && columns.has(chosen.colId)
      ? ({ sortBy: chosen.colId, sortDirection: chosen.direction } as Sort)
      : fallback;
}
