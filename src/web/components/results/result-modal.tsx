import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface ResultModalProps {
  title: ReactNode;
  onClose: () => void;
  /** While a save runs the modal stays open. */
  busy?: boolean;
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  testId: string;
  children: ReactNode;
}

/** The frame of the results tab's modals (notes, outcome tracking, question detail): title, close, body, footer. */
export function ResultModal({ title, onClose, busy = false, footer, size = 'lg', testId, children }: ResultModalProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root
      open
      size={size}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} data-testid={`${testId}-close`} />
            </Dialog.CloseTrigger>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
