import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/error-message';
import {
  useCreateProjectAssetUploadUrlMutation,
  useLazyDownloadProjectAssetQuery,
  useLazyDownloadProjectFileQuery,
  useLazyExportProjectDetailsQuery,
  useListProjectFilesQuery,
  useReadProjectConfigurationJsonMutation,
  useUploadProjectIswFileMutation,
  useUploadProjectMobileFileMutation,
  useUploadProjectSupervisorFileMutation,
  type ProjectFile,
} from '../../../api/generated/project-service';
import { putToSignedUrl } from '../../../api/signed-upload';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import {
  ASSETS_CONTENT_TYPE,
  FILE_EXTENSIONS,
  FILE_LABELS,
  hasExtension,
  MESSAGE_MS,
  MOBILE_ERROR_MESSAGE_MS,
  type ProjectFileKind,
} from './file-kinds';
import { FileRow, type FileOutcome } from './file-row';

export interface ProjectFilesSectionProps {
  projectId: number;
  /** The project's public uuid, which the mobile-app calls name it by. */
  projectUuid: string;
  /** Without tenant.project.detail.update: names and downloads only, no uploads. */
  readOnly: boolean;
  /** The parsed configuration JSON of an upload, for the form to save with the project. */
  onConfigurationJson?: (configurationJSON: Record<string, unknown>) => void;
}

type MobileKind = 'MOBILE_APP_XLSX' | 'QUESTIONS_AUDIO' | 'ASSETS_ZIP';

/**
 * The file controls of the project form (docs/product/project-team-and-files.md#files-section): the ISW and supervisor
 * spreadsheets, the configuration JSON, the Mobile APP Configuration uploads (assets zip through its signed upload
 * URL, questions audio, xlsx) with their downloads, and the "Export details" Word document, each with the
 * specification's messages (docs/product/project-team-and-files.md#files), cleared after 5 s (8 s for a mobile-app
 * error).
 */
export function ProjectFilesSection({
  projectId,
  projectUuid,
  readOnly,
  onConfigurationJson,
}: ProjectFilesSectionProps) {
  const { t, i18n } = useLingui();
  const files = useListProjectFilesQuery({ projectId });
  const [uploadIsw] = useUploadProjectIswFileMutation();
  const [uploadSupervisor] = useUploadProjectSupervisorFileMutation();
  const [uploadMobile] = useUploadProjectMobileFileMutation();
  const [createUploadUrl] = useCreateProjectAssetUploadUrlMutation();
  const [readConfiguration] = useReadProjectConfigurationJsonMutation();
  const [downloadFile] = useLazyDownloadProjectFileQuery();
  const [downloadAsset] = useLazyDownloadProjectAssetQuery();
  const [exportDetails, exporting] = useLazyExportProjectDetailsQuery();
  const [exportFailed, setExportFailed] = useState(false);

  if (files.isLoading) return <LoadingState />;
  if (files.error) return <QueryFailure query={files} testId="project-files-error" />;

  const stored = (kind: ProjectFileKind): ProjectFile | undefined => files.data?.find((f) => f.fileType === kind);
  const success = (text: string): FileOutcome => ({ tone: 'success', text, ms: MESSAGE_MS });
  const failure = (text: string, ms = MESSAGE_MS): FileOutcome => ({ tone: 'error', text, ms });
  const notSupported = (ms = MESSAGE_MS) => failure(t`File type not supported`, ms);

  const spreadsheetUpload = (kind: 'ISW_XLSX' | 'SUPERVISOR_XLSX') => async (file: File) => {
    if (!hasExtension(file.name, FILE_EXTENSIONS[kind])) return notSupported();
    const upload = kind === 'ISW_XLSX' ? uploadIsw : uploadSupervisor;
    const result = await upload({ projectId, body: { file } });
    return 'error' in result
      ? failure(t`Error occurred in file upload please try again`)
      : success(t`File uploaded successfully`);
  };

  const mobileUpload = (kind: MobileKind) => async (file: File) => {
    if (!hasExtension(file.name, FILE_EXTENSIONS[kind])) return notSupported(MOBILE_ERROR_MESSAGE_MS);
    const mobileFailure = (error: unknown) =>
      failure(getErrorMessage(error, t`error in file upload`), MOBILE_ERROR_MESSAGE_MS);
    if (kind === 'ASSETS_ZIP') {
      const grant = await createUploadUrl({ projectUuid, fileName: file.name });
      if ('error' in grant) return mobileFailure(grant.error);
      try {
        await putToSignedUrl(grant.data.url, file, ASSETS_CONTENT_TYPE);
      } catch {
        return failure(t`Error while uploading the file on bucket`, MOBILE_ERROR_MESSAGE_MS);
      }
      void files.refetch();
    } else {
      const body = kind === 'QUESTIONS_AUDIO' ? { questions: file } : { config: file };
      const result = await uploadMobile({ projectUuid, body });
      if ('error' in result) return mobileFailure(result.error);
    }
    return success(t`File Uploaded Successfully`);
  };

  const configurationUpload = async (file: File) => {
    if (!hasExtension(file.name, FILE_EXTENSIONS.CONFIGURATION_JSON)) return failure(t`Please select Json File`);
    const result = await readConfiguration({ projectId, body: { file } });
    if ('error' in result)
      return failure(getErrorMessage(result.error, t`JSON is not valid. Upload again after correction`));
    onConfigurationJson?.(result.data.configurationJSON);
    return success(t`File uploaded successfully`);
  };

  const download = (kind: ProjectFileKind) => async (): Promise<FileOutcome | null> => {
    const file = stored(kind);
    if (!file) return null;
    const result =
      kind === 'ISW_XLSX' || kind === 'SUPERVISOR_XLSX'
        ? await downloadFile({ projectId, fileType: kind })
        : await downloadAsset({ projectId, kind, fileName: file.fileName });
    return result.error ? failure(getErrorMessage(result.error, t`Something went wrong`)) : null;
  };

  const row = (kind: ProjectFileKind, upload: (file: File) => Promise<FileOutcome>) => (
    <FileRow
      testId={`project-file-${kind}`}
      label={i18n._(FILE_LABELS[kind])}
      extensions={FILE_EXTENSIONS[kind]}
      fileName={stored(kind)?.fileName ?? null}
      readOnly={readOnly}
      onUpload={upload}
      onDownload={download(kind)}
    />
  );

  const onExport = async () => {
    setExportFailed(false);
    const result = await exportDetails({ projectId });
    if (result.error) setExportFailed(true);
  };

  return (
    <Stack gap="5" data-testid="project-files">
      <HStack justify="flex-end">
        <Button
          size="sm"
          variant="outline"
          loading={exporting.isFetching}
          onClick={() => void onExport()}
          data-testid="project-export-details"
        >
          <Trans>Export details</Trans>
        </Button>
      </HStack>
      {exportFailed ? (
        <ErrorAlert message={t`Error`} onDismiss={() => setExportFailed(false)} testId="project-export-error" />
      ) : null}
      {row('ISW_XLSX', spreadsheetUpload('ISW_XLSX'))}
      {row('SUPERVISOR_XLSX', spreadsheetUpload('SUPERVISOR_XLSX'))}
      <FileRow
        testId="project-file-CONFIGURATION_JSON"
        label={i18n._(FILE_LABELS.CONFIGURATION_JSON)}
        extensions={FILE_EXTENSIONS.CONFIGURATION_JSON}
        readOnly={readOnly}
        onUpload={configurationUpload}
      />
      <Box borderTopWidth="1px" />
      <Text fontWeight="semibold">
        <Trans>Mobile APP Configuration</Trans>
      </Text>
      {row('ASSETS_ZIP', mobileUpload('ASSETS_ZIP'))}
      {row('QUESTIONS_AUDIO', mobileUpload('QUESTIONS_AUDIO'))}
      {row('MOBILE_APP_XLSX', mobileUpload('MOBILE_APP_XLSX'))}
    </Stack>
  );
}
