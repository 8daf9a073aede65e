import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import {
  useLazyExportResultsReportQuery,
  useListResultsReportQuery,
  type ResultsReportQuery,
  type ResultsReportRow,
} from '../../../api/generated/execution-service';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { TextField } from '../../../components/form/text-field';
import { resultDetailPath } from '../../../lib/result-detail-path';
import { usePermissions } from '../../../lib/use-permissions';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import {
  dateRangeErrors,
  DateRangeFields,
  ExportButton,
  FilterPanel,
  offsetOf,
  type DateRangeValues,
} from '../filters/report-filters';
import { initialCallFilter } from '../calls/call-filters';
import { AccountProjectFields } from '../filters/account-project-fields';

/** Page size of the reports Results tab (002 §9: 25, from page 0). */
export const RESULTS_REPORT_PAGE_SIZE = 25;
/** The default risk filter of the reports Results tab (002 §9). */
export const DEFAULT_RISK_LEVELS = ['HR', 'LR', 'AR', 'PR', 'NC', 'RJ'];
/** Codes sent as their own flags (002 §7: CM, AD). */
const FLAGS = ['CM', 'AD'] as const;
const QUESTION_SLOTS = 7;

interface ResultsFilterValues extends DateRangeValues {
  /** '' is every account the provider may see. */
  tenantId: string;
  projectId: string;
  search: string;
  risk: string[];
}

type Sort = Pick<ResultsReportQuery, 'sortBy' | 'sortDirection'>;
const SORTABLE = new Set(['date', 'irn', 'overallScore', 'projectName', 'clientName']);
const DEFAULT_SORT: Sort = { sortBy: 'date', sortDirection: 'desc' };

export function resultsQuery(values: ResultsFilterValues): ResultsReportQuery {
  return {
    ...(values.tenantId && { tenantId: Number(values.tenantId) }),
    ...(values.projectId && { projectId: Number(values.projectId) }),
    displayTimeZone: offsetOf(values.timezone),
    startDate: values.startDate,
    endDate: values.endDate,
    ...(values.search.trim() && { search: values.search.trim() }),
    riskLevels: values.risk.filter(
      (code) => !(FLAGS as readonly string[]).includes(code),
    ) as ResultsReportQuery['riskLevels'],
    CM: values.risk.includes('CM'),
    AD: values.risk.includes('AD'),
  };
}

/** Account (a choice for the provider), its projects, time zone, days, search, risk; a new account clears the project. */
function ResultsFilterFields() {
  const { t } = useLingui();
  const risks = [
    { value: 'HR', label: t`High Risk` },
    { value: 'LR', label: t`Low Risk` },
    { value: 'AR', label: t`Average Risk` },
    { value: 'PR', label: t`Potential Risk` },
    { value: 'NC', label: t`Not Completed` },
    { value: 'RJ', label: t`Rejected` },
    { value: 'CM', label: t`Countermeasures` },
    { value: 'AD', label: t`Admissions` },
  ];
  return (
    <>
      <AccountProjectFields testId="results-report" providerChoice />
      <DateRangeFields testId="results-report" />
      <TextField
        name="search"
        label={t`Search`}
        placeholder={t`IRN, access code or name`}
        testId="results-report-search"
      />
      <CheckboxGroupField name="risk" label={t`Overall Risk`} options={risks} testId="results-report-risk" />
    </>
  );
}

/**
 * The reports Results tab (docs/product/results-report.md#console): the filter panel with
 * tenant.project.report.call.read, the server-paged, server-sorted results with tenant.project.results.read, the
 * selected (or all filtered) results exported as results.xlsx or results.csv with tenant.project.result.download.
 */
export function ResultsReportTab() {
  const { t } = useLingui();
  const permissions = usePermissions();
  const operatingTenantId = useOperatingTenantId();
  const initialValues = useMemo<ResultsFilterValues>(() => {
    // The call tabs' start: the operating account (the provider: every account), the last 30 days.
    const { tenantId, timezone, startDate, endDate } = initialCallFilter(operatingTenantId);
    const account = permissions.isSystemTenant ? '' : tenantId;
    return { tenantId: account, projectId: '', timezone, startDate, endDate, search: '', risk: DEFAULT_RISK_LEVELS };
  }, [permissions.isSystemTenant, operatingTenantId]);
  const [applied, setApplied] = useState<ResultsReportQuery>(() => resultsQuery(initialValues));
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [exportResults] = useLazyExportResultsReportQuery();
  const canRead = permissions.has('tenant.project.results.read');
  const results = useListResultsReportQuery(
    { resultsReportQuery: { ...applied, ...sort, page, pageSize: RESULTS_REPORT_PAGE_SIZE } },
    { skip: !canRead },
  );
  const total = results.data?.totalResults ?? 0;
  const pages = Math.max(1, Math.ceil(total / RESULTS_REPORT_PAGE_SIZE));
  const exportBody = { ...applied, ...sort };

  const columns = useMemo<DataGridColumn<ResultsReportRow>[]>(() => {
    const toggle = (id: number, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    const code = (value: string | null | undefined) => (value ? <Badge variant="outline">{value}</Badge> : null);
    return [
      {
        colId: 'select',
        headerName: '',
        width: 56,
        minWidth: 56,
        sortable: false,
        cellRenderer: ({ data }: { data?: ResultsReportRow }) =>
          data ? (
            <input
              type="checkbox"
              aria-label={t`Select result ${data.interviewReferenceNumber ?? data.interviewResultId}`}
              checked={selected.has(data.interviewResultId)}
              onChange={(event) => toggle(data.interviewResultId, event.currentTarget.checked)}
              data-testid={`results-report-select-${data.interviewResultId}`}
            />
          ) : null,
      },
      {
        colId: 'irn',
        field: 'interviewReferenceNumber',
        headerName: t`IRN`,
        // The result detail page (docs/product/project-results.md#detail-page) in its project.
        cellRenderer: ({ data }: { data?: ResultsReportRow }) =>
          data?.interviewReferenceNumber ? (
            <Link asChild colorPalette="brand">
              <RouterLink
                to={resultDetailPath(data.projectId, data.interviewReferenceNumber)}
                data-testid={`results-report-irn-${data.interviewResultId}`}
              >
                {data.interviewReferenceNumber}
              </RouterLink>
            </Link>
          ) : null,
      },
      // 002 §2.5: the participant name is shown to non-system tenants only.
      ...(permissions.isSystemTenant
        ? []
        : [{ colId: 'participantName', field: 'participantName' as const, headerName: t`Name`, sortable: false }]),
      { colId: 'clientName', field: 'clientName', headerName: t`Client Name` },
      { colId: 'projectName', field: 'projectName', headerName: t`Project` },
      { colId: 'date', field: 'dateString', headerName: t`Date`, sort: 'desc' },
      {
        colId: 'overallScore',
        field: 'overallEvaluation',
        headerName: t`Overall`,
        cellRenderer: ({ data }: { data?: ResultsReportRow }) => code(data?.overallEvaluation),
      },
      ...Array.from({ length: QUESTION_SLOTS }, (_, i): DataGridColumn<ResultsReportRow> => ({
        colId: `q${i + 1}`,
        headerName: `Q${i + 1}`,
        sortable: false,
        minWidth: 64,
        width: 64,
        flex: 0,
        cellRenderer: ({ data }: { data?: ResultsReportRow }) =>
          code(data?.interviewQuestionsResult.find((q) => q.sequence === i + 1)?.result),
      })),
      { colId: 'accessCode', field: 'accessCode', headerName: t`Access Code`, sortable: false },
    ];
  }, [t, selected, permissions.isSystemTenant]);

  const showPanel = permissions.has('tenant.project.report.call.read');
  return (
    <Stack gap="4" data-testid="results-report">
      {showPanel ? (
        <Form<ResultsFilterValues>
          initialValues={initialValues}
          validate={(values) => dateRangeErrors(values, t`End Date must be greater than Start Date`)}
          onSubmit={(values) => {
            const next = resultsQuery(values);
            if (JSON.stringify(next) === JSON.stringify(applied) && page === 0) void results.refetch();
            setApplied(next);
            setPage(0);
            setSelected(new Set());
          }}
          render={({ handleSubmit, invalid }) => (
            <form onSubmit={(event) => void handleSubmit(event)}>
              <FilterPanel
                testId="results-report"
                applyDisabled={invalid ?? false}
                actions={
                  canRead && permissions.has('tenant.project.result.download') ? (
                    <HStack gap="3" align="start">
                      <ExportButton
                        testId="results-report-export-selected"
                        label={<Trans>Export Selected</Trans>}
                        disabled={selected.size === 0}
                        onExport={() =>
                          exportResults({
                            resultsReportExport: { ...exportBody, interviewResultIds: [...selected] },
                          }).unwrap()
                        }
                      />
                      <ExportButton
                        testId="results-report-export-all"
                        label={<Trans>Export All (xlsx)</Trans>}
                        disabled={total === 0}
                        onExport={() =>
                          exportResults({ resultsReportExport: { ...exportBody, allRecords: true } }).unwrap()
                        }
                      />
                      <ExportButton
                        testId="results-report-export-csv"
                        label={<Trans>Export All (CSV)</Trans>}
                        disabled={total === 0}
                        onExport={() =>
                          exportResults({
                            resultsReportExport: { ...exportBody, allRecords: true, format: 'csv' },
                          }).unwrap()
                        }
                      />
                    </HStack>
                  ) : null
                }
              >
                <ResultsFilterFields />
              </FilterPanel>
            </form>
          )}
        />
      ) : null}
      {canRead ? (
        <>
          {results.error ? (
            <ErrorAlert
              message={getErrorMessage(results.error, t`Something went wrong`)}
              testId="results-report-error"
            />
          ) : null}
          {selected.size > 0 ? (
            <Text fontSize="sm" data-testid="results-report-selection">
              <Trans>{selected.size} selected</Trans>
            </Text>
          ) : null}
          <DataGrid<ResultsReportRow>
            testId="results-report-list"
            rows={results.error ? [] : results.data?.results}
            columns={columns}
            rowId={(row) => String(row.interviewResultId)}
            loading={results.isFetching}
            emptyText={t`There are no results to show.`}
            onSortChanged={(chosen) => {
              setPage(0);
              setSort(
                chosen && SORTABLE.has(chosen.colId)
                  ? { sortBy: chosen.colId as Sort['sortBy'], sortDirection: chosen.direction }
                  : DEFAULT_SORT,
              );
            }}
          />
          <ListPager
            page={page}
            pages={pages}
            onPageChange={setPage}
            testId="results-report"
            summary={
              <Trans>
                Page {page + 1} of {pages} ({total} results)
              </Trans>
            }
          />
        </>
      ) : null}
    </Stack>
  );
}
