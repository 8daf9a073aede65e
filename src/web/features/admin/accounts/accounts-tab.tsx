import { Badge, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListTenantsQuery, type SortDirection, type TenantSummary } from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { PagedGrid, type GridSort } from '../../../components/data-grid/paged-grid';
import { useServerPaging } from '../../../components/data-grid/use-server-paging';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { usePermissions } from '../../../lib/use-permissions';
import { formatDateTime } from '../users/format-date-time';
import { PERMISSION } from '../../../../shared/permissions';

/** Tenant list paging (docs/product/admin-accounts.md#account-list): 25 rows a page, pages counted from 0 as the call sends them. */
export const ACCOUNT_PAGE_SIZE = 25;
/** Search debounce (docs/product/admin-accounts.md#account-list). */
export const SEARCH_DEBOUNCE_MS = 1000;

type Sort = { by: 'tenantName' | 'date'; direction: SortDirection };
const DEFAULT_SORT: Sort = { by: 'date', direction: 'desc' };
const sortOf = (chosen: GridSort): Sort =>
  chosen && (chosen.colId === 'tenantName' || chosen.colId === 'date')
    ? { by: chosen.colId, direction: chosen.direction }
    : DEFAULT_SORT;

/** Manage Account (docs/product/admin-accounts.md#account-list): account name and created date sortable (createTs descending first), status, search. */
export function AccountsTab() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const paging = useServerPaging<Sort>({ pageSize: ACCOUNT_PAGE_SIZE, sort: DEFAULT_SORT });
  const { restart } = paging;

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      restart();
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, restart]);

  const tenants = useListTenantsQuery({
    pageNumber: paging.page,
    pageSize: paging.pageSize,
    ...(search && { search }),
    [paging.sort.by]: paging.sort.direction,
  });
  const total = tenants.data?.totalTenants ?? 0;

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
      <PagedGrid<TenantSummary, Sort>
        testId="accounts-list"
        pagerTestId="accounts"
        query={tenants}
        rows={tenants.data?.tenantList}
        total={total}
        paging={paging}
        sortOf={sortOf}
        columns={columns}
        rowId={(row) => String(row.tenantId)}
        onRowClicked={(row) => void navigate(`/main/admin/tenant/editTenant/${row.tenantId}`)}
        summary={({ page, pages, total: count }) => (
          <Trans>
            Page {page} of {pages} ({count} accounts)
          </Trans>
        )}
      />
    </Stack>
  );
}
