import { Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { InterviewResultRow } from '../../api/generated/execution-service';
import { QuestionResultsGrid } from './question-results-grid';
import { ResultModal } from '../../components/results/result-modal';

interface QuestionDetailModalProps {
  result: InterviewResultRow;
  onClose: () => void;
}

/**
 * The question-result detail of a hybrid questionnaire's result (docs/product/project-results.md#question-detail):
 * every question with the risk result of this interview (as the project's template shows it) and the transcription.
 */
export function QuestionDetailModal({ result, onClose }: QuestionDetailModalProps) {
  const irn = result.interviewReferenceNumber ?? String(result.interviewResultId);
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
        <QuestionResultsGrid resultId={result.interviewResultId} />
      </Stack>
    </ResultModal>
  );
}
