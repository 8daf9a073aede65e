import { Badge, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  useLazyExportCallRecordsQuery,
  useListCallRecordsQuery,
  type CallRecordQuery,
  type CallRecordRow,
} from '../../../api/generated/execution-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { PagedGrid } from '../../../components/data-grid/paged-grid';
import { SelectField } from '../../../components/form/select-field';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { ReportFilterForm } from '../filters/report-filter-form';
import { ExportButton } from '../filters/report-filters';
import { useReportFilter } from '../filters/use-report-filter';
import { selectColumn, SelectionCount, useReportSelection } from '../filters/report-selection';
import { minutesSeconds } from '../../../../shared/report-time';
import { TELCO_PROVIDERS, type TelcoProviderKey } from '../../../../shared/telco-providers';
import { callQuery, CallFilterFields, initialCallFilter, type CallFilterValues } from './call-filters';

interface CallRecordFilterValues extends CallFilterValues {
  /** A carrier key of TELCO_PROVIDERS, or '' for every carrier. */
  telcoProvider: TelcoProviderKey | '';
}

const callId = (row: CallRecordRow) => row.id;

const queryOf = (values: CallRecordFilterValues): CallRecordQuery => ({
  ...callQuery(values),
  ...(values.telcoProvider && { telcoProvider: values.telcoProvider }),
});

/**
 * Call Records (docs/product/call-reports.md#call-records): account, project, time zone, days, search, call
 * duration and carrier, Apply; the server-paged calls; the selected calls (or all the filter finds) exported
 * as callrecords.xlsx.
 */
export function CallRecordsTab() {
  const { t } = useLingui();
  const operatingTenantId = useOperatingTenantId();
  const initialValues = useMemo<CallRecordFilterValues>(
    () => ({ ...initialCallFilter(operatingTenantId), telcoProvider: '' }),
    [operatingTenantId],
  );
  const selection = useReportSelection(callId);
  const { applied, paging, apply } = useReportFilter({
    initialValues,
    queryOf,
    sort: null,
    onRestart: selection.clear,
  });
  const [exportCalls] = useLazyExportCallRecordsQuery();
  const calls = useListCallRecordsQuery({
    callRecordQuery: { ...applied, page: paging.page, pageSize: paging.pageSize },
  });
  const total = calls.data?.totalResults ?? 0;
  const rows = calls.data?.calls;

  const columns = useMemo<DataGridColumn<CallRecordRow>[]>(() => {
    const statusLabel = { COMPLETED: t`Completed`, INCOMPLETE: t`Incomplete`, NO_RESULT: t`No result` };
    return [
      // The column's header is a checkbox that selects or clears every call of the page (issue 25 item 11).
      selectColumn({
        selection,
        pageRows: rows ?? [],
        idOf: callId,
        testId: 'call-records',
        headerName: t`Select`,
        pageLabel: t`Select every call on this page`,
        rowLabel: (row) => t`Select call ${row.callId}`,
      }),
      { colId: 'providerName', field: 'providerName', headerName: t`Telco`, sortable: false },
      { colId: 'dialInNumber', field: 'dialInNumber', headerName: t`Number Dialled`, sortable: false },
      { colId: 'callerNumber', field: 'callerNumber', headerName: t`Caller Id`, sortable: false },
      {
        colId: 'callDateTimeString',
        field: 'callDateTimeString',
        headerName: t`Call Date Time`,
        sortable: false,
      },
      {
        colId: 'durationSeconds',
        field: 'durationSeconds',
        headerName: t`Duration`,
        sortable: false,
        valueFormatter: ({ value }) => (typeof value === 'number' ? minutesSeconds(value) : ''),
      },
      { colId: 'destinationNumber', field: 'destinationNumber', headerName: t`Destination`, sortable: false },
      {
        colId: 'status',
        field: 'status',
        headerName: t`Status`,
        sortable: false,
        cellRenderer: ({ data }: { data?: CallRecordRow }) =>
          data ? (
            <Badge
              colorPalette={data.status === 'COMPLETED' ? 'green' : data.status === 'INCOMPLETE' ? 'orange' : 'gray'}
            >
              {statusLabel[data.status]}
            </Badge>
          ) : null,
      },
    ];
  }, [t, selection, rows]);

  return (
    <Stack gap="4" data-testid="call-records">
      <ReportFilterForm
        testId="call-records"
        initialValues={initialValues}
        onApply={(values) => apply(values, calls.refetch)}
        actions={
          <>
            <ExportButton
              testId="call-records-export-selected"
              label={<Trans>Export Selected</Trans>}
              disabled={selection.selected.size === 0}
              onExport={() =>
                exportCalls({ callRecordExport: { ...applied, callIdsToExport: selection.ids } }).unwrap()
              }
            />
            <ExportButton
              testId="call-records-export-all"
              label={<Trans>Export All</Trans>}
              disabled={total === 0}
              onExport={() => exportCalls({ callRecordExport: { ...applied, allRecords: true } }).unwrap()}
            />
          </>
        }
      >
        <CallFilterFields testId="call-records" searchLabel={t`IRN, access code or number`} />
        <SelectField
          name="telcoProvider"
          label={t`Telephony Carrier`}
          placeholder={t`All carriers`}
          options={TELCO_PROVIDERS.map((p) => ({
            value: p.key,
            label: p.key === 'TOLL_FREE_FORWARDING' ? t`Toll-Free Forwarding` : p.name,
          }))}
          testId="call-records-carrier"
        />
      </ReportFilterForm>
      <PagedGrid<CallRecordRow, null>
        testId="call-records-list"
        pagerTestId="call-records"
        errorTestId="call-records-error"
        query={calls}
        rows={rows}
        total={total}
        paging={paging}
        columns={columns}
        rowId={(row) => String(row.id)}
        summary={({ page, pages }) => (
          <Trans>
            Page {page} of {pages} ({total} calls)
          </Trans>
        )}
      >
        <SelectionCount count={selection.selected.size} testId="call-records-selection" />
      </PagedGrid>
    </Stack>
  );
}
