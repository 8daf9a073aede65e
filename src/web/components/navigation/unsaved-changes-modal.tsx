import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

interface UnsavedChangesModalProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Are you sure you want to leave?" confirmation; OK leaves and loses the changes, Cancel stays. */
export function UnsavedChangesModal({ open, onCancel, onConfirm }: UnsavedChangesModalProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="unsaved-changes-modal">
            <Dialog.Body pt="6">
              <Text>
                <Trans>Are you sure you want to leave? You have some unsaved changes.</Trans>
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="brand" onClick={onConfirm}>
                <Trans>OK</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
