import { Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListRolesQuery, type Role } from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { usePermissions } from '../../../lib/use-permissions';
import { PERMISSION } from '../../../../shared/permissions';

/** Default page size of the role list (docs/product/admin-roles-and-permissions.md#roles, client-side paged). */
export const ROLE_PAGE_SIZE = 10;

/** Manage Roles (docs/product/admin-roles-and-permissions.md#roles): role and description columns, search, add button to addRole. */
export function RolesTab() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [search, setSearch] = useState('');
  const roles = useListRolesQuery();
  const columns = useMemo<DataGridColumn<Role>[]>(
    () => [
      { field: 'name', headerName: t`Role`, sort: 'asc' },
      {
        field: 'description',
        headerName: t`Description`,
        valueFormatter: ({ value }) => (typeof value === 'string' ? value : ''),
      },
    ],
    [t],
  );
  return (
    <Stack gap="4">
      <ListToolbar
        testId="roles"
        search={search}
        onSearchChange={setSearch}
        addLabel={<Trans>Add Role</Trans>}
        onAdd={
          permissions.has(PERMISSION.TENANT_ROLES_PERMISSIONS_CREATE)
            ? () => void navigate('/main/admin/roles/addRole')
            : undefined
        }
      />
      <QueryGrid<Role>
        testId="roles-list"
        query={roles}
        columns={columns}
        rowId={(role) => String(role.roleId)}
        quickFilter={search}
        pageSize={ROLE_PAGE_SIZE}
      />
    </Stack>
  );
}
