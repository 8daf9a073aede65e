import { useEffect, useRef, useState } from 'react';
import type { ParticipantSelection } from '../../api/generated/participant-service';
import { useListProjectParticipantsQuery, type ParticipantListRequest } from '../../api/generated/project-service';
import type { GridSort } from '../../components/data-grid/paged-grid';
import { useServerPaging } from '../../components/data-grid/use-server-paging';
import {
  PARTICIPANT_PAGE_SIZE,
  PARTICIPANT_SEARCH_DEBOUNCE_MS,
  type ParticipantStatusName,
} from '../../../shared/participant-rules';
import { EMPTY_FILTER, pageRequest, type ParticipantListFilter } from './participant-access';

export type ParticipantSort = Pick<ParticipantListRequest, 'sortBy' | 'sortDirection'>;

/** Grid columns the server sorts by (docs/product/participants.md#list). */
const SORTABLE: Record<string, NonNullable<ParticipantListRequest['sortBy']>> = {
  irn: 'interviewRefNum',
  status: 'status',
  created: 'createdAt',
};

/** The server's sort for the column chosen in the grid (none: the server's default order). */
export const participantSortOf = (chosen: GridSort): ParticipantSort => {
  const sortBy = chosen ? SORTABLE[chosen.colId] : undefined;
  return sortBy && chosen ? { sortBy, sortDirection: chosen.direction } : {};
};

/** The list call's filter fields for the filter chosen. */
export function listFilterOf(filter: ParticipantListFilter) {
  return {
    ...(filter.search && { search: filter.search }),
    ...(filter.statuses.length > 0 && { participantStatus: filter.statuses as ParticipantStatusName[] }),
    ...(filter.languageIds.length > 0 && { participantLanguageIds: filter.languageIds }),
    ...(filter.createdBy.length > 0 && { createdBy: filter.createdBy }),
    ...(filter.testOnly && { testParticipant: true as const }),
  };
}

/** What a bulk action acts on: the rows ticked, or all records of the filter (sent as the filter). */
export function selectionOf(
  projectId: number,
  filter: ParticipantListFilter,
  selected: ReadonlySet<number>,
  allRecords: boolean,
): ParticipantSelection {
  const listFilter = listFilterOf(filter);
  return {
    projectId,
    allRecords,
    ...(!allRecords && { participants: [...selected] }),
    ...(listFilter.search && { search: listFilter.search }),
    ...(listFilter.participantStatus && { statusFilters: listFilter.participantStatus }),
    ...(listFilter.participantLanguageIds && { participantLanguageIds: listFilter.participantLanguageIds }),
    ...(listFilter.createdBy && { createdBy: listFilter.createdBy }),
    ...(listFilter.testParticipant && { testParticipant: true }),
  };
}

/**
 * The participant list's state (docs/product/participants.md#list): Find Participant with its debounce, the Data
 * Filter, the server sort and paging (keyset cursors per page, ADR 0037), and the three selection states (none,
 * ticked on the page, all records). Any change of what the list shows starts again from the first page and forgets
 * the cursors and the selection; moving to another page forgets the selection.
 */
export function useParticipantListState(projectId: number) {
  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<ParticipantListFilter>(EMPTY_FILTER);
  const cursors = useRef(new Map<number, string>());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allRecords, setAllRecords] = useState(false);
  const clearSelection = () => {
    setSelected(new Set());
    setAllRecords(false);
  };
  const paging = useServerPaging<ParticipantSort>({
    pageSize: PARTICIPANT_PAGE_SIZE,
    sort: {},
    onRestart: () => {
      cursors.current = new Map();
      clearSelection();
    },
    onPageChange: clearSelection,
  });
  const { page, restart } = paging;

  const changeFilter = (change: Partial<ParticipantListFilter>) => {
    restart();
    setFilter((current) => ({ ...current, ...change }));
  };

  // Find Participant: the call goes out 1 s after the last key (docs/product/participants.md#list).
  useEffect(() => {
    if (searchText.trim() === filter.search) return undefined;
    const timer = setTimeout(() => {
      restart();
      setFilter((current) => ({ ...current, search: searchText.trim() }));
    }, PARTICIPANT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filter.search, restart]);

  const participants = useListProjectParticipantsQuery({
    projectId,
    participantListRequest: {
      pageSize: paging.pageSize,
      ...pageRequest(page, cursors.current),
      ...paging.sort,
      ...listFilterOf(filter),
    },
  });
  const rows = participants.data?.participants;
  const total = participants.data?.totalRecords ?? 0;
  const nextCursor = participants.data?.nextCursor;
  useEffect(() => {
    if (nextCursor) cursors.current.set(page + 1, nextCursor);
  }, [nextCursor, page]);
  // A page left empty (its rows deleted) gives way to the first page.
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0 && !participants.isFetching) restart();
  }, [rows, page, participants.isFetching, restart]);

  const pageIds = (rows ?? []).map((r) => r.participantId);
  return {
    searchText,
    setSearchText,
    filter,
    changeFilter,
    paging,
    participants,
    rows,
    total,
    selected,
    allRecords,
    selectionCount: allRecords ? total : selected.size,
    selection: selectionOf(projectId, filter, selected, allRecords),
    pageIds,
    pageSelected: pageIds.length > 0 && pageIds.every((id) => selected.has(id)),
    /** Tick or untick one row (leaves "all records"). */
    toggle: (id: number, on: boolean) => {
      setAllRecords(false);
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    /** Exactly these rows (the page, one row for its delete icon, or none). */
    selectOnly: (ids: Iterable<number>) => {
      setAllRecords(false);
      setSelected(new Set(ids));
    },
    selectAllRecords: () => setAllRecords(true),
  };
}

export type ParticipantListState = ReturnType<typeof useParticipantListState>;
