import { Box, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  useListQuestionResultsQuery,
  type InterviewResultRow,
  type QuestionResultDetail,
} from '../../api/generated/execution-service';
import { DataGrid, type DataGridColumn } from '../../components/data-grid/data-grid';
import { QueryFailure } from '../../components/feedback/load-failure';
import { RiskBadge } from '../../components/risk-badge/risk-badge';
import { ResultModal } from './result-modal';

interface QuestionDetailModalProps {
  result: InterviewResultRow;
  onClose: () => void;
}

/**
 * The question-result detail of a hybrid questionnaire's result (002 §2.5; docs/product/project-results.md#question-detail):
 * every question with the risk result of this interview (as the project's template shows it) and the transcription.
 */
export function QuestionDetailModal({ result, onClose }: QuestionDetailModalProps) {
  const { t } = useLingui();
  const detail = useListQuestionResultsQuery({ id: result.interviewResultId });
  const irn = result.interviewReferenceNumber ?? String(result.interviewResultId);
  const columns = useMemo<DataGridColumn<QuestionResultDetail>[]>(
    () => [
      { colId: 'sequence', headerName: '#', maxWidth: 70, valueGetter: ({ data }) => data?.sequence ?? '' },
      {
        colId: 'question',
        headerName: t`Question`,
        minWidth: 260,
        flex: 2,
        wrapText: true,
        autoHeight: true,
        valueGetter: ({ data }) => data?.questionText ?? '',
      },
      {
        colId: 'expected',
        headerName: t`Expected Answer`,
        valueGetter: ({ data }) => data?.expectedAnswer ?? '',
      },
      {
        colId: 'result',
        headerName: t`Result`,
        minWidth: 170,
        cellRenderer: ({ data }: { data?: QuestionResultDetail }) =>
          data?.result ? (
            <Box h="full" display="flex" alignItems="center">
              <RiskBadge
                code={data.result.code}
                text={data.result.text}
                resultType={data.result.badge}
                iconId={data.result.iconId}
                testId={`question-detail-result-${data.sequence}`}
              />
            </Box>
          ) : null,
      },
      {
        colId: 'transcription',
        headerName: t`Transcription`,
        minWidth: 200,
        flex: 2,
        wrapText: true,
        autoHeight: true,
        valueGetter: ({ data }) => data?.transcription ?? '',
      },
    ],
    [t],
  );
  return (
    <ResultModal
      title={<Trans>Question Results: {irn}</Trans>}
      onClose={onClose}
      size="xl"
      testId="question-detail-modal"
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          <Trans>Overall: {result.overallEvaluation.text}</Trans>
        </Text>
        {detail.error ? (
          <QueryFailure query={detail} testId="question-detail-error" />
        ) : (
          <DataGrid<QuestionResultDetail>
            testId="question-detail-list"
            rows={detail.data}
            loading={detail.isFetching}
            columns={columns}
            rowId={(row) => String(row.sequence)}
            emptyText={t`There are no results to show.`}
          />
        )}
      </Stack>
    </ResultModal>
  );
}
