import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  useLazyExportAuditLogQuery,
  useListAuditActivitiesQuery,
  useListAuditLogQuery,
  type AuditLogQuery,
  type AuditRecord,
} from '../../../api/generated/authz-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { serverSortOf } from '../../../components/data-grid/server-sort';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { useAccountOptions } from '../filters/account-project-fields';
import {
  DateRangeFields,
  DEFAULT_TIMEZONE,
  offsetOf,
  todayAt,
  zoneOf,
  type DateRangeValues,
} from '../filters/report-filters';
import { ReportTab } from '../filters/report-tab';
import { useReportFilter } from '../filters/use-report-filter';
import { dayEndIn, dayStartIn } from '../../../lib/zoned-time/zoned-time';
import { PayloadDialog } from './payload-dialog';

interface AuditFilterValues extends DateRangeValues {
  tenantId: string;
  email: string;
  activity: string;
}

type Sort = Pick<AuditLogQuery, 'sortBy' | 'sortDirection'>;
const DEFAULT_SORT: Sort = { sortBy: 'event_time', sortDirection: 'desc' };
const sortOf = serverSortOf<Sort>(['event_time', 'email', 'activity', 'ip'], DEFAULT_SORT);

/**
 * The query of an applied filter: the days as unix seconds in the chosen zone, by its daylight-saving rules
 * (ADR 0039, ADR 0097); the times are written in that zone (timeZone, ADR 0101).
 */
export function auditQuery(values: AuditFilterValues): AuditLogQuery {
  const zone = zoneOf(values.timezone);
  return {
    tenantId: Number(values.tenantId),
    start_event_time: Math.floor(dayStartIn(values.startDate, zone) / 1000),
    end_event_time: Math.floor(dayEndIn(values.endDate, zone) / 1000),
    displayTimeZone: offsetOf(values),
    timeZone: zone,
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
  const accountOptions = useAccountOptions();
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
  const { applied, paging, apply } = useReportFilter({
    initialValues,
    queryOf: auditQuery,
    sort: DEFAULT_SORT,
  });
  const [payload, setPayload] = useState<string | null>(null);

  const records = useListAuditLogQuery({
    auditLogQuery: { ...applied, ...paging.sort, page: paging.page, limit: paging.pageSize },
  });
  const total = records.data?.totalResults ?? 0;

  const activityOptions = (activities.data?.activities ?? []).map((a) => ({ value: a, label: a }));

  const columns = useMemo<DataGridColumn<AuditRecord>[]>(
    () => [
      { colId: 'tenantName', field: 'tenantName', headerName: t`Client Name`, sortable: false },
      { colId: 'email', field: 'email', headerName: t`Email` },
      {
        colId: 'event_time',
        field: 'eventTimeString',
        headerName: t`Date`,
        sort: 'desc',
      },
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
    <ReportTab<AuditFilterValues, AuditRecord, Sort>
      tabTestId="audit-log"
      testId="audit"
      initialValues={initialValues}
      onApply={(values) => apply(values, records.refetch)}
      exportLabel={<Trans>Export</Trans>}
      onExport={() => exportAudit({ auditLogQuery: { ...applied, ...paging.sort } }).unwrap()}
      fields={
        <>
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
        </>
      }
      notice={
        records.isSuccess && !records.isFetching && total === 0 ? (
          <SuccessAlert message={t`There are no records to show.`} testId="audit-empty" />
        ) : null
      }
      grid={{
        query: records,
        rows: records.data?.data,
        total,
        paging,
        sortOf,
        columns,
        rowId: (row) => String(row.id),
      }}
    >
      <PayloadDialog payload={payload} onClose={() => setPayload(null)} />
    </ReportTab>
  );
}
