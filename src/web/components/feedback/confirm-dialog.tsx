import { Button, Dialog, Portal, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
// A public page (the password reset) shows this dialog: its recipe is not in the entry's system (ADR 0123).
import '../../theme/dialog-recipe';

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  /** The question or the content (e.g. a list) to confirm. */
  children: ReactNode;
  confirmLabel: ReactNode;
  /** Left out: an information dialog with the confirm button only (Escape still calls onCancel). */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape and (unless dismissible is false) the backdrop all call it. */
  onCancel: () => void;
  /** A destructive action (delete) gets the danger palette. */
  tone?: 'brand' | 'danger';
  /** While the confirmed action runs: the confirm button shows a spinner and both buttons are disabled. */
  busy?: boolean;
  /** Whether Escape and a click outside close the dialog (as Cancel). */
  dismissible?: boolean;
  testId?: string;
  confirmTestId?: string;
  cancelTestId?: string;
}

/**
 * The console's one confirmation dialog (unsaved changes, the tenant chooser, delete and e-mail-exists
 * confirmations): a title, the content, Cancel and a confirm button, as an alert dialog.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'brand',
  busy = false,
  dismissible = true,
  testId,
  confirmTestId,
  cancelTestId,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      closeOnEscape={dismissible}
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {title ? (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            ) : null}
            <Dialog.Body pt={title ? undefined : '6'}>{children}</Dialog.Body>
            <Dialog.Footer>
              {cancelLabel === undefined ? null : (
                <Button variant="outline" onClick={onCancel} disabled={busy} data-testid={cancelTestId}>
                  {cancelLabel}
                </Button>
              )}
              <Button
                colorPalette={tone === 'danger' ? 'red' : 'brand'}
                onClick={onConfirm}
                disabled={busy}
                data-testid={confirmTestId}
              >
                {busy ? <Spinner size="sm" /> : null}
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
