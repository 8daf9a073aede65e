import { Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListClientApplicationsQuery, type ClientApplication } from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { usePermissions } from '../../../lib/use-permissions';
import { PERMISSION } from '../../../../shared/permissions';

/** Client-side page size of the client application list (docs/product/admin-clients-and-secrets.md#client-applications). */
export const CLIENT_APP_PAGE_SIZE = 10;

/** Client Applications (docs/product/admin-clients-and-secrets.md#client-applications): client name and client ID, search, add, row click opens the view. */
export function ClientAppsTab() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [search, setSearch] = useState('');
  const apps = useListClientApplicationsQuery();
  const columns = useMemo<DataGridColumn<ClientApplication>[]>(
    () => [
      { field: 'clientName', headerName: t`Client Name`, sort: 'asc' },
      { field: 'clientId', headerName: t`Client ID`, minWidth: 240 },
    ],
    [t],
  );
  return (
    <Stack gap="4">
      <ListToolbar
        testId="client-apps"
        search={search}
        onSearchChange={setSearch}
        addLabel={<Trans>Add Application</Trans>}
        onAdd={
          permissions.has(PERMISSION.TENANT_CLIENT_APPLICATION_CREATE)
            ? () => void navigate('/main/admin/clientapp/addClientApp')
            : undefined
        }
      />
      <QueryGrid<ClientApplication>
        testId="client-apps-list"
        query={apps}
        columns={columns}
        rowId={(app) => String(app.id)}
        quickFilter={search}
        pageSize={CLIENT_APP_PAGE_SIZE}
        onRowClicked={(app) => void navigate(`/main/admin/clientapp/editClientApp/${app.id}`)}
      />
    </Stack>
  );
}
