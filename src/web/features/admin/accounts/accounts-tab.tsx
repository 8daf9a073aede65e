import { Badge, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListTenantsQuery, type SortDirection, type TenantSummary } from '../../../api/generated/user-service';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { usePermissions } from '../../../lib/use-permissions';
import { formatDateTime } from '../users/format-date-time';
import { PERMISSION } from '../../../../shared/permissions';

/** Tenant list paging (docs/product/admin-accounts.md#account-list): 25 rows a page, pages counted from 0 as the call sends them. */
export const ACCOUNT_PAGE_SIZE = 25;
/** Search debounce (docs/product/admin-accounts.md#account-list). */
export const SEARCH_DEBOUNCE_MS = 1000;

type Sort = { by: 'tenantName' | 'date'; direction: SortDirection };

/** Manage Account (docs/product/admin-accounts.md#account-list): account name and created date sortable (createTs descending first), status, search. */
export function AccountsTab() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<Sort>({ by: 'date', direction: 'desc' });

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const tenants = useListTenantsQuery({
    pageNumber: page,
    pageSize: ACCOUNT_PAGE_SIZE,
    ...(search && { search }),
    [sort.by]: sort.direction,
  });
  const total = tenants.data?.totalTenants ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCOUNT_PAGE_SIZE));

  const columns = useMemo<DataGridColumn<TenantSummary>[]>(
    () => [
      { colId: 'tenantName', field: 'tenantName', headerName: t`Account Name` },
      {
        colId: 'status',
        headerName: t`Status`,
        sortable: false,
        cellRenderer: ({ data }: { data?: TenantSummary }) => (
          <Badge colorPalette={data?.isActive ? 'green' : 'gray'}>{data?.isActive ? t`Active` : t`Inactive`}</Badge>
        ),
      },
      {
        colId: 'date',
        field: 'createTs',
        headerName: t`Created Date`,
        sort: 'desc',
        valueFormatter: ({ value }) => (typeof value === 'string' ? formatDateTime(value, i18n.locale) : ''),
      },
    ],
    [t, i18n.locale],
  );

  return (
    <Stack gap="4">
      <ListToolbar
        testId="accounts"
        search={typed}
        onSearchChange={setTyped}
        addLabel={<Trans>Add Account</Trans>}
        onAdd={
          permissions.has(PERMISSION.TENANT_CREATE) && permissions.isSystemTenant
            ? () => void navigate('/main/admin/tenant/addTenant')
            : undefined
        }
      />
      {tenants.error ? (
        <QueryFailure query={tenants} />
      ) : (
        <>
          <DataGrid<TenantSummary>
            testId="accounts-list"
            rows={tenants.data?.tenantList}
            columns={columns}
            rowId={(row) => String(row.tenantId)}
            loading={tenants.isFetching}
            emptyText={t`There are no records to show.`}
            onRowClicked={(row) => void navigate(`/main/admin/tenant/editTenant/${row.tenantId}`)}
            onSortChanged={(chosen) => {
              setPage(0);
              setSort(
                chosen && (chosen.colId === 'tenantName' || chosen.colId === 'date')
                  ? { by: chosen.colId, direction: chosen.direction }
                  : { by: 'date', direction: 'desc' },
              );
            }}
          />
          <ListPager
            page={page}
            pages={pages}
            onPageChange={setPage}
            testId="accounts"
            summary={
              <Trans>
                Page {page + 1} of {pages} ({total} accounts)
              </Trans>
            }
          />
        </>
      )}
    </Stack>
  );
}
