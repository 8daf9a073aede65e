import { useCallback, useMemo, useRef, useState } from 'react';

/** What a list paged on the server shows: the page (from 0), its size and the sort the server applies. */
export interface ServerPaging<Sort> {
  page: number;
  pageSize: number;
  sort: Sort;
  setPage: (page: number) => void;
  /** Another page size starts again from the first page. */
  setPageSize: (pageSize: number) => void;
  /** Another sort starts again from the first page. */
  setSort: (sort: Sort) => void;
  /** Back to the first page: the list changed (a new filter, a search, rows gone). */
  restart: () => void;
  /** After `count` rows of the page were deleted from a list of `totalBefore`: a page left empty gives way to the one before. */
  deleted: (totalBefore: number, count?: number) => void;
}

export interface ServerPagingOptions<Sort> {
  /** The list's default page size (docs/product/<area>.md). */
  pageSize: number;
  /** The sort before the user picks a column. */
  sort: Sort;
  /** Called when the list starts again from the first page (e.g. to forget a selection or page cursors). */
  onRestart?: () => void;
  /** Called when the user moves to another page (e.g. to forget the selection of the page left). */
  onPageChange?: (page: number) => void;
}

/**
 * The paging state of a server-paged list: every change of what the list holds (sort, page size, filter) goes
 * back to the first page, so the page asked for always exists.
 */
export function useServerPaging<Sort>({
  pageSize: initialPageSize,
  sort: initialSort,
  onRestart,
  onPageChange,
}: ServerPagingOptions<Sort>): ServerPaging<Sort> {
  const [page, setPageState] = useState(0);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  const [sort, setSortState] = useState<Sort>(initialSort);
  // The callbacks may be new functions each render; the latest is the one to call.
  const callbacks = useRef({ onRestart, onPageChange });
  callbacks.current = { onRestart, onPageChange };

  const restart = useCallback(() => {
    setPageState(0);
    callbacks.current.onRestart?.();
  }, []);
  return useMemo(
    () => ({
      page,
      pageSize,
      sort,
      setPage: (next: number) => {
        setPageState(next);
        callbacks.current.onPageChange?.(next);
      },
      setPageSize: (next: number) => {
        setPageSizeState(next);
        restart();
      },
      setSort: (next: Sort) => {
        setSortState(next);
        restart();
      },
      restart,
      deleted: (totalBefore: number, count = 1) => {
        if (page > 0 && page * pageSize >= totalBefore - count) setPageState(page - 1);
      },
    }),
    [page, pageSize, sort, restart],
  );
}
