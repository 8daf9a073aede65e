import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useUploadResultsMutation, type ResultUploadAnswer } from '../../api/generated/execution-service';
import { useDownloadImportErrorFileMutation } from '../../api/generated/project-service';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { UploadDialog } from '../../components/feedback/upload-dialog';

/** The files the results upload takes (docs/product/results-upload.md; the server checks name and bytes). */
export const RESULTS_UPLOAD_ACCEPT = '.xlsx,.csv';

interface ResultsUploadDialogProps {
  projectId: number;
  onClose: () => void;
  /** After a stored upload, so the list reloads. */
  onUploaded: () => void;
}

/**
 * Upload Results (docs/product/results-upload.md#console; docs/product/results-upload.md): the file; a stored upload
 * shows the server's message, duplicates the duplicates text with the error-file link (error_type 'result'), any other
 * failure the server message or 'Some error occurred while updating Results, Please try again later.'.
 */
export function ResultsUploadDialog({ projectId, onClose, onUploaded }: ResultsUploadDialogProps) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ResultUploadAnswer | null>(null);
  const [upload, uploading] = useUploadResultsMutation();
  const [downloadErrors, downloading] = useDownloadImportErrorFileMutation();

  const submit = async (file: File) => {
    setError(null);
    const sent = await upload({ projectId, body: { file } });
    if ('error' in sent) {
      setError(getErrorMessage(sent.error, t`Some error occurred while updating Results, Please try again later.`));
      return;
    }
    setAnswer(sent.data);
    if (sent.data.uploadStatus === 'SUCCESS') onUploaded();
  };

  const downloadErrorFile = async (fileName: string) => {
    const sent = await downloadErrors({ body: { error_file_name: fileName, error_type: 'result' } });
    if ('error' in sent) setError(getErrorMessage(sent.error, t`Something went wrong`));
  };

  const duplicates = answer?.duplicateFileName ? answer : null;
  return (
    <UploadDialog
      title={duplicates ? <Trans>Duplicate Results</Trans> : <Trans>Upload Results</Trans>}
      testId="results-upload"
      accept={RESULTS_UPLOAD_ACCEPT}
      busy={uploading.isLoading}
      error={error}
      onDismissError={() => setError(null)}
      onUpload={(file) => void submit(file)}
      onClose={onClose}
      done={
        duplicates ? (
          <Stack gap="2" data-testid="results-upload-duplicates">
            <Text>
              <Trans>
                {duplicates.duplicates} duplicate results were found in the file; nothing was stored. Download the error
                file for the rows.
              </Trans>
            </Text>
            <Button
              variant="plain"
              colorPalette="brand"
              alignSelf="start"
              loading={downloading.isLoading}
              onClick={() => void downloadErrorFile(duplicates.duplicateFileName!)}
              data-testid="results-upload-error-file"
            >
              <Trans>Download error file</Trans>
            </Button>
          </Stack>
        ) : answer ? (
          <SuccessAlert message={t`Results uploaded: ${answer.numberOfRecords}`} testId="results-upload-success" />
        ) : undefined
      }
    />
  );
}
