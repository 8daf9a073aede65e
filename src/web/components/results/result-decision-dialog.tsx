import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../feedback/confirm-dialog';
import type { ResultDecision } from './use-result-decisions';

interface ResultDecisionDialogProps {
  pending: ResultDecision | null;
  /** The results ticked. */
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The one confirmation of Release, Delete, Mark Reviewed and Mark Unreviewed (docs/product/project-results.md#release-delete). */
export function ResultDecisionDialog({ pending, count, busy, onCancel, onConfirm }: ResultDecisionDialogProps) {
  return (
    <ConfirmDialog
      open={pending !== null}
      tone={pending === 'delete' ? 'danger' : 'brand'}
      busy={busy}
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
      onCancel={onCancel}
      onConfirm={onConfirm}
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
        <Trans>Are you sure you want to delete the {count} selected results?</Trans>
      ) : pending === 'release' ? (
        <Trans>Are you sure you want to release the {count} selected results?</Trans>
      ) : pending === 'Reviewed' ? (
        <Trans>Are you sure you want to mark the {count} selected results as reviewed?</Trans>
      ) : (
        <Trans>Are you sure you want to mark the {count} selected results as unreviewed?</Trans>
      )}
    </ConfirmDialog>
  );
}
