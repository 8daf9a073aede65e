import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import type { InterviewResultRow } from '../../api/generated/execution-service';
import { PagedGrid } from '../../components/data-grid/paged-grid';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { riskSetFor } from '../../../shared/risk-sets';
import { useProjectContext } from '../../lib/project-context';
import { NotesModal } from './notes-modal';
import { OutcomeModal } from '../../components/results/outcome-modal';
import { actionText } from '../../components/results/outcome-texts';
import { QuestionDetailModal } from './question-detail-modal';
import { ResultDecisionDialog } from '../../components/results/result-decision-dialog';
import { resultColumns } from './result-columns';
import { FiltersCard, SearchCard } from './result-filters';
import { ResultsActionsMenu } from './results-actions-menu';
import type { EvaluationCode, ResultSort } from './results-query';
import { ResultsUploadDialog } from './results-upload-dialog';
import { useResultDecisions } from '../../components/results/use-result-decisions';
import { useResultFiles } from './use-result-files';
import type { ResultFeedback } from '../../components/results/result-ref';
import { resultSortOf, useResultsState } from './use-results-state';
import { ZipProgress } from './zip-progress';
import { PERMISSION } from '../../../shared/permissions';

type Opened = { kind: 'notes' | 'outcome' | 'detail'; row: InterviewResultRow } | null;

/**
 * /main/project/{id}/results (docs/product/project-results.md#list, docs/product/project-results.md): the project's
 * results, filtered, searched, sorted and paged on the server, 100 a page; with the hold permissions the On Hold
 * switch, the selection of held rows (released rows show a lock) and Release / Delete after one confirmation; the
 * Actions menu's mark reviewed / unreviewed with its "no action" report; per row the PDF risk report, outcome tracking
 * (with history), notes (system tenant), the result e-mail of released results with the email status column (system
 * tenant, when the project's individual result e-mail is on) and, for hybrid questionnaires, the question detail from
 * the IRN. The Actions menu's Download Results (xlsx or CSV) and Download PDFs (a zip) take the selection, or every
 * result of the filters (docs/product/results-downloads.md); Upload Results (tenant.project.results.create) opens
 * ResultsUploadDialog. The Recording action downloads a result's recording (docs/product/project-results.md#recording):
 * shown on rows with one, to system-tenant users, or with tenant.project.cm.recording.read when the project's
 * cm_recordings_configuration is on.
 */
export function ResultsTab() {
  const { t, i18n } = useLingui();
  const { project, permissions } = useProjectContext();
  const canRead = permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_READ);
  const canReadOutcomes = permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_READ);
  const hybrid = project.questionnaireType === 'HYBRID_QUESTIONNAIRE';
  const canSelect = permissions.has(PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE);
  const canEmail = permissions.isSystemTenant && permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_EMAIL_CREATE);

  const state = useResultsState(project.projectId, canRead);
  const { results, rows, questions, selectable, selected, formatDate, total } = state;
  const [feedback, setFeedbackState] = useState<ResultFeedback>(null);
  const [opened, setOpened] = useState<Opened>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const selection = [...selected].map((interviewResultId) => ({
    interviewResultId,
    interviewReferenceNumber: null,
    projectId: project.projectId,
  }));
  const decisions = useResultDecisions(selection, state.clearSelection, setFeedbackState);
  // New feedback replaces the report of the results a marking left alone.
  const setFeedback = (next: ResultFeedback) => {
    decisions.clearNoAction();
    setFeedbackState(next);
  };
  const files = useResultFiles(state, setFeedback);
  const emailEnabled = results.data?.resultEmailEnabled ?? false;
  const canHearRecordings =
    permissions.isSystemTenant ||
    (permissions.has(PERMISSION.TENANT_PROJECT_CM_RECORDING_READ) && (results.data?.recordingsEnabled ?? false));

  const columns = useMemo(
    () =>
      resultColumns({
        i18n,
        questions,
        canSelect,
        showName: !permissions.isSystemTenant,
        selected,
        selectable,
        onToggle: state.toggle,
        onToggleAll: state.toggleAll,
        onPdf: (row) => void files.onPdf(row),
        pdfBusy: files.pdfBusy,
        formatDate,
        ...(hybrid && { onQuestionDetail: (row: InterviewResultRow) => setOpened({ kind: 'detail', row }) }),
        ...(canReadOutcomes && { onOutcome: (row: InterviewResultRow) => setOpened({ kind: 'outcome', row }) }),
        outcomeLabel: (row) => actionText(i18n, row.outcomeTrackingActionId),
        ...(permissions.isSystemTenant && { onNotes: (row: InterviewResultRow) => setOpened({ kind: 'notes', row }) }),
        ...(canEmail && emailEnabled && { onEmail: (row: InterviewResultRow) => void files.onEmail(row) }),
        emailBusy: files.emailBusy,
        ...(canHearRecordings && { onRecording: (row: InterviewResultRow) => void files.onRecording(row) }),
        recordingBusy: files.recordingBusy,
        showEmailStatus: permissions.isSystemTenant && emailEnabled,
      }),
    // The handlers read only the time zone, which formatDate follows, and state setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      i18n,
      questions,
      canSelect,
      permissions.isSystemTenant,
      selected,
      selectable,
      files.pdfBusy,
      formatDate,
      hybrid,
      canReadOutcomes,
      canEmail,
      emailEnabled,
      files.emailBusy,
      canHearRecordings,
      files.recordingBusy,
    ],
  );

  // Without tenant.project.results.read the tab leads back to the project list (docs/product/project-results.md).
  if (!canRead) return <Navigate to="/main/project" replace />;

  const noActionCount = decisions.noAction?.rows.length ?? 0;
  const noActionNames = (decisions.noAction?.rows ?? [])
    .map((r) => r.interviewReferenceNumber ?? r.interviewResultId)
    .join(', ');
  return (
    <Stack gap="4" data-testid={'results-tab'}>
      <ResultsActionsMenu
        downloading={files.downloading}
        canUpload={permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_CREATE)}
        canSelect={canSelect}
        selectedCount={selected.size}
        onChosen={() => setFeedback(null)}
        onReview={decisions.ask}
        onDownload={(kind) => void files.onDownload(kind)}
        onUpload={() => setUploadOpen(true)}
      />
      <FiltersCard
        applied={state.filters}
        initial={state.start}
        riskCodes={riskSetFor(project.questionnaireType ?? '') as readonly EvaluationCode[]}
        questions={questions}
        languages={project.projectLanguagesData ?? []}
        onApply={state.applyFilters}
      />
      <SearchCard
        value={state.search}
        onChange={state.changeSearch}
        showHold={permissions.has(PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ)}
        selectedCount={selected.size}
        onRelease={() => {
          setFeedbackState(null);
          decisions.ask('release');
        }}
        onDelete={() => {
          setFeedbackState(null);
          decisions.ask('delete');
        }}
      />
      {files.zipId !== null ? <ZipProgress zipId={files.zipId} onDone={files.zipDone} /> : null}
      {feedback?.tone === 'success' ? <SuccessAlert message={feedback.text} testId={'results-success'} /> : null}
      {feedback?.tone === 'success' && decisions.noAction ? (
        <Text fontSize="sm" data-testid="results-no-action">
          {decisions.noAction.action === 'Reviewed' ? (
            <Trans>
              No action for {noActionCount} results already Reviewed: {noActionNames}
            </Trans>
          ) : (
            <Trans>
              No action for {noActionCount} results already Unreviewed: {noActionNames}
            </Trans>
          )}
        </Text>
      ) : null}
      {feedback?.tone === 'error' ? (
        <ErrorAlert message={feedback.text} onDismiss={() => setFeedback(null)} testId={'results-error'} />
      ) : null}
      <PagedGrid<InterviewResultRow, ResultSort>
        testId={'results-list'}
        pagerTestId={'results-pager'}
        errorTestId={'results-error'}
        query={results}
        rows={rows}
        total={total}
        paging={state.paging}
        sortOf={resultSortOf}
        columns={columns}
        rowId={(row) => String(row.interviewResultId)}
        emptyText={t`There are no results to show.`}
        summary={({ page, pages }) => (
          <Trans>
            Page {page} of {pages}
          </Trans>
        )}
      >
        <Text fontSize="sm" color="fg.muted" data-testid={'results-total'}>
          <Trans>{total} results</Trans>
        </Text>
      </PagedGrid>
      <ResultDecisionDialog
        pending={decisions.pending}
        count={selected.size}
        busy={decisions.busy}
        onCancel={decisions.cancel}
        onConfirm={() => void decisions.confirm()}
      />
      {opened?.kind === 'notes' ? (
        <NotesModal
          result={opened.row}
          onClose={() => setOpened(null)}
          onSaved={(message) => {
            setOpened(null);
            setFeedback({ tone: 'success', text: message });
          }}
        />
      ) : null}
      {opened?.kind === 'outcome' ? (
        <OutcomeModal
          result={opened.row}
          canAdd={permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_ADD)}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {uploadOpen ? (
        <ResultsUploadDialog
          projectId={project.projectId}
          onClose={() => setUploadOpen(false)}
          onUploaded={() => void results.refetch()}
        />
      ) : null}
      {opened?.kind === 'detail' ? <QuestionDetailModal result={opened.row} onClose={() => setOpened(null)} /> : null}
    </Stack>
  );
}
