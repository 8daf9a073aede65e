import { Badge, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { getErrorMessage } from '../../../api/error-message';
import {
  useLazyExportIncompleteCallsQuery,
  useListIncompleteCallsQuery,
  type IncompleteCallQuery,
  type IncompleteCallRow,
} from '../../../api/generated/execution-service';
import { useListTenantProjectsQuery } from '../../../api/generated/user-service';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { dateRangeErrors, ExportButton, FilterPanel, REPORT_PAGE_SIZE } from '../filters/report-filters';
import { minutesSeconds } from '../../../../shared/report-time';
import { callQuery, CallFilterFields, initialCallFilter, type CallFilterValues } from './call-filters';

type Sort = Pick<IncompleteCallQuery, 'sortBy' | 'sortDirection'>;
const DEFAULT_SORT: Sort = { sortBy: 'date', sortDirection: 'desc' };
/** Sortable columns and the server's sort fields (002 §2.4: irnno and duration). */
const SORT_FIELDS: Record<string, Sort['sortBy']> = {
  interviewReferenceNumber: 'irnno',
  phoneCallDuration: 'duration',
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
  const [values, setValues] = useState<CallFilterValues>(initialValues);
  const [applied, setApplied] = useState<IncompleteCallQuery>(() => callQuery(initialValues));
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [exportRows] = useLazyExportIncompleteCallsQuery();
  const rows = useListIncompleteCallsQuery({
    incompleteCallQuery: { ...applied, ...sort, page, pageSize: REPORT_PAGE_SIZE },
  });
  const total = rows.data?.totalResults ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
  const account = accounts.data?.find((a) => String(a.tenantId) === values.tenantId);
  const project = account?.projects.find((p) => String(p.projectId) === values.projectId);

  const columns = useMemo<DataGridColumn<IncompleteCallRow>[]>(
    () => [
      { colId: 'interviewReferenceNumber', field: 'interviewReferenceNumber', headerName: t`Irn` },
      { colId: 'clientName', field: 'clientName', headerName: t`Client Name`, sortable: false },
      { colId: 'dialInNumber', field: 'dialInNumber', headerName: t`800#`, sortable: false },
      { colId: 'accessCode', field: 'accessCode', headerName: t`Access Code`, sortable: false },
      { colId: 'phoneCallInterruptCode', field: 'phoneCallInterruptCode', headerName: t`Reason_Code`, sortable: false },
      { colId: 'date', field: 'date', headerName: t`Call Date Time`, sortable: false },
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
      <Form<CallFilterValues>
        initialValues={initialValues}
        validate={(formValues) => dateRangeErrors(formValues, t`End Date must be greater than Start Date`)}
        onSubmit={(formValues) => {
          const next = callQuery(formValues);
          if (JSON.stringify(next) === JSON.stringify(applied) && page === 0) void rows.refetch();
          setValues(formValues);
          setApplied(next);
          setPage(0);
        }}
        render={({ handleSubmit, invalid }) => (
          <form onSubmit={(event) => void handleSubmit(event)}>
            <FilterPanel
              testId="incomplete-calls"
              applyDisabled={invalid ?? false}
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
                    onExport={() =>
                      exportRows({ incompleteCallExport: { ...applied, ...sort, allRecords: true } }).unwrap()
                    }
                  />
                </>
              }
            >
              <CallFilterFields testId="incomplete-calls" searchLabel={t`IRN, access code or reason`} />
            </FilterPanel>
          </form>
        )}
      />
      <HStack gap="2" data-testid="incomplete-calls-badges">
        {account ? <Badge>{account.tenantName}</Badge> : null}
        {project ? <Badge colorPalette="brand">{project.name}</Badge> : null}
      </HStack>
      {rows.error ? (
        <ErrorAlert message={getErrorMessage(rows.error, t`Something went wrong`)} testId="incomplete-calls-error" />
      ) : null}
      <DataGrid<IncompleteCallRow>
        testId="incomplete-calls-list"
        rows={rows.error ? [] : rows.data?.calls}
        columns={columns}
        rowId={(row) => String(row.id)}
        loading={rows.isFetching}
        emptyText={t`There are no records to show.`}
        onSortChanged={(chosen) => {
          setPage(0);
          const field = chosen ? SORT_FIELDS[chosen.colId] : undefined;
          setSort(chosen && field ? { sortBy: field, sortDirection: chosen.direction } : DEFAULT_SORT);
        }}
      />
      <ListPager
        page={page}
        pages={pages}
        onPageChange={setPage}
        testId="incomplete-calls"
        summary={
          <Trans>
            Page {page + 1} of {pages} ({total} calls)
          </Trans>
        }
      />
    </Stack>
  );
}
