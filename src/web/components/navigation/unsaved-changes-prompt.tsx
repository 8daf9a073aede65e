import { UnsavedChangesModal } from './unsaved-changes-modal';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

/** Drop into any form: while `dirty`, leaving asks for confirmation first. */
export function UnsavedChangesPrompt({ dirty }: { dirty: boolean }) {
  const blocker = useUnsavedChangesGuard(dirty);
  return (
    <UnsavedChangesModal
      open={blocker.state === 'blocked'}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
