import { Button, CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

export interface UploadDialogProps {
  title: ReactNode;
  /** Test ids: `<testId>-dialog`, `-error`, `-input`, `-close`, `-submit`. */
  testId: string;
  /** The file picker's accept list (the server checks name and bytes). */
  accept: string;
  /** While the upload runs: the Upload button shows its spinner. */
  busy: boolean;
  /** The failure, shown through the one error alert. */
  error: string | null;
  onDismissError: () => void;
  /** Fields above the file picker (e.g. the participant upload's mode). */
  fields?: ReactNode;
  /** Another alert below the error (e.g. the access-code upload's refused-file lines). */
  notice?: ReactNode;
  /** The outcome: shown instead of the picker, and the Upload button goes. */
  done?: ReactNode;
  /** When the chosen file changes (a dialog may clear its earlier failure). */
  onFileChange?: (file: File | null) => void;
  onUpload: (file: File) => void;
  onClose: () => void;
}

/**
 * The one upload dialog (docs/development.md "one way"): title, file picker with its accept list, the error
 * alert, the outcome, Close and Upload (pending while `busy`). The participant, access-code and results uploads
 * use it.
 */
export function UploadDialog(props: UploadDialogProps) {
  const { title, testId, accept, busy, error, onDismissError, fields, notice, done, onFileChange, onUpload, onClose } =
    props;
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  return (
    <Dialog.Root open size="md" placement="center" onOpenChange={({ open }) => (open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${testId}-dialog`}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="4">
                {error ? <ErrorAlert message={error} onDismiss={onDismissError} testId={`${testId}-error`} /> : null}
                {notice}
                {done ?? (
                  <>
                    {fields}
                    <Input
                      type="file"
                      accept={accept}
                      aria-label={t`Choose file`}
                      data-testid={`${testId}-input`}
                      onChange={(event) => {
                        const chosen = event.currentTarget.files?.[0] ?? null;
                        setFile(chosen);
                        onFileChange?.(chosen);
                      }}
                    />
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid={`${testId}-close`}>
                <Trans>Close</Trans>
              </Button>
              {done ? null : (
                <Button
                  colorPalette="brand"
                  disabled={!file}
                  loading={busy}
                  onClick={() => (file ? onUpload(file) : undefined)}
                  data-testid={`${testId}-submit`}
                >
                  <Trans>Upload</Trans>
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
