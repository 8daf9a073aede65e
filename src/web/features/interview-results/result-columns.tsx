import { Badge, Box, Button, HStack } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import type { InterviewResultRow } from '../../api/generated/execution-service';
import type { DataGridColumn } from '../../components/data-grid/data-grid';
import { RiskBadge } from '../../components/risk-badge/risk-badge';
import { groupAccessCode, WIDE_QUESTION_COLUMNS } from '../../../shared/result-rules';
import { QuestionFlag } from './question-flag';
import { ResultActionsCell } from './result-actions-cell';
import type { ResultColumnOptions } from './result-column-options';
import { selectColumn } from './result-select-column';

/** Sorting happens on the server (docs/product/project-results.md#sorting): the grid keeps the order it gets. */
const serverSorted = { sortable: true, comparator: () => 0 } as const;

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
  if (o.canSelect) columns.push(selectColumn(o));
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
      cellRenderer: ({ data }: { data?: InterviewResultRow }) => (data ? <ResultActionsCell row={data} o={o} /> : null),
    },
  );
  return columns;
}
