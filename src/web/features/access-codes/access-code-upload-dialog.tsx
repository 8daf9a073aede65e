import { Alert, List, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useUploadAccessCodesMutation } from '../../api/generated/project-service';
import { UploadDialog } from '../../components/feedback/upload-dialog';
import { SuccessAlert } from '../../components/feedback/success-alert';

/**
 * The files the upload offers (docs/product/access-codes.md#list, docs/product/access-codes.md#upload); the server
 * checks name and bytes and reads all three (ADR 0053).
 */
export const ACCESS_CODE_UPLOAD_ACCEPT = '.xlsx,.xls,.txt';
/** docs/product/access-codes.md#upload: the dialog closes 4 s after a successful upload. */
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
  const [error, setError] = useState<string | null>(null);
  const [errorLines, setErrorLines] = useState<string[] | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [upload, uploading] = useUploadAccessCodesMutation();

  useEffect(() => {
    if (!success) return undefined;
    const timer = setTimeout(onClose, ACCESS_CODE_UPLOAD_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  const submit = async (file: File) => {
    setError(null);
    setErrorLines(null);
    const answer = await upload({ body: { projectId, file } });
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
    <UploadDialog
      title={<Trans>Upload Access Codes</Trans>}
      testId="access-code-upload"
      accept={ACCESS_CODE_UPLOAD_ACCEPT}
      busy={uploading.isLoading}
      error={error}
      onDismissError={() => setError(null)}
      onFileChange={() => {
        setErrorLines(null);
        setError(null);
      }}
      onUpload={(file) => void submit(file)}
      onClose={onClose}
      notice={
        errorLines ? (
          <Alert.Root status="error" role="alert" data-testid="access-code-upload-error" alignItems="flex-start">
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
        ) : null
      }
      done={success ? <SuccessAlert message={success} testId="access-code-upload-success" /> : undefined}
    />
  );
}
