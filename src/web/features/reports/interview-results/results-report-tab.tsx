import { Button, HStack, Stack } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  useLazyExportResultsReportQuery,
  useListResultsReportQuery,
  type ResultsReportQuery,
  type ResultsReportRow,
} from '../../../api/generated/execution-service';
import { PagedGrid, type GridSort } from '../../../components/data-grid/paged-grid';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { OutcomeModal } from '../../../components/results/outcome-modal';
import { ResultDecisionDialog } from '../../../components/results/result-decision-dialog';
import type { ResultFeedback } from '../../../components/results/result-ref';
import { useResultDecisions } from '../../../components/results/use-result-decisions';
import { useResultPdf } from '../../../components/results/use-result-pdf';
import { usePermissions } from '../../../lib/use-permissions';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { initialCallFilter } from '../calls/call-filters';
import { ReportFilterForm } from '../filters/report-filter-form';
import { ExportButton } from '../filters/report-filters';
import { SelectionCount, useReportSelection } from '../filters/report-selection';
import { useReportFilter } from '../filters/use-report-filter';
import { resultIdOf, resultsReportColumns } from './results-report-columns';
import {
  DEFAULT_RISK_LEVELS,
  RESULTS_REPORT_PAGE_SIZE,
  ResultsFilterFields,
  resultsQuery,
  type ResultsFilterValues,
} from './results-report-filters';
import { PERMISSION } from '../../../../shared/permissions';

type Sort = Pick<ResultsReportQuery, 'sortBy' | 'sortDirection'>;
const SORTABLE = new Set(['date', 'irn', 'overallScore', 'projectName', 'clientName']);
/** Release and Delete of the ticked held results (docs/product/project-results.md#release-delete). */
const HOLD_DECISIONS = [
  { decision: 'release', palette: 'brand', label: msg`Release` },
  { decision: 'delete', palette: 'red', label: msg`Delete` },
] as const;
const DEFAULT_SORT: Sort = { sortBy: 'date', sortDirection: 'desc' };
const sortOf = (chosen: GridSort): Sort =>
  chosen && SORTABLE.has(chosen.colId)
    ? { sortBy: chosen.colId as Sort['sortBy'], sortDirection: chosen.direction }
    : DEFAULT_SORT;

/**
 * The reports Results tab (docs/product/results-report.md#console): the filter panel with
 * tenant.project.report.call.read, the server-paged, server-sorted results with tenant.project.results.read, the
 * selected (or all filtered) results exported with tenant.project.result.download; the actions of the project's
 * Results tab on rows of any project and, for the provider, any account (docs/product/results-report.md#actions):
 * the PDF, outcome tracking with result.follow.up.note.read, and on the held results Release and Delete with
 * tenant.project.resultshold.internal.update.
 */
export function ResultsReportTab() {
  const { t, i18n } = useLingui();
  const permissions = usePermissions();
  const operatingTenantId = useOperatingTenantId();
  const initialValues = useMemo<ResultsFilterValues>(() => {
    // The call tabs' start: the operating account (the provider: every account), the last 30 days.
    const { tenantId, timezone, startDate, endDate } = initialCallFilter(operatingTenantId);
    const account = permissions.isSystemTenant ? '' : tenantId;
    const start = { tenantId: account, projectId: '', timezone, startDate, endDate, search: '' };
    return { ...start, risk: DEFAULT_RISK_LEVELS, onHold: false };
  }, [permissions.isSystemTenant, operatingTenantId]);
  const selection = useReportSelection(resultIdOf);
  const { applied, paging, apply } = useReportFilter({
    initialValues,
    queryOf: resultsQuery,
    sort: DEFAULT_SORT,
    pageSize: RESULTS_REPORT_PAGE_SIZE,
    onRestart: selection.clear,
  });
  const [exportResults] = useLazyExportResultsReportQuery();
  const [feedback, setFeedback] = useState<ResultFeedback>(null);
  const [outcomeOf, setOutcomeOf] = useState<ResultsReportRow | null>(null);
  const pdf = useResultPdf(setFeedback);
  const decisions = useResultDecisions(selection.rows, selection.clear, setFeedback);
  const canRead = permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_READ);
  const canReadOutcomes = permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_READ);
  const canHold = permissions.has(PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE);
  const results = useListResultsReportQuery(
    { resultsReportQuery: { ...applied, ...paging.sort, page: paging.page, pageSize: paging.pageSize } },
    { skip: !canRead },
  );
  const total = results.data?.totalResults ?? 0;
  const exportBody = { ...applied, ...paging.sort };
  const pageRows = results.data?.results;
  const columns = useMemo(
    () =>
      resultsReportColumns({
        i18n,
        selection,
        pageRows: pageRows ?? [],
        showName: !permissions.isSystemTenant,
        onPdf: (row) =>
          void pdf.open(row, { displayTimeZone: applied.displayTimeZone ?? '-08:00', timeZone: applied.timeZone }),
        pdfBusy: pdf.busy,
        onOutcome: canReadOutcomes ? setOutcomeOf : undefined,
      }),
    // pdf.open reads only the hook's state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      i18n,
      selection,
      pageRows,
      permissions.isSystemTenant,
      applied.displayTimeZone,
      applied.timeZone,
      pdf.busy,
      canReadOutcomes,
    ],
  );
  const decide = (decision: 'release' | 'delete') => {
    setFeedback(null);
    decisions.ask(decision);
  };

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
                  disabled={selection.selected.size === 0}
                  onExport={() =>
                    exportResults({
                      resultsReportExport: { ...exportBody, interviewResultIds: selection.ids },
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
          <ResultsFilterFields showHold={permissions.has(PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ)} />
        </ReportFilterForm>
      ) : null}
      {feedback?.tone === 'success' ? <SuccessAlert message={feedback.text} testId="results-report-success" /> : null}
      {feedback?.tone === 'error' ? (
        <ErrorAlert message={feedback.text} onDismiss={() => setFeedback(null)} testId="results-report-action-error" />
      ) : null}
      {canRead && canHold && applied.released === false ? (
        // Held results only: a released result is locked (docs/product/project-results.md#release-delete).
        <HStack gap="3">
          {HOLD_DECISIONS.map(({ decision, palette, label }) => (
            <Button
              key={decision}
              size="sm"
              colorPalette={palette}
              disabled={selection.selected.size === 0}
              onClick={() => decide(decision)}
              data-testid={`results-report-${decision}`}
            >
              {i18n._(label)}
            </Button>
          ))}
        </HStack>
      ) : null}
      {canRead ? (
        <PagedGrid<ResultsReportRow, Sort>
          testId="results-report-list"
          pagerTestId="results-report"
          errorTestId="results-report-error"
          query={results}
          rows={pageRows}
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
          <SelectionCount count={selection.selected.size} testId="results-report-selection" />
        </PagedGrid>
      ) : null}
      <ResultDecisionDialog
        pending={decisions.pending}
        count={selection.selected.size}
        busy={decisions.busy}
        onCancel={decisions.cancel}
        onConfirm={() => void decisions.confirm()}
      />
      {outcomeOf ? (
        <OutcomeModal
          result={outcomeOf}
          canAdd={permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_ADD)}
          onClose={() => setOutcomeOf(null)}
        />
      ) : null}
    </Stack>
  );
}
