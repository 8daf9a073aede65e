import { Button, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { getErrorMessage } from '../../../api/error-message';
import {
  useListBackendDataLogsQuery,
  type BackendLogQuery,
  type BackendLogRecord,
} from '../../../api/generated/execution-service';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { TextField } from '../../../components/form/text-field';
import { PayloadDialog } from '../audit-log/payload-dialog';
import {
  dateRangeErrors,
  DateRangeFields,
  FilterPanel,
  offsetOf,
  REPORT_PAGE_SIZE,
  type DateRangeValues,
} from '../filters/report-filters';
import { initialCallFilter } from './call-filters';

interface LogFilterValues extends DateRangeValues {
  search: string;
}

const queryOf = (values: LogFilterValues): BackendLogQuery => ({
  displayTimeZone: offsetOf(values.timezone),
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
  const [applied, setApplied] = useState<BackendLogQuery>(() => queryOf(initialValues));
  const [page, setPage] = useState(0);
  const [payload, setPayload] = useState<string | null>(null);
  const logs = useListBackendDataLogsQuery({ backendLogQuery: { ...applied, page, pageSize: REPORT_PAGE_SIZE } });
  const total = logs.data?.totalResults ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));

  const columns = useMemo<DataGridColumn<BackendLogRecord>[]>(
    () => [
      { colId: 'uploadedAt', field: 'uploadedAt', headerName: t`Upload Date`, sortable: false },
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
              onClick={() => setPayload(data.uploadedResult)}
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
        valueFormatter: ({ value }) => (typeof value === 'string' && value ? value : 'NA'),
      },
    ],
    [t],
  );

  return (
    <Stack gap="4" data-testid="backend-data">
      <Form<LogFilterValues>
        initialValues={initialValues}
        validate={(values) => dateRangeErrors(values, t`End Date must be greater than Start Date`)}
        onSubmit={(values) => {
          const next = queryOf(values);
          if (JSON.stringify(next) === JSON.stringify(applied) && page === 0) void logs.refetch();
          setApplied(next);
          setPage(0);
        }}
        render={({ handleSubmit, invalid }) => (
          <form onSubmit={(event) => void handleSubmit(event)}>
            <FilterPanel testId="backend-data" applyDisabled={invalid ?? false}>
              <TextField
                name="search"
                label={t`Search`}
                placeholder={t`Payload or run id`}
                testId="backend-data-search"
              />
              <DateRangeFields testId="backend-data" />
            </FilterPanel>
          </form>
        )}
      />
      {logs.error ? (
        <ErrorAlert message={getErrorMessage(logs.error, t`Something went wrong`)} testId="backend-data-error" />
      ) : null}
      <DataGrid<BackendLogRecord>
        testId="backend-data-list"
        rows={logs.error ? [] : logs.data?.resultAuditLogs}
        columns={columns}
        rowId={(row) => String(row.id)}
        loading={logs.isFetching}
        emptyText={t`There are no records to show.`}
      />
      <ListPager
        page={page}
        pages={pages}
        onPageChange={setPage}
        testId="backend-data"
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
