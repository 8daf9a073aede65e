import { Badge, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  useLazyExportIncompleteCallsQuery,
  useListIncompleteCallsQuery,
  type IncompleteCallQuery,
  type IncompleteCallRow,
} from '../../../api/generated/execution-service';
import { useListTenantProjectsQuery } from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { PagedGrid, type GridSort } from '../../../components/data-grid/paged-grid';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { ReportFilterForm } from '../filters/report-filter-form';
import { ExportButton } from '../filters/report-filters';
import { useReportFilter } from '../filters/use-report-filter';
import { minutesSeconds } from '../../../../shared/report-time';
import { callQuery, CallFilterFields, initialCallFilter, type CallFilterValues } from './call-filters';

type Sort = Pick<IncompleteCallQuery, 'sortBy' | 'sortDirection'>;
const DEFAULT_SORT: Sort = { sortBy: 'date', sortDirection: 'desc' };
/**
 * Sortable columns and the server's sort fields (docs/product/call-reports.md#incomplete-calls: irnno and duration).
 */
const SORT_FIELDS: Record<string, Sort['sortBy']> = {
  interviewReferenceNumber: 'irnno',
  phoneCallDuration: 'duration',
};
const sortOf = (chosen: GridSort): Sort => {
  const field = chosen ? SORT_FIELDS[chosen.colId] : undefined;
  return chosen && field ? { sortBy: field, sortDirection: chosen.direction } : DEFAULT_SORT;
};

/**
 * Incomplete Calls (docs/product/call-reports.md#incomplete-calls): account and project (shown as badges), time
 * zone, days, search, minimum duration, Apply; Data Options Export Records (the page) and Export All Results;
 * the server-paged rows, sortable by IRN and duration.
 */
export function IncompleteCallsTab() {
  const { t } = useLingui();
  const operatingTenantId = useOperatingTenantId();
  const accounts = useListTenantProjectsQuery();
  const initialValues = useMemo(() => initialCallFilter(operatingTenantId), [operatingTenantId]);
  const { values, applied, paging, apply } = useReportFilter<CallFilterValues, IncompleteCallQuery, Sort>({
    initialValues,
    queryOf: callQuery,
    sort: DEFAULT_SORT,
  });
  const sort = paging.sort;
  const [exportRows] = useLazyExportIncompleteCallsQuery();
  const rows = useListIncompleteCallsQuery({
    incompleteCallQuery: { ...applied, ...sort, page: paging.page, pageSize: paging.pageSize },
  });
  const total = rows.data?.totalResults ?? 0;
  const account = accounts.data?.find((a) => String(a.tenantId) === values.tenantId);
  const project = account?.projects.find((p) => String(p.projectId) === values.projectId);

  const columns = useMemo<DataGridColumn<IncompleteCallRow>[]>(
    () => [
      { colId: 'interviewReferenceNumber', field: 'interviewReferenceNumber', headerName: t`Irn` },
      { colId: 'clientName', field: 'clientName', headerName: t`Client Name`, sortable: false },
      { colId: 'dialInNumber', field: 'dialInNumber', headerName: t`800#`, sortable: false },
      { colId: 'accessCode', field: 'accessCode', headerName: t`Access Code`, sortable: false },
      { colId: 'phoneCallInterruptCode', field: 'phoneCallInterruptCode', headerName: t`Reason_Code`, sortable: false },
      {
        colId: 'date',
        field: 'date',
        headerName: t`Call Date Time`,
        sortable: false,
      },
      {
        colId: 'phoneCallDuration',
        field: 'phoneCallDuration',
        headerName: t`Call Duration`,
        valueFormatter: ({ value }) => (typeof value === 'number' ? minutesSeconds(value) : ''),
      },
    ],
    [t],
  );

  return (
    <Stack gap="4" data-testid="incomplete-calls">
      <ReportFilterForm
        testId="incomplete-calls"
        initialValues={initialValues}
        onApply={(formValues) => apply(formValues, rows.refetch)}
        actions={
          <>
            <ExportButton
              testId="incomplete-calls-export-page"
              label={<Trans>Export Records</Trans>}
              disabled={!rows.data?.calls.length}
              onExport={() =>
                exportRows({
                  incompleteCallExport: { ...applied, ...sort, idsToExport: rows.data?.calls.map((r) => r.id) },
                }).unwrap()
              }
            />
            <ExportButton
              testId="incomplete-calls-export-all"
              label={<Trans>Export All Results</Trans>}
              disabled={total === 0}
              onExport={() => exportRows({ incompleteCallExport: { ...applied, ...sort, allRecords: true } }).unwrap()}
            />
          </>
        }
      >
        <CallFilterFields testId="incomplete-calls" searchLabel={t`IRN, access code or reason`} />
      </ReportFilterForm>
      <HStack gap="2" data-testid="incomplete-calls-badges">
        {account ? <Badge>{account.tenantName}</Badge> : null}
        {project ? <Badge colorPalette="brand">{project.name}</Badge> : null}
      </HStack>
      <PagedGrid<IncompleteCallRow, Sort>
        testId="incomplete-calls-list"
        pagerTestId="incomplete-calls"
        errorTestId="incomplete-calls-error"
        query={rows}
        rows={rows.data?.calls}
        total={total}
        paging={paging}
        sortOf={sortOf}
        columns={columns}
        rowId={(row) => String(row.id)}
        summary={({ page, pages }) => (
          <Trans>
            Page {page} of {pages} ({total} calls)
          </Trans>
        )}
      />
    </Stack>
  );
}
