import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import {
  useMarkResultsReviewedMutation,
  useUpdateResultStatusMutation,
  type ReviewMarking,
} from '../../api/generated/execution-service';
import { accountOf, type ResultFeedback, type ResultRef } from './result-ref';

export type ResultDecision = 'release' | 'delete' | 'Reviewed' | 'Unreviewed';
export type NoAction = { action: 'Reviewed' | 'Unreviewed'; rows: ReviewMarking['noAction'] };

/** The ticked results by account and project: one status call each (the call takes one project's results). */
export function byAccountAndProject(selection: readonly ResultRef[]): ResultRef[][] {
  const groups = new Map<string, ResultRef[]>();
  for (const ref of selection) {
    const key = `${ref.tenantId ?? ''}:${ref.projectId}`;
    const group = groups.get(key);
    if (group) group.push(ref);
    else groups.set(key, [ref]);
  }
  return [...groups.values()];
}

/**
 * Release, Delete, Mark Reviewed and Mark Unreviewed of the ticked results after one confirmation
 * (docs/product/project-results.md#release-delete): the server's message, the ticks cleared, and for a marking the
 * results it left alone ("no action"). The ticked results may be of several projects and accounts (the reports'
 * Results tab, docs/product/results-report.md#actions): one call per account and project, stopping at a refusal.
 */
export function useResultDecisions(
  selection: readonly ResultRef[],
  clearSelection: () => void,
  setFeedback: (feedback: ResultFeedback) => void,
) {
  const { t } = useLingui();
  const [pending, setPending] = useState<ResultDecision | null>(null);
  const [noAction, setNoAction] = useState<NoAction | null>(null);
  const [updateStatus, updating] = useUpdateResultStatusMutation();
  const [markReviewed, marking] = useMarkResultsReviewedMutation();
  const failed = (error: unknown) =>
    setFeedback({ tone: 'error', text: getErrorMessage(error, t`Something went wrong`) });

  const review = async (action: 'Reviewed' | 'Unreviewed') => {
    const answer = await markReviewed({
      body: {
        action,
        projectId: selection[0]!.projectId,
        interviewResultIds: selection.map((ref) => ref.interviewResultId),
      },
    });
    if ('error' in answer) return failed(answer.error);
    clearSelection();
    setFeedback({ tone: 'success', text: answer.data.message });
    if ('noAction' in answer.data)
      setNoAction(answer.data.noAction.length ? { action, rows: answer.data.noAction } : null);
  };

  const changeStatus = async (release: boolean) => {
    let message = '';
    for (const group of byAccountAndProject(selection)) {
      const answer = await updateStatus({
        ...accountOf(group[0]!),
        body: group.map(({ interviewResultId, projectId }) => ({
          interviewResultId,
          projectId,
          released: release,
          deleted: !release,
        })),
      });
      if ('error' in answer) return failed(answer.error);
      message = answer.data.message;
    }
    clearSelection();
    setFeedback({ tone: 'success', text: message });
  };

  const confirm = async () => {
    if (!pending || selection.length === 0) return;
    if (pending === 'Reviewed' || pending === 'Unreviewed') await review(pending);
    else await changeStatus(pending === 'release');
    setPending(null);
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
