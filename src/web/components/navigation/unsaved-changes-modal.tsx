import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ConfirmDialog } from '../feedback/confirm-dialog';

interface UnsavedChangesModalProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Are you sure you want to leave?" confirmation; OK leaves and loses the changes, Cancel stays. */
export function UnsavedChangesModal({ open, onCancel, onConfirm }: UnsavedChangesModalProps) {
  return (
    <ConfirmDialog
      open={open}
      testId="unsaved-changes-modal"
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>OK</Trans>}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Text>
        <Trans>Are you sure you want to leave? You have some unsaved changes.</Trans>
      </Text>
    </ConfirmDialog>
  );
}
