import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useListProjectResultsQuery } from '../../api/generated/execution-service';
import type { GridSort } from '../../components/data-grid/paged-grid';
import { useServerPaging } from '../../components/data-grid/use-server-paging';
import { clock } from '../../lib/clock';
import { RESULTS_PAGE_SIZE } from '../../../shared/result-rules';
import {
  initialFilters,
  initialSearch,
  resultRequest,
  timezoneOf,
  type ResultFilters,
  type ResultSearch,
  type ResultSort,
} from './results-query';

const DEFAULT_SORT: ResultSort = { by: 'date', direction: 'desc' };

/** Grid column id → the server's sort (docs/product/project-results.md#sorting); other columns keep the default. */
export function resultSortOf(chosen: GridSort): ResultSort {
  if (!chosen) return DEFAULT_SORT;
  const { colId, direction } = chosen;
  if (colId === 'overall') return { by: 'overallScore', direction };
  if (colId === 'date') return { by: 'date', direction };
  if (colId === 'irn') return { by: 'irn', direction };
  const question = /^q(\d+)$/.exec(colId);
  return question ? { by: 'question', direction, question: Number(question[1]) } : DEFAULT_SORT;
}

/**
 * The results list's state (docs/product/project-results.md): the applied filters, the search card, the server
 * sort and paging, and the held results ticked for release or delete. A new filter, search, sort or page size
 * starts again from the first page; any of those or another page forgets the ticks.
 */
export function useResultsState(projectId: number, canRead: boolean) {
  const { i18n } = useLingui();
  const start = useMemo(() => initialFilters(clock.now()), []);
  const [filters, setFilters] = useState(start);
  const [search, setSearch] = useState(initialSearch);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const clearSelection = () => setSelected(new Set());
  const paging = useServerPaging<ResultSort>({
    pageSize: RESULTS_PAGE_SIZE,
    sort: DEFAULT_SORT,
    onRestart: clearSelection,
    onPageChange: clearSelection,
  });

  const request = resultRequest(projectId, filters, search, paging.sort, paging.page, paging.pageSize);
  const results = useListProjectResultsQuery({ resultFilter: request }, { skip: !canRead });
  const rows = results.data?.results;
  const questions = useMemo(() => results.data?.questions ?? [], [results.data]);
  const selectable = useMemo(() => (rows ?? []).filter((r) => !r.released).map((r) => r.interviewResultId), [rows]);
  const zone = timezoneOf(search.timezone).zone;
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.locale, { timeZone: zone, dateStyle: 'short', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.locale, zone]);

  return {
    start,
    filters,
    search,
    paging,
    request,
    results,
    rows,
    total: results.data?.totalResults ?? 0,
    questions,
    selectable,
    formatDate,
    selected,
    clearSelection,
    applyFilters: (next: ResultFilters) => {
      setFilters(next);
      paging.restart();
    },
    changeSearch: (next: ResultSearch) => {
      setSearch(next);
      paging.restart();
    },
    toggle: (id: number) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    /** All held rows of the page, or none when all are ticked. */
    toggleAll: () =>
      setSelected((previous) => (selectable.every((id) => previous.has(id)) ? new Set() : new Set(selectable))),
  };
}

export type ResultsState = ReturnType<typeof useResultsState>;
