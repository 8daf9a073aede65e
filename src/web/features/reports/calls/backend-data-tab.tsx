import { Button, Stack } from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '../../../api/error-message';
import {
  useListBackendDataLogsQuery,
  useRepostBackendDataMutation,
  type BackendLogQuery,
  type BackendLogRecord,
  type RepostBackendDataApiArg,
} from '../../../api/generated/execution-service';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { usePermissions } from '../../../lib/use-permissions';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { PagedGrid } from '../../../components/data-grid/paged-grid';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { PayloadDialog } from '../audit-log/payload-dialog';
import { ReportFilterForm } from '../filters/report-filter-form';
import { DateRangeFields, offsetOf, zoneOf, type DateRangeValues } from '../filters/report-filters';
import { useReportFilter } from '../filters/use-report-filter';
import { initialCallFilter } from './call-filters';
import { PERMISSION } from '../../../../shared/permissions';

interface LogFilterValues extends DateRangeValues {
  search: string;
}

const queryOf = (values: LogFilterValues): BackendLogQuery => ({
  displayTimeZone: offsetOf(values),
  timeZone: zoneOf(values.timezone),
  startDate: values.startDate,
  endDate: values.endDate,
  ...(values.search.trim() && { search: values.search.trim() }),
});

/**
 * Backend Data Log (docs/product/call-reports.md#backend-data-log): search, time zone, days, Apply; each post the
 * intake accepted with its upload date, payload (opened in a dialog with Copy) and DEBUG_INFO (run id, or NA).
 */
export function BackendDataTab() {
  const { t } = useLingui();
  const initialValues = useMemo<LogFilterValues>(() => {
    const { timezone, startDate, endDate } = initialCallFilter(null);
    return { timezone, startDate, endDate, search: '' };
  }, []);
  const { applied, paging, apply } = useReportFilter({ initialValues, queryOf, sort: null });
  const [payload, setPayload] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reposted, setReposted] = useState(false);
  const [repostError, setRepostError] = useState<string | null>(null);
  const [repost, reposting] = useRepostBackendDataMutation();
  const canRepost = usePermissions().has(PERMISSION.TENANT_RESULT_REPOST_CREATE);
  const open = (text: string | null) => {
    setPayload(text);
    setReposted(false);
    setRepostError(null);
  };
  /**
   * docs/product/call-reports.md#repost: open the payload, confirm, post the parsed payload, 'Result Reposted
   * Sucessfully'.
   */
  const confirmRepost = async () => {
    const text = payload ?? '{}';
    setConfirming(false);
    setPayload(null);
    setRepostError(null);
    try {
      await repost({ body: JSON.parse(text) as RepostBackendDataApiArg['body'] }).unwrap();
      setReposted(true);
    } catch (failure) {
      setRepostError(getErrorMessage(failure, t`Something went wrong`));
    }
  };
  const logs = useListBackendDataLogsQuery({
    backendLogQuery: { ...applied, page: paging.page, pageSize: paging.pageSize },
  });
  const total = logs.data?.totalResults ?? 0;

  const columns = useMemo<DataGridColumn<BackendLogRecord>[]>(
    () => [
      {
        colId: 'uploadedAt',
        field: 'uploadedAt',
        headerName: t`Upload Date`,
        sortable: false,
      },
      {
        colId: 'payload',
        headerName: t`Payload`,
        sortable: false,
        flex: 2,
        cellRenderer: ({ data }: { data?: BackendLogRecord }) =>
          data ? (
            <Button
              size="xs"
              variant="ghost"
              onClick={() => open(data.uploadedResult)}
              data-testid={`backend-data-payload-${data.id}`}
            >
              {data.uploadedResult.slice(0, 60)}
            </Button>
          ) : null,
      },
      {
        colId: 'runId',
        field: 'runId',
        headerName: t`DEBUG_INFO`,
        sortable: false,
        flex: 1,
        // A post the intake refused shows why, so the operator knows what to fix before a repost.
        valueFormatter: ({ value, data }: { value: unknown; data?: BackendLogRecord }) => {
          const runId = typeof value === 'string' && value ? value : 'NA';
          return data?.refusal ? t`${runId} · Refused: ${data.refusal}` : runId;
        },
      },
    ],
    [t],
  );

  return (
    <Stack gap="4" data-testid="backend-data">
      <ReportFilterForm
        testId="backend-data"
        initialValues={initialValues}
        onApply={(values) => apply(values, logs.refetch)}
      >
        <TextField name="search" label={t`Search`} placeholder={t`Payload or run id`} testId="backend-data-search" />
        <DateRangeFields testId="backend-data" />
      </ReportFilterForm>
      <PagedGrid<BackendLogRecord, null>
        testId="backend-data-list"
        pagerTestId="backend-data"
        errorTestId="backend-data-error"
        query={logs}
        rows={logs.data?.resultAuditLogs}
        total={total}
        paging={paging}
        columns={columns}
        rowId={(row) => String(row.id)}
      />
      {reposted ? <SuccessAlert message={t`Result Reposted Sucessfully`} testId="backend-data-reposted" /> : null}
      {repostError ? (
        <ErrorAlert message={repostError} onDismiss={() => setRepostError(null)} testId="backend-data-repost-error" />
      ) : null}
      <PayloadDialog
        payload={confirming ? null : payload}
        onClose={() => {
          if (!confirming) setPayload(null);
        }}
        actions={
          canRepost ? (
            <Button
              colorPalette="brand"
              loading={reposting.isLoading}
              onClick={() => setConfirming(true)}
              data-testid="backend-data-repost"
            >
              <LuSend />
              <Trans>Repost</Trans>
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={confirming}
        confirmLabel={<Trans>Repost</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        onConfirm={() => void confirmRepost()}
        onCancel={() => setConfirming(false)}
        busy={reposting.isLoading}
        testId="backend-data-repost-confirm"
        confirmTestId="backend-data-repost-confirm-button"
        cancelTestId="backend-data-repost-cancel-button"
      >
        <Trans>Do you really want to repost result?</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
