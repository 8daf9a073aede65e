import { Badge, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import { useDeleteUserMutation, useListAccountUsersQuery, type UserSummary } from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { usePermissions } from '../../../lib/use-permissions';
import { formatDateTime } from './format-date-time';
import { PERMISSION } from '../../../../shared/permissions';

/** Default page size of the user list (docs/product/admin-users.md#user-list, client-side paged). */
export const USER_PAGE_SIZE = 10;

/**
 * Manage Users (docs/product/admin-users.md#user-list): search; user name, role, title, e-mail, status, last login, and a delete action
 * when permitted (with a confirmation); add button; a row click opens the user.
 */
export function UsersTab() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const tenantId = useOperatingTenantId();
  const [search, setSearch] = useState('');
  const [pendingDelete, setPendingDelete] = useState<UserSummary | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const users = useListAccountUsersQuery({ tenantId: tenantId ?? 0 }, { skip: tenantId === undefined });
  const [deleteUser, deletion] = useDeleteUserMutation();
  const canDelete = permissions.has(PERMISSION.TENANT_USERS_DELETE);

  const columns = useMemo<DataGridColumn<UserSummary>[]>(() => {
    const list: DataGridColumn<UserSummary>[] = [
      {
        colId: 'name',
        headerName: t`User Name`,
        valueGetter: ({ data }) => (data ? `${data.firstName} ${data.lastName}` : ''),
        sort: 'asc',
      },
      { field: 'roleName', headerName: t`Role` },
      { field: 'title', headerName: t`Title` },
      { field: 'email', headerName: t`User Email`, minWidth: 200 },
      {
        colId: 'status',
        headerName: t`Status`,
        valueGetter: ({ data }) => (data?.isActive ? t`Active` : t`Inactive`),
        cellRenderer: ({ data }: { data?: UserSummary }) => (
          <Badge colorPalette={data?.isActive ? 'green' : 'gray'}>{data?.isActive ? t`Active` : t`Inactive`}</Badge>
        ),
      },
      {
        colId: 'lastLogin',
        headerName: t`Last Login`,
        valueGetter: ({ data }) => data?.lastLoginDateTime ?? '',
        valueFormatter: ({ value }) => (typeof value === 'string' && value ? formatDateTime(value, i18n.locale) : ''),
      },
    ];
    if (canDelete) {
      list.push({
        colId: 'delete',
        headerName: t`Delete`,
        sortable: false,
        maxWidth: 110,
        cellRenderer: ({ data }: { data?: UserSummary }) =>
          data ? (
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t`Delete ${data.firstName} ${data.lastName}`}
              data-testid={`user-delete-${data.id}`}
              onClick={(event) => {
                event.stopPropagation();
                setPendingDelete(data);
              }}
            >
              <LuTrash2 />
            </IconButton>
          ) : null,
      });
    }
    return list;
  }, [t, i18n.locale, canDelete]);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const result = await deleteUser({ id: pendingDelete.id });
    setPendingDelete(null);
    if ('error' in result) setMessage({ tone: 'error', text: getErrorMessage(result.error, t`Error occurred`) });
    else setMessage({ tone: 'success', text: result.data.data });
  };

  return (
    <Stack gap="4">
      {message?.tone === 'success' ? <SuccessAlert message={message.text} testId="users-success" /> : null}
      {message?.tone === 'error' ? <ErrorAlert message={message.text} onDismiss={() => setMessage(null)} /> : null}
      <ListToolbar
        testId="users"
        search={search}
        onSearchChange={setSearch}
        addLabel={<Trans>Add User</Trans>}
        onAdd={
          permissions.has(PERMISSION.TENANT_USERS_CREATE) ? () => void navigate('/main/admin/users/addUser') : undefined
        }
      />
      <QueryGrid<UserSummary>
        testId="users-list"
        query={users}
        columns={columns}
        rowId={(user) => String(user.id)}
        quickFilter={search}
        pageSize={USER_PAGE_SIZE}
        onRowClicked={(user) => void navigate(`/main/admin/users/editUsers/${user.id}`)}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        tone="danger"
        busy={deletion.isLoading}
        title={<Trans>Delete User</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
        testId="user-delete-confirm"
        confirmTestId="user-delete-confirm-button"
      >
        <Text>
          {pendingDelete ? (
            <Trans>
              Are you sure you want to delete {pendingDelete.firstName} {pendingDelete.lastName}? Their sessions end at
              once.
            </Trans>
          ) : null}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
