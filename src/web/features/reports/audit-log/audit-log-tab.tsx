import { Button, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { dayEnd, dayStart } from '../../../../shared/report-time';
import {
  useLazyExportAuditLogQuery,
  useListAuditActivitiesQuery,
  useListAuditLogQuery,
  type AuditLogQuery,
  type AuditRecord,
} from '../../../api/generated/authz-service';
import { useListTenantProjectsQuery } from '../../../api/generated/user-service';
import { getErrorMessage } from '../../../api/error-message';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import {
  dateRangeErrors,
  DateRangeFields,
  DEFAULT_TIMEZONE,
  ExportButton,
  FilterPanel,
  offsetOf,
  REPORT_PAGE_SIZE,
  todayAt,
  type DateRangeValues,
} from '../filters/report-filters';
import { PayloadDialog } from './payload-dialog';

interface AuditFilterValues extends DateRangeValues {
  tenantId: string;
  email: string;
  activity: string;
}

type Sort = Pick<AuditLogQuery, 'sortBy' | 'sortDirection'>;
const SORTABLE = new Set(['event_time', 'email', 'activity', 'ip']);

/** The query of an applied filter: the days as unix seconds at the chosen offset (ADR 0039). */
export function auditQuery(values: AuditFilterValues): AuditLogQuery {
  const offset = offsetOf(values.timezone);
  return {
    tenantId: Number(values.tenantId),
    start_event_time: Math.floor(dayStart(values.startDate, offset) / 1000),
    end_event_time: Math.floor(dayEnd(values.endDate, offset) / 1000),
    displayTimeZone: offset,
    lastEvaluatedKey: 'None',
    ...(values.email.trim() && { email: values.email.trim() }),
    ...(values.activity && { activity: values.activity }),
  };
}

/**
 * Audit Log (docs/product/reports.md#audit-log): account (the user's own by default), time zone, a day range
 * (today by default), e-mail search and activity, Apply; the server-paged, server-sorted records; the payload
 * in a dialog; Export of every matching record as xlsx (docs/product/reports.md#audit-log).
 */
export function AuditLogTab() {
  const { t } = useLingui();
  const operatingTenantId = useOperatingTenantId();
  const accounts = useListTenantProjectsQuery();
  const activities = useListAuditActivitiesQuery();
  const [exportAudit] = useLazyExportAuditLogQuery();
  const initialValues = useMemo<AuditFilterValues>(
    () => ({
      tenantId: String(operatingTenantId ?? ''),
      timezone: DEFAULT_TIMEZONE,
      startDate: todayAt(DEFAULT_TIMEZONE),
      endDate: todayAt(DEFAULT_TIMEZONE),
      email: '',
      activity: '',
    }),
    [operatingTenantId],
  );
  const [applied, setApplied] = useState<AuditLogQuery>(() => auditQuery(initialValues));
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<Sort>({ sortBy: 'event_time', sortDirection: 'desc' });
  const [payload, setPayload] = useState<string | null>(null);

  const records = useListAuditLogQuery({
    auditLogQuery: { ...applied, ...sort, page, limit: REPORT_PAGE_SIZE },
  });
  const total = records.data?.totalResults ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));

  const accountOptions = (accounts.data ?? []).map((a) => ({ value: String(a.tenantId), label: a.tenantName }));
  const activityOptions = (activities.data?.activities ?? []).map((a) => ({ value: a, label: a }));

  const columns = useMemo<DataGridColumn<AuditRecord>[]>(
    () => [
      { colId: 'tenantName', field: 'tenantName', headerName: t`Client Name`, sortable: false },
      { colId: 'email', field: 'email', headerName: t`Email` },
      { colId: 'event_time', field: 'eventTimeString', headerName: t`Date`, sort: 'desc' },
      { colId: 'activity', field: 'activity', headerName: t`Activity` },
      { colId: 'ip', field: 'ip', headerName: t`IP` },
      {
        colId: 'tokenIssueTime',
        field: 'tokenIssueTimeString',
        headerName: t`Token Issue Time`,
        sortable: false,
        valueFormatter: ({ value }) => (typeof value === 'string' ? `${value} -07:00` : ''),
      },
      {
        colId: 'payload',
        headerName: t`Payload`,
        sortable: false,
        cellRenderer: ({ data }: { data?: AuditRecord }) =>
          data ? (
            <Button
              size="xs"
              variant="ghost"
              onClick={() => setPayload(data.complete_msg)}
              data-testid={`audit-payload-${data.id}`}
            >
              <Trans>View</Trans>
            </Button>
          ) : null,
      },
    ],
    [t],
  );

  return (
    <Stack gap="4" data-testid="audit-log">
      <Form<AuditFilterValues>
        initialValues={initialValues}
        validate={(values) => dateRangeErrors(values, t`End Date must be greater than Start Date`)}
        onSubmit={(values) => {
          const next = auditQuery(values);
          // Apply always reloads: the same filter again asks the server again.
          if (JSON.stringify(next) === JSON.stringify(applied) && page === 0) void records.refetch();
          setApplied(next);
          setPage(0);
        }}
        render={({ handleSubmit, invalid }) => (
          <form onSubmit={(event) => void handleSubmit(event)}>
            <FilterPanel
              testId="audit"
              applyDisabled={invalid ?? false}
              actions={
                <ExportButton
                  testId="audit-export"
                  label={<Trans>Export</Trans>}
                  onExport={() => exportAudit({ auditLogQuery: { ...applied, ...sort } }).unwrap()}
                />
              }
            >
              <SelectField
                name="tenantId"
                label={t`Account`}
                options={accountOptions}
                disabled={accountOptions.length < 2}
                testId="audit-account"
              />
              <DateRangeFields testId="audit" />
              <TextField name="email" label={t`Email`} placeholder={t`Search by email`} testId="audit-email" />
              <SelectField
                name="activity"
                label={t`Activity`}
                options={activityOptions}
                placeholder={t`All activities`}
                testId="audit-activity"
              />
            </FilterPanel>
          </form>
        )}
      />
      {records.error ? (
        <ErrorAlert message={getErrorMessage(records.error, t`Something went wrong`)} testId="audit-error" />
      ) : null}
      {records.isSuccess && !records.isFetching && total === 0 ? (
        <SuccessAlert message={t`There are no records to show.`} testId="audit-empty" />
      ) : null}
      <DataGrid<AuditRecord>
        testId="audit-list"
        rows={records.error ? [] : records.data?.data}
        columns={columns}
        rowId={(row) => String(row.id)}
        loading={records.isFetching}
        emptyText={t`There are no records to show.`}
        onSortChanged={(chosen) => {
          setPage(0);
          setSort(
            chosen && SORTABLE.has(chosen.colId)
              ? { sortBy: chosen.colId as Sort['sortBy'], sortDirection: chosen.direction }
              : { sortBy: 'event_time', sortDirection: 'desc' },
          );
        }}
      />
      <ListPager
        page={page}
        pages={pages}
        onPageChange={setPage}
        testId="audit"
        summary={
          <Trans>
            Page {page + 1} of {pages} ({total} records)
          </Trans>
        }
      />
      <PayloadDialog payload={payload} onClose={() => setPayload(null)} />
    </Stack>
  );
}
