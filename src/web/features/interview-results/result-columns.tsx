import { Badge, Box, Button, HStack, Icon, IconButton } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LuClipboardCheck, LuEye, LuFileAudio, LuFileDown, LuLock, LuMail, LuStickyNote } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import type { InterviewResultRow, ResultColumn, ResultDisplay } from '../../api/generated/execution-service';
import type { DataGridColumn } from '../../components/data-grid/data-grid';
import { RiskBadge } from '../../components/risk-badge/risk-badge';
import { resultIconLook } from '../../components/risk-badge/result-icons';
import { resultDetailPath } from '../../lib/result-detail-path';
import { groupAccessCode, WIDE_QUESTION_COLUMNS } from '../../../shared/result-rules';

export interface ResultColumnOptions {
  i18n: I18n;
  questions: readonly ResultColumn[];
  /** tenant.project.resultshold.internal.update: the selection (hold) column. */
  canSelect: boolean;
  /** Non-system tenants see the participant name (docs/product/project-results.md#route). */
  showName: boolean;
  selected: ReadonlySet<number>;
  /** The held rows of the page, which select-all selects. */
  selectable: readonly number[];
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  onPdf: (row: InterviewResultRow) => void;
  pdfBusy: number | null;
  formatDate: (iso: string) => string;
  /** Hybrid questionnaires: the IRN opens the question detail (docs/product/project-results.md#columns). */
  onQuestionDetail?: (row: InterviewResultRow) => void;
  /** result.follow.up.note.read: the outcome tracking action (docs/product/project-results.md#route). */
  onOutcome?: (row: InterviewResultRow) => void;
  /** The newest outcome's text (the status badge, docs/product/project-results.md#outcome-tracking). */
  outcomeLabel: (row: InterviewResultRow) => string;
  /** System-tenant users: the notes action (docs/product/project-results.md#route). */
  onNotes?: (row: InterviewResultRow) => void;
  /**
   * System-tenant users with tenant.project.results.email.create: e-mail a released result
   * (docs/product/project-results.md#route).
   */
  onEmail?: (row: InterviewResultRow) => void;
  emailBusy: number | null;
  /**
   * The Recording action (docs/product/project-results.md#route): system-tenant users, or
   * tenant.project.cm.recording.read with the project's cm_recordings_configuration; shown on the rows that have a
   * recording (interviewRecordingExist).
   */
  onRecording?: (row: InterviewResultRow) => void;
  recordingBusy: number | null;
  /**
   * System tenant with the project's individual result e-mail on: the email status column
   * (docs/product/project-results.md#columns).
   */
  showEmailStatus: boolean;
}

/** Sorting happens on the server (docs/product/project-results.md#sorting): the grid keeps the order it gets. */
const serverSorted = { sortable: true, comparator: () => 0 } as const;

/** A per-question flag: the template's icon, with the text as its title (narrow columns show only the icon). */
function QuestionFlag({ result, testId }: { result: ResultDisplay; testId: string }) {
  const look = resultIconLook(result.iconId);
  return (
    <HStack gap="1" title={`${result.badge} ${result.text}`} data-testid={testId} data-code={result.code} h="full">
      <Icon as={look.icon} color={look.color} boxSize="4" aria-label={`${result.badge} ${result.text}`} />
    </HStack>
  );
}

/**
 * The results table's columns (docs/product/project-results.md#columns): selection (or the lock of a released row),
 * IRN, participant name, language, date, overall flag, one column per pertinent question (250 px, or 60 px each when
 * more than 4), access code in 3-3-rest groups, the email status (system tenant), created by, actions (PDF, outcome
 * tracking with the newest outcome's badge, notes, recording, e-mail). The IRN of a hybrid questionnaire's result opens
 * the question detail; a reviewed result shows a Reviewed badge.
 */
export function resultColumns(o: ResultColumnOptions): DataGridColumn<InterviewResultRow>[] {
  const { i18n } = o;
  const columns: DataGridColumn<InterviewResultRow>[] = [];
  if (o.canSelect) {
    const allSelected = o.selectable.length > 0 && o.selectable.every((id) => o.selected.has(id));
    columns.push({
      colId: 'select',
      headerName: '',
      sortable: false,
      resizable: false,
      width: 56,
      minWidth: 56,
      maxWidth: 56,
      flex: 0,
      headerComponent: () => (
        <input
          type="checkbox"
          aria-label={i18n._(msg`Select all results`)}
          checked={allSelected}
          disabled={o.selectable.length === 0}
          onChange={o.onToggleAll}
          data-testid={'results-select-all'}
        />
      ),
      cellRenderer: ({ data }: { data?: InterviewResultRow }) =>
        !data ? null : data.released ? (
          <Box h="full" display="flex" alignItems="center" data-testid={`results-lock-${data.interviewResultId}`}>
            <Icon as={LuLock} aria-label={i18n._(msg`Released`)} color="fg.muted" />
          </Box>
        ) : (
          <input
            type="checkbox"
            aria-label={i18n._(msg`Select result ${data.interviewReferenceNumber ?? data.interviewResultId}`)}
            checked={o.selected.has(data.interviewResultId)}
            onChange={() => o.onToggle(data.interviewResultId)}
            data-testid={`results-select-${data.interviewResultId}`}
          />
        ),
    });
  }
  columns.push({
    colId: 'irn',
    headerName: i18n._(msg`IRN`),
    ...serverSorted,
    minWidth: 140,
    cellRenderer: ({ data }: { data?: InterviewResultRow }) => {
      if (!data) return null;
      const irn = data.interviewReferenceNumber ?? '';
      const detail = o.onQuestionDetail;
      return (
        <HStack gap="1" h="full">
          {detail ? (
            <Button
              variant="plain"
              size="sm"
              px="0"
              textDecoration="underline"
              onClick={() => detail(data)}
              data-testid={`results-irn-${data.interviewResultId}`}
            >
              {irn || String(data.interviewResultId)}
            </Button>
          ) : (
            <span data-testid={`results-irn-${data.interviewResultId}`}>{irn}</span>
          )}
          {data.reviewed ? (
            <Badge size="xs" colorPalette="green" data-testid={`results-reviewed-${data.interviewResultId}`}>
              {i18n._(msg`Reviewed`)}
            </Badge>
          ) : null}
        </HStack>
      );
    },
  });
  if (o.showName)
    columns.push({
      colId: 'name',
      headerName: i18n._(msg`Participant Name`),
      field: 'participantName',
      sortable: false,
    });
  columns.push(
    {
      colId: 'language',
      headerName: i18n._(msg`Language`),
      sortable: false,
      valueGetter: ({ data }) => data?.participantLanguage ?? '',
    },
    {
      colId: 'date',
      headerName: i18n._(msg`Date`),
      ...serverSorted,
      minWidth: 170,
      valueGetter: ({ data }) => (data ? o.formatDate(data.completedAt) : ''),
    },
    {
      colId: 'overall',
      headerName: i18n._(msg`Overall`),
      ...serverSorted,
      minWidth: 180,
      cellRenderer: ({ data }: { data?: InterviewResultRow }) =>
        data ? (
          <Box h="full" display="flex" alignItems="center">
            <RiskBadge
              code={data.overallEvaluation.code}
              text={data.overallEvaluation.text}
              resultType={data.overallEvaluation.badge}
              iconId={data.overallEvaluation.iconId}
              testId={`results-overall-${data.interviewResultId}`}
            />
          </Box>
        ) : null,
    },
  );
  const narrow = o.questions.length > WIDE_QUESTION_COLUMNS;
  for (const question of o.questions) {
    columns.push({
      colId: `q${question.sequence}`,
      headerName: narrow ? `Q${question.sequence}` : `Q${question.sequence}: ${question.questionText}`,
      ...serverSorted,
      width: narrow ? 60 : 250,
      minWidth: narrow ? 60 : 250,
      maxWidth: narrow ? 60 : 250,
      flex: 0,
      cellRenderer: ({ data }: { data?: InterviewResultRow }) => {
        const cell = data?.interviewQuestionsResult.find((q) => q.sequence === question.sequence);
        return data && cell ? (
          <QuestionFlag
            result={cell.result}
            testId={`results-question-${data.interviewResultId}-${question.sequence}`}
          />
        ) : null;
      },
    });
  }
  columns.push(
    {
      colId: 'accessCode',
      headerName: i18n._(msg`Access Code`),
      sortable: false,
      valueGetter: ({ data }) => groupAccessCode(data?.accessCode),
    },
    ...(o.showEmailStatus
      ? [
          {
            colId: 'emailStatus',
            headerName: i18n._(msg`Email Status`),
            sortable: false,
            valueGetter: ({ data }: { data?: InterviewResultRow }) =>
              data?.resultEmailStatus === 'sent'
                ? i18n._(msg`Sent`)
                : data?.resultEmailStatus === 'queued'
                  ? i18n._(msg`Queued`)
                  : data?.resultEmailStatus === 'failed'
                    ? i18n._(msg`Failed`)
                    : '',
          } satisfies DataGridColumn<InterviewResultRow>,
        ]
      : []),
    {
      colId: 'createdBy',
      headerName: i18n._(msg`Created By`),
      sortable: false,
      valueGetter: ({ data }) => data?.created_by ?? '',
    },
    {
      colId: 'actions',
      headerName: i18n._(msg`Actions`),
      sortable: false,
      minWidth: o.onOutcome || o.onNotes || o.onEmail || o.onRecording ? 290 : 130,
      cellRenderer: ({ data }: { data?: InterviewResultRow }) => {
        if (!data) return null;
        const name = data.interviewReferenceNumber ?? data.interviewResultId;
        const outcome = o.onOutcome;
        const notes = o.onNotes;
        return (
          <HStack gap="1" h="full">
            {data.interviewReferenceNumber ? (
              // The result detail page (docs/product/project-results.md#detail-page).
              <IconButton asChild size="xs" variant="ghost" aria-label={i18n._(msg`Open result ${name}`)}>
                <RouterLink
                  to={resultDetailPath(data.projectId, data.interviewReferenceNumber)}
                  data-testid={`results-detail-${data.interviewResultId}`}
                >
                  <LuEye />
                </RouterLink>
              </IconButton>
            ) : null}
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={i18n._(msg`Download PDF of ${name}`)}
              loading={o.pdfBusy === data.interviewResultId}
              onClick={() => o.onPdf(data)}
              data-testid={`results-pdf-${data.interviewResultId}`}
            >
              <LuFileDown />
            </IconButton>
            {outcome ? (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={i18n._(msg`Outcome tracking of ${name}`)}
                onClick={() => outcome(data)}
                data-testid={`results-outcome-${data.interviewResultId}`}
              >
                <LuClipboardCheck />
              </IconButton>
            ) : null}
            {notes ? (
              <IconButton
                size="xs"
                variant={data.audioQualityControlError ? 'subtle' : 'ghost'}
                aria-label={i18n._(msg`Notes of ${name}`)}
                title={data.audioQualityControlError ?? undefined}
                onClick={() => notes(data)}
                data-testid={`results-notes-${data.interviewResultId}`}
              >
                <LuStickyNote />
              </IconButton>
            ) : null}
            {o.onRecording && data.interviewRecordingExist ? (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={i18n._(msg`Download recording of ${name}`)}
                title={i18n._(msg`Recording`)}
                loading={o.recordingBusy === data.interviewResultId}
                onClick={() => o.onRecording?.(data)}
                data-testid={`results-recording-${data.interviewResultId}`}
              >
                <LuFileAudio />
              </IconButton>
            ) : null}
            {o.onEmail && data.released ? (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={i18n._(msg`E-mail result ${name}`)}
                loading={o.emailBusy === data.interviewResultId}
                onClick={() => o.onEmail?.(data)}
                data-testid={`results-email-${data.interviewResultId}`}
              >
                <LuMail />
              </IconButton>
            ) : null}
            {data.followedUp ? (
              <Badge size="sm" colorPalette="purple" data-testid={`results-outcome-badge-${data.interviewResultId}`}>
                {o.outcomeLabel(data)}
              </Badge>
            ) : null}
          </HStack>
        );
      },
    },
  );
  return columns;
}
