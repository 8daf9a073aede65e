import { Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useListAttributesByLanguageQuery } from '../../../api/generated/project-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { usePermissions } from '../../../lib/use-permissions';
import { matchesFieldName, pairLookupRows, type LookupPair } from '../../../../shared/lookup-rules';
import { editLookupPath } from './lookup-values';
import { PERMISSION } from '../../../../shared/permissions';

/** Default page size of the lookup list (docs/product/admin-lookups.md#lookup-list, client-side paged). */
export const LOOKUP_PAGE_SIZE = 10;

type LookupRowView = LookupPair & { status: string };

/**
 * Manage Lookups (docs/product/admin-lookups.md#lookup-list): one row per value with its English and Spanish
 * texts side by side, STAGE and STATUS hidden, searched by the exact field name.
 */
export function LookupsTab() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [search, setSearch] = useState('');
  const lookups = useListAttributesByLanguageQuery({});
  const pairs = useMemo(
    () => (lookups.data ? pairLookupRows(lookups.data.tenantAttributes) : undefined),
    [lookups.data],
  );
  // The status as text: a boolean column would be drawn as a checkbox.
  const shown = useMemo(
    () =>
      pairs
        ?.filter((pair) => matchesFieldName(pair, search))
        .map((pair) => ({ ...pair, status: pair.active ? t`Active` : t`Inactive` })),
    [pairs, search, t],
  );
  const columns = useMemo<DataGridColumn<LookupRowView>[]>(
    () => [
      { field: 'attributeType', headerName: t`Field Name` },
      { field: 'englishValue', headerName: t`English` },
      { field: 'spanishValue', headerName: t`Spanish` },
      { field: 'status', headerName: t`Status` },
    ],
    [t],
  );
  return (
    <Stack gap="4">
      <ListToolbar
        testId="lookups"
        search={search}
        onSearchChange={setSearch}
        addLabel={<Trans>Add Lookup</Trans>}
        onAdd={
          permissions.has(PERMISSION.TENANT_PROJECT_LOOKUPVALUES_CREATE)
            ? () => void navigate('/main/admin/lookups/addLookup')
            : undefined
        }
      />
      <QueryGrid<LookupRowView>
        testId="lookups-list"
        query={{ ...lookups, data: shown }}
        columns={columns}
        rowId={(pair) => `${pair.attributeType}-${pair.attributeId}`}
        pageSize={LOOKUP_PAGE_SIZE}
        onRowClicked={(pair) => void navigate(editLookupPath(pair))}
      />
    </Stack>
  );
}
