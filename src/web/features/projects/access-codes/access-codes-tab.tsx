import { HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useListAccessCodesQuery, type AccessCodeRow } from '../../../api/generated/participant-service';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { QueryFailure } from '../../../components/feedback/load-failure';
import {
  ACCESS_CODE_PAGE_SIZE,
  ACCESS_CODE_SEARCH_DEBOUNCE_MS,
  formatAccessCode,
} from '../../../../shared/participant-rules';
import { useProjectContext } from '../project-page';

/**
 * /main/project/{id}/accesscode (docs/product/access-codes.md#list): the project's access codes, server-paged
 * (100 a page), 'Search IRN and Access Code' with a 1.5 s debounce, codes shown as groups of 3-3-rest.
 */
export function AccessCodesTab() {
  const { permissions } = useProjectContext();
  if (!permissions.has('tenant.project.accesscode.read'))
    return (
      <Text color="fg.muted" data-testid="access-codes-no-permission">
        <Trans>You do not have permission to view access codes.</Trans>
      </Text>
    );
  return <AccessCodeList />;
}

function AccessCodeList() {
  const { t, i18n } = useLingui();
  const { project } = useProjectContext();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);

  // The call goes out 1.5 s after the last key (001 §9).
  useEffect(() => {
    if (searchText.trim() === search) return undefined;
    const timer = setTimeout(() => {
      setPage(0);
      setSearch(searchText.trim());
    }, ACCESS_CODE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const codes = useListAccessCodesQuery({
    projectId: project.projectId,
    body: { page, pageSize: ACCESS_CODE_PAGE_SIZE, ...(search && { search }) },
  });
  const total = codes.data?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCESS_CODE_PAGE_SIZE));

  const columns = useMemo<DataGridColumn<AccessCodeRow>[]>(() => {
    const when = (iso: string | null | undefined) =>
      iso
        ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
        : '';
    const statusLabel = { Available: t`Available`, Assigned: t`Assigned`, Burned: t`Burned` };
    return [
      {
        colId: 'irn',
        headerName: t`Irn`,
        sortable: false,
        minWidth: 140,
        valueGetter: ({ data }) => data?.irnCode ?? '',
      },
      {
        colId: 'code',
        headerName: t`Access Code`,
        sortable: false,
        minWidth: 160,
        cellRenderer: ({ data }: { data?: AccessCodeRow }) =>
          data ? (
            <Text as="span" fontFamily="mono" data-testid={`access-code-${data.participantId}`}>
              {formatAccessCode(data.accessCode)}
            </Text>
          ) : null,
      },
      {
        colId: 'status',
        headerName: t`Status`,
        sortable: false,
        minWidth: 120,
        valueGetter: ({ data }) => (data ? statusLabel[data.status] : ''),
      },
      {
        colId: 'file',
        headerName: t`Source File`,
        sortable: false,
        minWidth: 160,
        valueGetter: ({ data }) => data?.originalFileName ?? '',
      },
      {
        colId: 'type',
        headerName: t`Type`,
        sortable: false,
        minWidth: 110,
        valueGetter: ({ data }) => (data ? (data.is_backup ? t`Backup` : t`Primary`) : ''),
      },
      {
        colId: 'added',
        headerName: t`Date Added`,
        sortable: false,
        minWidth: 180,
        valueGetter: ({ data }) => when(data?.dateAdded),
      },
      {
        colId: 'used',
        headerName: t`Date Used`,
        sortable: false,
        minWidth: 180,
        valueGetter: ({ data }) => when(data?.dateUsed),
      },
    ];
  }, [t, i18n]);

  return (
    <Stack gap="4" data-testid="access-codes-tab">
      <HStack>
        <Input
          maxW="sm"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          placeholder={t`Search IRN and Access Code`}
          aria-label={t`Search IRN and Access Code`}
          data-testid="access-codes-search"
        />
      </HStack>
      {codes.error ? (
        <QueryFailure query={codes} testId="access-codes-failure" />
      ) : (
        <>
          <DataGrid<AccessCodeRow>
            testId="access-codes-list"
            rows={codes.data?.accesscode_list}
            columns={columns}
            rowId={(row) => String(row.participantId)}
            loading={codes.isFetching}
            emptyText={t`There are no records to show.`}
          />
          <ListPager
            page={page}
            pages={pages}
            onPageChange={setPage}
            testId="access-codes"
            summary={
              <Trans>
                Page {page + 1} of {pages} ({total} access codes)
              </Trans>
            }
          />
        </>
      )}
    </Stack>
  );
}
