import { Button, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import {
  useEmailResultsMutation,
  useLazyDownloadInterviewRecordingQuery,
  useLazyDownloadResultPdfQuery,
  useLazyDownloadResultPdfsQuery,
  useLazyExportProjectResultsQuery,
  useStartResultPdfZipMutation,
  useListProjectResultsQuery,
  useMarkResultsReviewedMutation,
  useUpdateResultStatusMutation,
  type InterviewResultRow,
  type ReviewMarking,
} from '../../api/generated/execution-service';
import { DataGrid } from '../../components/data-grid/data-grid';
import { ListPager } from '../../components/data-grid/list-pager';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { LoadFailure } from '../../components/feedback/load-failure';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { clock } from '../../lib/clock';
import { riskSetFor } from '../../../shared/risk-sets';
import { DIRECT_ZIP_MAX, RESULTS_PAGE_SIZE } from '../../../shared/result-rules';
import { useProjectContext } from '../../lib/project-context';
import { NotesModal } from './notes-modal';
import { OutcomeModal } from './outcome-modal';
import { actionText } from './outcome-texts';
import { QuestionDetailModal } from './question-detail-modal';
import { ZipProgress } from './zip-progress';
import { resultColumns } from './result-columns';
import { ResultsUploadDialog } from './results-upload-dialog';
import { FiltersCard, SearchCard } from './result-filters';
import {
  initialFilters,
  initialSearch,
  resultRequest,
  timezoneOf,
  type EvaluationCode,
  type ResultSort,
} from './results-query';
import { PERMISSION } from '../../../shared/permissions';

type Feedback = { tone: 'success' | 'error'; text: string } | null;
type Pending = 'release' | 'delete' | 'Reviewed' | 'Unreviewed' | null;
type Download = 'xlsx' | 'csv' | 'pdfs';
type Opened = { kind: 'notes' | 'outcome' | 'detail'; row: InterviewResultRow } | null;

/** Grid column id → the server's sort (docs/product/project-results.md#sorting); other columns do not sort. */
function sortOf(colId: string, direction: 'asc' | 'desc'): ResultSort | null {
  if (colId === 'overall') return { by: 'overallScore', direction };
  if (colId === 'date') return { by: 'date', direction };
  if (colId === 'irn') return { by: 'irn', direction };
  const question = /^q(\d+)$/.exec(colId);
  return question ? { by: 'question', direction, question: Number(question[1]) } : null;
}

/**
 * /main/project/{id}/results (002 §2.5, docs/product/project-results.md): the project's results, filtered, searched,
 * sorted and paged on the server, 100 a page; with the hold permissions the On Hold switch, the selection of held
 * rows (released rows show a lock) and Release / Delete after one confirmation; the Actions menu's mark reviewed /
 * unreviewed with its "no action" report; per row the PDF risk report, outcome tracking (with history), notes
 * (system tenant), the result e-mail of released results with the email status column (system tenant, when the
 * project's individual result e-mail is on) and, for hybrid questionnaires, the question detail from the IRN.
 * The Actions menu's Download Results (xlsx or CSV) and Download PDFs (a zip) take the selection, or every result of
 * the filters (docs/product/results-downloads.md); Upload Results (tenant.project.results.create) opens
 * ResultsUploadDialog. The Recording action downloads a result's recording (docs/product/project-results.md#recording):
 * shown on rows with one, to system-tenant users, or with tenant.project.cm.recording.read when the project's
 * cm_recordings_configuration is on.
 */
export function ResultsTab() {
  const { t, i18n } = useLingui();
  const { project, permissions } = useProjectContext();
  const start = useMemo(() => initialFilters(clock.now()), []);
  const [filters, setFilters] = useState(start);
  const [search, setSearch] = useState(initialSearch);
  const [sort, setSort] = useState<ResultSort>({ by: 'date', direction: 'desc' });
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pdfBusy, setPdfBusy] = useState<number | null>(null);
  const [opened, setOpened] = useState<Opened>(null);
  const [noAction, setNoAction] = useState<{
    action: 'Reviewed' | 'Unreviewed';
    rows: ReviewMarking['noAction'];
  } | null>(null);
  const canRead = permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_READ);
  const canReadOutcomes = permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_READ);
  const canAddOutcomes = permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_ADD);
  const hybrid = project.questionnaireType === 'HYBRID_QUESTIONNAIRE';
  const showHold = permissions.has(PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ);
  const canSelect = permissions.has(PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE);
  const canUpload = permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_CREATE);
  const [uploadOpen, setUploadOpen] = useState(false);

  const request = resultRequest(project.projectId, filters, search, sort, page);
  const results = useListProjectResultsQuery({ resultFilter: request }, { skip: !canRead });
  const [updateStatus, updating] = useUpdateResultStatusMutation();
  const [markReviewed, marking] = useMarkResultsReviewedMutation();
  const [emailResults] = useEmailResultsMutation();
  const [emailBusy, setEmailBusy] = useState<number | null>(null);
  const canEmail = permissions.isSystemTenant && permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_EMAIL_CREATE);
  const emailEnabled = results.data?.resultEmailEnabled ?? false;
  const [downloadPdf] = useLazyDownloadResultPdfQuery();
  const [downloadRecording] = useLazyDownloadInterviewRecordingQuery();
  const [recordingBusy, setRecordingBusy] = useState<number | null>(null);
  const canHearRecordings =
    permissions.isSystemTenant ||
    (permissions.has(PERMISSION.TENANT_PROJECT_CM_RECORDING_READ) && (results.data?.recordingsEnabled ?? false));
  const [exportResults] = useLazyExportProjectResultsQuery();
  const [downloadPdfs] = useLazyDownloadResultPdfsQuery();
  const [downloading, setDownloading] = useState<Download | null>(null);
  const [startZip] = useStartResultPdfZipMutation();
  const [zipId, setZipId] = useState<number | null>(null);

  const rows = results.data?.results;
  const questions = useMemo(() => results.data?.questions ?? [], [results.data]);
  const selectable = useMemo(() => (rows ?? []).filter((r) => !r.released).map((r) => r.interviewResultId), [rows]);
  const zone = timezoneOf(search.timezone).zone;
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.locale, { timeZone: zone, dateStyle: 'short', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.locale, zone]);

  const restart = () => {
    setPage(0);
    setSelected(new Set());
  };

  const onPdf = async (row: InterviewResultRow) => {
    setPdfBusy(row.interviewResultId);
    const answer = await downloadPdf({
      id: row.interviewResultId,
      displayTimeZone: timezoneOf(search.timezone).offset,
    });
    setPdfBusy(null);
    // A PDF load error shows the server message (002 §2.6).
    if (answer.error) setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
  };

  /**
   * Download Results / Download PDFs (docs/product/results-downloads.md): the selected results, or with none selected
   * every result of the current filters; the file saves itself (generated lazy query, file answer).
   */
  const onDownload = async (kind: Download) => {
    setDownloading(kind);
    const which = selected.size ? { interviewResultIds: [...selected] } : { allRecords: true };
    // More than DIRECT_ZIP_MAX PDFs are zipped by a job with a progress bar (ADR 0050).
    if (kind === 'pdfs' && (selected.size || (results.data?.totalResults ?? 0)) > DIRECT_ZIP_MAX) {
      const started = await startZip({ resultSelection: { filter: request, ...which } });
      if ('error' in started) {
        setDownloading(null);
        setFeedback({ tone: 'error', text: getErrorMessage(started.error, t`Something went wrong`) });
      } else setZipId(started.data.id);
      return;
    }
    const answer =
      kind === 'pdfs'
        ? await downloadPdfs({ resultSelection: { filter: request, ...which } })
        : await exportResults({ resultExport: { filter: request, ...which, format: kind } });
    setDownloading(null);
    if (answer.error) setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
  };

  const onRecording = async (row: InterviewResultRow) => {
    setRecordingBusy(row.interviewResultId);
    const answer = await downloadRecording({ accessCodeOrId: String(row.interviewResultId) });
    setRecordingBusy(null);
    if (answer.error) setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
  };

  const onEmail = async (row: InterviewResultRow) => {
    setEmailBusy(row.interviewResultId);
    const answer = await emailResults({ body: { interviewResultsId: [row.interviewResultId] } });
    setEmailBusy(null);
    setNoAction(null);
    if ('error' in answer) setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
    else setFeedback({ tone: 'success', text: t`Results e-mailed to the recipients.` });
  };

  const columns = useMemo(
    () =>
      resultColumns({
        i18n,
        questions,
        canSelect,
        showName: !permissions.isSystemTenant,
        selected,
        selectable,
        onToggle: (id) =>
          setSelected((previous) => {
            const next = new Set(previous);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
          }),
        onToggleAll: () =>
          setSelected((previous) => (selectable.every((id) => previous.has(id)) ? new Set() : new Set(selectable))),
        onPdf: (row) => void onPdf(row),
        pdfBusy,
        formatDate,
        ...(hybrid && { onQuestionDetail: (row: InterviewResultRow) => setOpened({ kind: 'detail', row }) }),
        ...(canReadOutcomes && { onOutcome: (row: InterviewResultRow) => setOpened({ kind: 'outcome', row }) }),
        outcomeLabel: (row) => actionText(i18n, row.outcomeTrackingActionId),
        ...(permissions.isSystemTenant && { onNotes: (row: InterviewResultRow) => setOpened({ kind: 'notes', row }) }),
        ...(canEmail && emailEnabled && { onEmail: (row: InterviewResultRow) => void onEmail(row) }),
        emailBusy,
        ...(canHearRecordings && { onRecording: (row: InterviewResultRow) => void onRecording(row) }),
        recordingBusy,
        showEmailStatus: permissions.isSystemTenant && emailEnabled,
      }),
    // onPdf reads only the time zone, which formatDate follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      i18n,
      questions,
      canSelect,
      permissions.isSystemTenant,
      selected,
      selectable,
      pdfBusy,
      formatDate,
      hybrid,
      canReadOutcomes,
      canEmail,
      emailEnabled,
      emailBusy,
      canHearRecordings,
      recordingBusy,
    ],
  );

  const confirmReview = async (action: 'Reviewed' | 'Unreviewed') => {
    const answer = await markReviewed({
      body: { action, projectId: project.projectId, interviewResultIds: [...selected] },
    });
    setPending(null);
    if ('error' in answer) {
      setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
      return;
    }
    setSelected(new Set());
    setFeedback({ tone: 'success', text: answer.data.message });
    setNoAction(answer.data.noAction.length ? { action, rows: answer.data.noAction } : null);
  };

  const confirm = async () => {
    if (!pending) return;
    if (pending === 'Reviewed' || pending === 'Unreviewed') {
      await confirmReview(pending);
      return;
    }
    const release = pending === 'release';
    const answer = await updateStatus({
      body: [...selected].map((interviewResultId) => ({
        interviewResultId,
        projectId: project.projectId,
        released: release,
        deleted: !release,
      })),
    });
    setPending(null);
    if ('error' in answer) {
      setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
      return;
    }
    setSelected(new Set());
    setFeedback({ tone: 'success', text: answer.data.message });
  };

  // Without tenant.project.results.read the tab leads back to the project list (002 §2.5).
  if (!canRead) return <Navigate to="/main/project" replace />;

  const total = results.data?.totalResults ?? 0;
  const noActionCount = noAction?.rows.length ?? 0;
  const noActionNames = (noAction?.rows ?? []).map((r) => r.interviewReferenceNumber ?? r.interviewResultId).join(', ');
  const pages = Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE));
  return (
    <Stack gap="4" data-testid={'results-tab'}>
      <HStack justify="flex-end">
        {downloading ? (
          <Text fontSize="sm" color="fg.muted" data-testid="results-downloading">
            {downloading === 'pdfs' ? <Trans>Preparing the PDFs…</Trans> : <Trans>Preparing the file…</Trans>}
          </Text>
        ) : null}
        <Menu.Root
          onSelect={({ value }) => {
            setFeedback(null);
            setNoAction(null);
            if (value === 'Reviewed' || value === 'Unreviewed') setPending(value);
            if (value === 'xlsx' || value === 'csv' || value === 'pdfs') void onDownload(value);
            if (value === 'upload') setUploadOpen(true);
          }}
        >
          <Menu.Trigger asChild>
            <Button variant="outline" data-testid="results-actions" loading={downloading !== null}>
              <Trans>Actions</Trans>
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                {/* With a selection the selected results, else every result of the filters. */}
                <Menu.Item value="xlsx" data-testid="results-download">
                  <Trans>Download Results</Trans>
                </Menu.Item>
                <Menu.Item value="csv" data-testid="results-download-csv">
                  <Trans>Download Results (CSV)</Trans>
                </Menu.Item>
                {canUpload ? (
                  <Menu.Item value="upload" data-testid="results-upload">
                    <Trans>Upload Results</Trans>
                  </Menu.Item>
                ) : null}
                <Menu.Item value="pdfs" data-testid="results-download-pdfs">
                  <Trans>Download PDFs</Trans>
                </Menu.Item>
                {canSelect ? (
                  <>
                    <Menu.Item value="Reviewed" disabled={selected.size === 0} data-testid="results-mark-reviewed">
                      <Trans>Mark Reviewed</Trans>
                    </Menu.Item>
                    <Menu.Item value="Unreviewed" disabled={selected.size === 0} data-testid="results-mark-unreviewed">
                      <Trans>Mark Unreviewed</Trans>
                    </Menu.Item>
                  </>
                ) : null}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
      <FiltersCard
        applied={filters}
        initial={start}
        riskCodes={riskSetFor(project.questionnaireType ?? '') as readonly EvaluationCode[]}
        questions={questions}
        languages={project.projectLanguagesData ?? []}
        onApply={(next) => {
          setFilters(next);
          restart();
        }}
      />
      <SearchCard
        value={search}
        onChange={(next) => {
          setSearch(next);
          restart();
        }}
        showHold={showHold}
        selectedCount={selected.size}
        onRelease={() => {
          setFeedback(null);
          setPending('release');
        }}
        onDelete={() => {
          setFeedback(null);
          setPending('delete');
        }}
      />
      {zipId !== null ? (
        <ZipProgress
          zipId={zipId}
          onDone={(error) => {
            setZipId(null);
            setDownloading(null);
            if (error) setFeedback({ tone: 'error', text: error });
          }}
        />
      ) : null}
      {feedback?.tone === 'success' ? <SuccessAlert message={feedback.text} testId={'results-success'} /> : null}
      {feedback?.tone === 'success' && noAction ? (
        <Text fontSize="sm" data-testid="results-no-action">
          {noAction.action === 'Reviewed' ? (
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
      {results.error ? (
        <LoadFailure
          message={getErrorMessage(results.error, t`Something went wrong`)}
          onRetry={() => void results.refetch()}
          testId={'results-error'}
        />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid={'results-total'}>
            <Trans>{total} results</Trans>
          </Text>
          <DataGrid<InterviewResultRow>
            testId={'results-list'}
            rows={rows}
            loading={results.isFetching}
            columns={columns}
            rowId={(row) => String(row.interviewResultId)}
            emptyText={t`There are no results to show.`}
            onSortChanged={(next) => {
              const chosen = next && sortOf(next.colId, next.direction);
              setSort(chosen ?? { by: 'date', direction: 'desc' });
              restart();
            }}
          />
          <ListPager
            page={page}
            pages={pages}
            summary={
              <Trans>
                Page {page + 1} of {pages}
              </Trans>
            }
            onPageChange={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
            testId={'results-pager'}
          />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        tone={pending === 'delete' ? 'danger' : 'brand'}
        busy={updating.isLoading || marking.isLoading}
        title={
          pending === 'delete' ? (
            <Trans>Delete Results</Trans>
          ) : pending === 'release' ? (
            <Trans>Release Results</Trans>
          ) : pending === 'Reviewed' ? (
            <Trans>Mark Reviewed</Trans>
          ) : (
            <Trans>Mark Unreviewed</Trans>
          )
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={
          pending === 'delete' ? (
            <Trans>Delete</Trans>
          ) : pending === 'release' ? (
            <Trans>Release</Trans>
          ) : (
            <Trans>Confirm</Trans>
          )
        }
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
        testId={
          pending === 'delete'
            ? 'results-delete-dialog'
            : pending === 'release'
              ? 'results-release-dialog'
              : 'results-review-dialog'
        }
        confirmTestId={
          pending === 'delete'
            ? 'results-delete-confirm'
            : pending === 'release'
              ? 'results-release-confirm'
              : 'results-review-confirm'
        }
      >
        {pending === 'delete' ? (
          <Trans>Are you sure you want to delete the {selected.size} selected results?</Trans>
        ) : pending === 'release' ? (
          <Trans>Are you sure you want to release the {selected.size} selected results?</Trans>
        ) : pending === 'Reviewed' ? (
          <Trans>Are you sure you want to mark the {selected.size} selected results as reviewed?</Trans>
        ) : (
          <Trans>Are you sure you want to mark the {selected.size} selected results as unreviewed?</Trans>
        )}
      </ConfirmDialog>
      {opened?.kind === 'notes' ? (
        <NotesModal
          result={opened.row}
          onClose={() => setOpened(null)}
          onSaved={(message) => {
            setOpened(null);
            setNoAction(null);
            setFeedback({ tone: 'success', text: message });
          }}
        />
      ) : null}
      {opened?.kind === 'outcome' ? (
        <OutcomeModal result={opened.row} canAdd={canAddOutcomes} onClose={() => setOpened(null)} />
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
