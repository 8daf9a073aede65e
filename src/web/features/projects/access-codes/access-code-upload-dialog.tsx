import { Alert, Button, CloseButton, Dialog, Input, List, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../api/error-message';
import { useUploadAccessCodesMutation } from '../../../api/generated/participant-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';

/** The files the upload offers (001 §2, §5); the server checks name and bytes and reads all three (ADR 0053). */
export const ACCESS_CODE_UPLOAD_ACCEPT = '.xlsx,.xls,.txt';
/** 001 §8, §9: the dialog closes 4 s after a successful upload. */
export const ACCESS_CODE_UPLOAD_CLOSE_MS = 4000;

/**
 * The server's `erroCode` HTML as text lines: parsed, never inserted as HTML (ADR 0046). The paragraphs and
 * list items in order.
 */
export function errorCodeLines(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.body.querySelectorAll('p, li')].map((node) => node.textContent?.trim() ?? '').filter(Boolean);
}

interface AccessCodeUploadDialogProps {
  projectId: number;
  onClose: () => void;
}

/**
 * Upload (docs/product/access-codes.md#upload): a .xlsx, .xls or .txt file; a refused file shows the server's
 * HTML error (erroCode) as a danger alert, any other failure the server message; success shows the status
 * text and closes the dialog after 4 s.
 */
export function AccessCodeUploadDialog({ projectId, onClose }: AccessCodeUploadDialogProps) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorLines, setErrorLines] = useState<string[] | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [upload, uploading] = useUploadAccessCodesMutation();

  useEffect(() => {
    if (!success) return undefined;
    const timer = setTimeout(onClose, ACCESS_CODE_UPLOAD_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  const submit = async () => {
    if (!file) return;
    setError(null);
    setErrorLines(null);
    const answer = await upload({ projectId, body: { file } });
    if ('error' in answer) {
      setError(getErrorMessage(answer.error, t`Error occurred in file upload please try again`));
      return;
    }
    if (answer.data.status === 'FAILED') {
      if (answer.data.erroCode) setErrorLines(errorCodeLines(answer.data.erroCode));
      else setError(answer.data.message);
      return;
    }
    setSuccess(answer.data.message);
  };

  return (
    <Dialog.Root open size="md" placement="center" onOpenChange={({ open }) => (open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="access-code-upload-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Upload Access Codes</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="4">
                {error ? (
                  <ErrorAlert message={error} onDismiss={() => setError(null)} testId="access-code-upload-error" />
                ) : null}
                {errorLines ? (
                  <Alert.Root
                    status="error"
                    role="alert"
                    data-testid="access-code-upload-error"
                    alignItems="flex-start"
                  >
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Description>
                        <Text>{errorLines[0]}</Text>
                        <List.Root ps="4">
                          {errorLines.slice(1).map((line, i) => (
                            <List.Item key={i}>{line}</List.Item>
                          ))}
                        </List.Root>
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}
                {success ? (
                  <SuccessAlert message={success} testId="access-code-upload-success" />
                ) : (
                  <Input
                    type="file"
                    accept={ACCESS_CODE_UPLOAD_ACCEPT}
                    aria-label={t`Choose file`}
                    data-testid="access-code-upload-input"
                    onChange={(event) => {
                      setFile(event.currentTarget.files?.[0] ?? null);
                      setErrorLines(null);
                      setError(null);
                    }}
                  />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="access-code-upload-close">
                <Trans>Close</Trans>
              </Button>
              {success ? null : (
                <Button
                  colorPalette="brand"
                  disabled={!file}
                  loading={uploading.isLoading}
                  onClick={() => void submit()}
                  data-testid="access-code-upload-submit"
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
