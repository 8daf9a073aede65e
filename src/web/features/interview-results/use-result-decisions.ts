import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import {
  useMarkResultsReviewedMutation,
  useUpdateResultStatusMutation,
  type ReviewMarking,
} from '../../api/generated/execution-service';
import type { ResultFeedback } from './use-result-files';
import type { ResultsState } from './use-results-state';

export type ResultDecision = 'release' | 'delete' | 'Reviewed' | 'Unreviewed';
export type NoAction = { action: 'Reviewed' | 'Unreviewed'; rows: ReviewMarking['noAction'] };

/**
 * Release, Delete, Mark Reviewed and Mark Unreviewed of the ticked results after one confirmation
 * (docs/product/project-results.md#release-delete): the server's message, the ticks cleared, and for a marking the results
 * it left alone ("no action").
 */
export function useResultDecisions(
  projectId: number,
  state: ResultsState,
  setFeedback: (feedback: ResultFeedback) => void,
) {
  const { t } = useLingui();
  const [pending, setPending] = useState<ResultDecision | null>(null);
  const [noAction, setNoAction] = useState<NoAction | null>(null);
  const [updateStatus, updating] = useUpdateResultStatusMutation();
  const [markReviewed, marking] = useMarkResultsReviewedMutation();
  const ids = [...state.selected];

  const confirm = async () => {
    if (!pending) return;
    const review = pending === 'Reviewed' || pending === 'Unreviewed' ? pending : null;
    const answer = review
      ? await markReviewed({ body: { action: review, projectId, interviewResultIds: ids } })
      : await updateStatus({
          body: ids.map((interviewResultId) => ({
            interviewResultId,
            projectId,
            released: pending === 'release',
            deleted: pending !== 'release',
          })),
        });
    setPending(null);
    if ('error' in answer) {
      setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
      return;
    }
    state.clearSelection();
    setFeedback({ tone: 'success', text: answer.data.message });
    if (review && 'noAction' in answer.data)
      setNoAction(answer.data.noAction.length ? { action: review, rows: answer.data.noAction } : null);
  };

  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    confirm,
    busy: updating.isLoading || marking.isLoading,
    noAction,
    clearNoAction: () => setNoAction(null),
  };
}
