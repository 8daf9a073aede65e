import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useUploadParticipantsMutation, type ParticipantUploadResult } from '../../api/generated/participant-service';
import { useDownloadImportErrorFileMutation } from '../../api/generated/project-service';
import { UploadDialog } from '../../components/feedback/upload-dialog';

/** The files the upload takes (docs/product/participants.md#import; the server checks name and bytes). */
export const PARTICIPANT_UPLOAD_ACCEPT = '.xlsx,.xls,.csv';

export interface ParticipantUploadDialogProps {
  projectId: number;
  /** Replace All also deletes participants: offered only with tenant.project.participants.delete. */
  canReplace: boolean;
  onClose: () => void;
  /** After a successful upload, so the list reloads. */
  onUploaded: () => void;
}

/**
 * Upload Data (docs/product/participants.md#import): the Replace All / Append choice, the file, and
 * the result: 'Success!' or 'Errors Found!' with each check Passed or Failed and its count, and the error file.
 */
export function ParticipantUploadDialog({ projectId, canReplace, onClose, onUploaded }: ParticipantUploadDialogProps) {
  const { t } = useLingui();
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [result, setResult] = useState<ParticipantUploadResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, uploading] = useUploadParticipantsMutation();
  const [downloadErrors, downloading] = useDownloadImportErrorFileMutation();

  const submit = async (file: File) => {
    setError(null);
    const answer = await upload({ projectId, replaceAll: mode === 'replace', body: { file } });
    if ('error' in answer) {
      setError(getErrorMessage(answer.error, t`Error occurred in file upload please try again`));
      return;
    }
    setResult(answer.data);
    if (answer.data.uploadStatus === 'SUCCESS') onUploaded();
  };

  const downloadErrorFile = async (fileName: string) => {
    const answer = await downloadErrors({ body: { error_file_name: fileName, error_type: 'participant' } });
    if ('error' in answer) setError(getErrorMessage(answer.error, t`Something went wrong`));
  };

  const failed = result?.uploadStatus === 'FAILED';
  const checks = result
    ? [
        { key: 'columns', label: t`Columns`, passed: result.columns, count: result.columnsErrors },
        { key: 'irn', label: t`IRNs Unique`, passed: result.irnUnique, count: result.irnErrors },
        { key: 'email', label: t`Emails Valid`, passed: result.emailValid, count: result.emailErrors },
        { key: 'phone', label: t`Phone #s`, passed: result.phone, count: result.phoneErrors },
        { key: 'language', label: t`Language`, passed: result.language, count: result.languageErrors },
      ]
    : [];

  return (
    <UploadDialog
      title={result ? failed ? t`Upload Failed` : t`Upload Completed` : <Trans>Upload Data</Trans>}
      testId="participants-upload"
      accept={PARTICIPANT_UPLOAD_ACCEPT}
      busy={uploading.isLoading}
      error={error}
      onDismissError={() => setError(null)}
      onUpload={(file) => void submit(file)}
      onClose={onClose}
      fields={
        <Field.Root>
          <Field.Label>
            <Trans>Upload mode</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={mode}
              onChange={(event) => setMode(event.currentTarget.value === 'replace' ? 'replace' : 'append')}
              data-testid="participants-upload-mode"
            >
              <option value="append">{t`Append`}</option>
              {canReplace ? <option value="replace">{t`Replace All`}</option> : null}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      }
      done={
        result ? (
          <Stack gap="2" data-testid="participants-upload-result">
            <Text fontWeight="semibold" data-testid="participants-upload-status">
              {failed ? t`Errors Found!` : t`Success!`}
            </Text>
            <Text data-testid="participants-upload-records">
              <Trans>Records: {result.numberOfRecords}</Trans>
            </Text>
            {failed
              ? checks.map((check) => (
                  <HStack key={check.key} justify="space-between" data-testid={`participants-upload-${check.key}`}>
                    <Text>{check.label}</Text>
                    <Text color={check.passed ? 'fg.success' : 'fg.error'}>
                      {check.passed ? t`Passed` : t`Failed (${check.count})`}
                    </Text>
                  </HStack>
                ))
              : null}
            {result.error_file_name ? (
              <Button
                variant="plain"
                colorPalette="brand"
                alignSelf="start"
                loading={downloading.isLoading}
                onClick={() => void downloadErrorFile(result.error_file_name!)}
                data-testid="participants-upload-error-file"
              >
                <Trans>Import Errors File.txt</Trans>
              </Button>
            ) : null}
          </Stack>
        ) : undefined
      }
    />
  );
}
