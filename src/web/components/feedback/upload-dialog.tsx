import { Button, CloseButton, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
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
  /** A file the console refuses before sending: its message, shown as the failure, and Upload stays disabled. */
  fileProblem?: (file: File) => string | null;
  /** A line under the picker (e.g. the types and size accepted). */
  hint?: ReactNode;
  /** The buttons' words where the page names them otherwise (Documents: 'Cancel' and 'Select'). */
  closeLabel?: ReactNode;
  uploadLabel?: ReactNode;
  /** A click outside does not close the dialog. */
  modal?: boolean;
  onUpload: (file: File) => void;
  onClose: () => void;
}

/**
 * The one upload dialog (docs/development.md "one way"): title, file picker with its accept list, the error
 * alert, the outcome, Close and Upload (pending while `busy`, when Close waits for it). The participant,
 * access-code, results and document uploads use it.
 */
export function UploadDialog(props: UploadDialogProps) {
  const { title, testId, accept, busy, error, onDismissError, fields, notice, done, onFileChange, onUpload } = props;
  const { fileProblem, hint, closeLabel, uploadLabel, modal = false } = props;
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // An upload under way finishes before the dialog goes.
  const onClose = () => (busy ? undefined : props.onClose());
  const failure = error ?? problem;
  return (
    <Dialog.Root
      open
      size="md"
      placement="center"
      closeOnInteractOutside={!modal}
      onOpenChange={({ open }) => (open ? undefined : onClose())}
    >
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
                {failure ? (
                  <ErrorAlert
                    message={failure}
                    onDismiss={error ? onDismissError : () => setProblem(null)}
                    testId={`${testId}-error`}
                  />
                ) : null}
                {notice}
                {done ?? (
                  <>
                    {fields}
                    <Input
                      type="file"
                      accept={accept}
                      p="1"
                      aria-label={t`Choose file`}
                      disabled={busy}
                      data-testid={`${testId}-input`}
                      onChange={(event) => {
                        const chosen = event.currentTarget.files?.[0] ?? null;
                        const refused = chosen && fileProblem ? fileProblem(chosen) : null;
                        setProblem(refused);
                        setFile(refused ? null : chosen);
                        onFileChange?.(chosen);
                      }}
                    />
                    {hint ? (
                      <Text fontSize="sm" color="fg.muted">
                        {hint}
                      </Text>
                    ) : null}
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy} data-testid={`${testId}-close`}>
                {closeLabel ?? <Trans>Close</Trans>}
              </Button>
              {done ? null : (
                <Button
                  colorPalette="brand"
                  disabled={!file}
                  loading={busy}
                  onClick={() => (file ? onUpload(file) : undefined)}
                  data-testid={`${testId}-submit`}
                >
                  {uploadLabel ?? <Trans>Upload</Trans>}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
