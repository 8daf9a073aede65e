import { Button, Dialog, Input, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useUploadDocumentMutation } from '../../api/generated/user-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { DOCUMENT_EXTENSIONS, documentFileProblem } from './document-rules';

interface UploadDocumentDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a successful upload (the dialog closes; the list reloads: the upload invalidates its Document tag). */
  onUploaded: (message: string) => void;
}

/**
 * The add-document modal (docs/product/documents.md#upload): choose a file; Select stays disabled until the
 * file's type and size are valid; then it uploads, closes and the list reloads.
 */
export function UploadDocumentDialog({ open, onClose, onUploaded }: UploadDocumentDialogProps) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, uploading] = useUploadDocumentMutation();

  const close = () => {
    if (uploading.isLoading) return;
    setFile(null);
    setError(null);
    onClose();
  };

  const choose = (chosen: File | undefined) => {
    setError(null);
    setFile(null);
    if (!chosen) return;
    const problem = documentFileProblem(chosen);
    if (problem === 'type') setError(t`Invalid file type. Please upload a valid file.`);
    else if (problem === 'size') setError(t`File size should be less than or equal to 10 MB`);
    else setFile(chosen);
  };

  const submit = async () => {
    if (!file) return;
    const result = await upload({ body: { document: file } });
    if ('error' in result) {
      console.error('Document upload failed', result.error);
      setError(getErrorMessage(result.error, t`Something went wrong`));
      return;
    }
    setFile(null);
    setError(null);
    onUploaded(t`Document uploaded successfully!`);
  };

  return (
    <Dialog.Root
      open={open}
      placement="center"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="document-upload-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Add Document</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Input
                  type="file"
                  p="1"
                  accept={DOCUMENT_EXTENSIONS.join(',')}
                  aria-label={t`Choose a document`}
                  disabled={uploading.isLoading}
                  onChange={(event) => choose(event.currentTarget.files?.[0])}
                  data-testid="document-upload-input"
                />
                <Text fontSize="sm" color="fg.muted">
                  <Trans>PDF, PNG, JPEG, XLSX, DOCX, DOC, JSON or HTML, at most 10 MB.</Trans>
                </Text>
                {error ? <ErrorAlert message={error} testId="document-upload-error" /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                onClick={close}
                disabled={uploading.isLoading}
                data-testid="document-upload-cancel"
              >
                <Trans>Cancel</Trans>
              </Button>
              <Button
                colorPalette="brand"
                disabled={!file || uploading.isLoading}
                onClick={() => void submit()}
                data-testid="document-upload-select"
              >
                {uploading.isLoading ? <Spinner size="sm" /> : null}
                {uploading.isLoading ? <Trans>Uploading...</Trans> : <Trans>Select</Trans>}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
