import { useEffect, useState } from 'react';
import {
  useBurnAccessCodesMutation,
  useListAccessCodesQuery,
  type AccessCodeRow,
} from '../../api/generated/project-service';
import { useServerPaging } from '../../components/data-grid/use-server-paging';
import { ACCESS_CODE_PAGE_SIZE, ACCESS_CODE_SEARCH_DEBOUNCE_MS } from '../../../shared/participant-rules';

export type CodeStatus = AccessCodeRow['status'];
export type CodeType = '' | 'primary' | 'backup';

/**
 * The View Codes table's state (docs/product/access-codes.md): the search with its 1.5 s debounce, the status,
 * type and test-code filters, server paging and the ticked Available codes. A filter, search or page size change
 * starts again from the first page; that or another page forgets the ticks.
 */
export function useAccessCodeListState(projectId: number) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CodeStatus | ''>('');
  const [type, setType] = useState<CodeType>('');
  const [testOnly, setTestOnly] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [burn] = useBurnAccessCodesMutation();
  const clearSelection = () => setSelected(new Set());
  const paging = useServerPaging<null>({
    pageSize: ACCESS_CODE_PAGE_SIZE,
    sort: null,
    onRestart: clearSelection,
    onPageChange: clearSelection,
  });
  const { restart } = paging;

  // The call goes out 1.5 s after the last key (docs/product/access-codes.md).
  useEffect(() => {
    if (searchText.trim() === search) return undefined;
    const timer = setTimeout(() => {
      restart();
      setSearch(searchText.trim());
    }, ACCESS_CODE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search, restart]);

  const codes = useListAccessCodesQuery(
    {
      body: {
        projectId,
        page: paging.page,
        pageSize: paging.pageSize,
        ...(search && { search }),
        ...(status && { status: [status] }),
        ...(type && { isBackup: type === 'backup' }),
        ...(testOnly && { isTestAccessCode: true }),
      },
    },
    { refetchOnMountOrArgChange: true },
  );

  return {
    searchText,
    setSearchText,
    status,
    type,
    testOnly,
    paging,
    codes,
    total: codes.data?.total_count ?? 0,
    selected,
    setStatus: (next: CodeStatus | '') => {
      restart();
      setStatus(next);
    },
    setType: (next: CodeType) => {
      restart();
      setType(next);
    },
    toggleTestOnly: () => {
      restart();
      setTestOnly((on) => !on);
    },
    toggle: (id: number, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    /** Burn Code: the ticked Available codes; a failure is silently ignored, the list reloads (its tag). */
    burnSelected: async () => {
      if (!selected.size) return;
      await burn({ body: { projectId, accessCodeIds: [...selected] } });
      clearSelection();
    },
  };
}
