import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  useLazyExportResultsReportQuery,
  useListResultsReportQuery,
  type ResultsReportQuery,
  type ResultsReportRow,
} from '../../../api/generated/execution-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { PagedGrid, type GridSort } from '../../../components/data-grid/paged-grid';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { TextField } from '../../../components/form/text-field';
import { resultDetailPath } from '../../../lib/result-detail-path';
import { usePermissions } from '../../../lib/use-permissions';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { ReportFilterForm } from '../filters/report-filter-form';
import { DateRangeFields, ExportButton, offsetOf, type DateRangeValues } from '../filters/report-filters';
import { useReportFilter } from '../filters/use-report-filter';
import { initialCallFilter } from '../calls/call-filters';
import { AccountProjectFields } from '../filters/account-project-fields';
import { PERMISSION } from '../../../../shared/permissions';

/** Page size of the reports Results tab (docs/product/results-report.md#console: 25, from page 0). */
export const RESULTS_REPORT_PAGE_SIZE = 25;
/** The default risk filter of the reports Results tab (docs/product/results-report.md#console). */
export const DEFAULT_RISK_LEVELS = ['HR', 'LR', 'AR', 'PR', 'NC', 'RJ'];
/** Codes sent as their own flags (docs/product/results-report.md#filters: CM, AD). */
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
const sortOf = (chosen: GridSort): Sort =>
  chosen && SORTABLE.has(chosen.colId)
    ? { sortBy: chosen.colId as Sort['sortBy'], sortDirection: chosen.direction }
    : DEFAULT_SORT;

export function resultsQuery(values: ResultsFilterValues): ResultsReportQuery {
  return {
    ...(values.tenantId && { tenantId: Number(values.tenantId) }),
    ...(values.projectId && { projectId: Number(values.projectId) }),
    displayTimeZone: offsetOf(values),
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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { applied, paging, apply } = useReportFilter({
    initialValues,
    queryOf: resultsQuery,
    sort: DEFAULT_SORT,
    pageSize: RESULTS_REPORT_PAGE_SIZE,
    onRestart: () => setSelected(new Set()),
  });
  const [exportResults] = useLazyExportResultsReportQuery();
  const canRead = permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_READ);
  const results = useListResultsReportQuery(
    { resultsReportQuery: { ...applied, ...paging.sort, page: paging.page, pageSize: paging.pageSize } },
    { skip: !canRead },
  );
  const total = results.data?.totalResults ?? 0;
  const exportBody = { ...applied, ...paging.sort };

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
      // docs/product/results-report.md#console: the participant name is shown to non-system tenants only.
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

  const showPanel = permissions.has(PERMISSION.TENANT_PROJECT_REPORT_CALL_READ);
  return (
    <Stack gap="4" data-testid="results-report">
      {showPanel ? (
        <ReportFilterForm
          testId="results-report"
          initialValues={initialValues}
          onApply={(values) => apply(values, results.refetch)}
          actions={
            canRead && permissions.has(PERMISSION.TENANT_PROJECT_RESULT_DOWNLOAD) ? (
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
                  onExport={() => exportResults({ resultsReportExport: { ...exportBody, allRecords: true } }).unwrap()}
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
        </ReportFilterForm>
      ) : null}
      {canRead ? (
        <PagedGrid<ResultsReportRow, Sort>
          testId="results-report-list"
          pagerTestId="results-report"
          errorTestId="results-report-error"
          query={results}
          rows={results.data?.results}
          total={total}
          paging={paging}
          sortOf={sortOf}
          columns={columns}
          rowId={(row) => String(row.interviewResultId)}
          emptyText={t`There are no results to show.`}
          summary={({ page, pages }) => (
            <Trans>
              Page {page} of {pages} ({total} results)
            </Trans>
          )}
        >
          {selected.size > 0 ? (
            <Text fontSize="sm" data-testid="results-report-selection">
              <Trans>{selected.size} selected</Trans>
            </Text>
          ) : null}
        </PagedGrid>
      ) : null}
    </Stack>
  );
}
