import { Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListCallCentersQuery, type CallCenter } from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { usePermissions } from '../../../lib/use-permissions';
import { PERMISSION } from '../../../../shared/permissions';

/** Call centers a page (docs/product/admin-call-centers.md#list: client-side paged). */
export const CALL_CENTER_PAGE_SIZE = 10;

/** Call Centers (docs/product/admin-call-centers.md#list): name, location (address country), languages; add; row click to edit. */
export function CallCentersTab() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [search, setSearch] = useState('');
  const centers = useListCallCentersQuery();
  const columns = useMemo<DataGridColumn<CallCenter>[]>(
    () => [
      { colId: 'name', field: 'name', headerName: t`Name`, sort: 'asc' },
      { colId: 'location', headerName: t`Location`, valueGetter: ({ data }) => data?.address.country ?? '' },
      {
        colId: 'languages',
        headerName: t`Languages`,
        sortable: false,
        valueGetter: ({ data }) => (data?.languages ?? []).map((l) => l.label).join(', '),
      },
    ],
    [t],
  );
  return (
    <Stack gap="4">
      <ListToolbar
        testId="callcenters"
        search={search}
        onSearchChange={setSearch}
        addLabel={<Trans>Add Call Center</Trans>}
        onAdd={
          permissions.has(PERMISSION.CALLCENTER_CREATE)
            ? () => void navigate('/main/admin/callcenters/addCallCenter')
            : undefined
        }
      />
      <QueryGrid<CallCenter>
        testId="callcenters-list"
        query={centers}
        columns={columns}
        rowId={(center) => String(center.id)}
        quickFilter={search}
        pageSize={CALL_CENTER_PAGE_SIZE}
        onRowClicked={(center) => void navigate(`/main/admin/callcenters/editCallCenter/${center.id}`)}
      />
    </Stack>
  );
}
