import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useListAccessCodeFilesQuery, type AccessCodeFile } from '../../api/generated/project-service';
import { DataGrid, type DataGridColumn } from '../../components/data-grid/data-grid';
import { QueryFailure } from '../../components/feedback/load-failure';
import { useProjectContext } from '../../lib/project-context';
import { dateTime } from './access-code-columns';
import { AccessCodeUploadDialog } from './access-code-upload-dialog';

/** docs/product/access-codes.md: the files list pages 10 rows on the client. */
export const ACCESS_CODE_FILES_PAGE_SIZE = 10;

/**
 * Files list (docs/product/access-codes.md#list): File, Project Code, Total, Used, Available, Burnt, Imported; 10 rows
 * a page.
 */
export function AccessCodeFiles({ canUpload, onViewCodes }: { canUpload: boolean; onViewCodes: () => void }) {
  const { t, i18n } = useLingui();
  const { project } = useProjectContext();
  // Participants added elsewhere take pool codes: the tab reads afresh whenever it opens.
  const files = useListAccessCodeFilesQuery({ projectId: project.projectId }, { refetchOnMountOrArgChange: true });
  const [uploading, setUploading] = useState(false);
  const columns = useMemo<DataGridColumn<AccessCodeFile>[]>(
    () => [
      {
        colId: 'file',
        headerName: t`File`,
        minWidth: 200,
        valueGetter: ({ data }) => data?.originalFileName ?? '',
        cellRenderer: ({ data }: { data?: AccessCodeFile }) =>
          data ? (
            <Text as="span" data-testid={`access-code-file-${data.fileId}`}>
              {data.originalFileName}
            </Text>
          ) : null,
      },
      { colId: 'projectCode', headerName: t`Project Code`, valueGetter: ({ data }) => data?.projectCode ?? '' },
      { colId: 'total', headerName: t`Total`, maxWidth: 110, valueGetter: ({ data }) => data?.totalRecorded },
      { colId: 'used', headerName: t`Used`, maxWidth: 110, valueGetter: ({ data }) => data?.assigned },
      { colId: 'available', headerName: t`Available`, maxWidth: 120, valueGetter: ({ data }) => data?.available },
      { colId: 'burned', headerName: t`Burnt`, maxWidth: 110, valueGetter: ({ data }) => data?.burned },
      {
        colId: 'imported',
        headerName: t`Imported`,
        minWidth: 180,
        valueGetter: ({ data }) => dateTime(i18n.locale, data?.dateImported),
      },
    ],
    [t, i18n],
  );
  const hasFiles = (files.data?.files.length ?? 0) > 0;
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="md">
          <Trans>Access Code Files</Trans>
        </Heading>
        <HStack>
          {canUpload ? (
            <Button colorPalette="brand" onClick={() => setUploading(true)} data-testid="access-code-upload">
              <Trans>Upload</Trans>
            </Button>
          ) : null}
          <Button variant="outline" disabled={!hasFiles} onClick={onViewCodes} data-testid="access-code-view-codes">
            <Trans>View Codes</Trans>
          </Button>
        </HStack>
      </HStack>
      {files.error ? (
        <QueryFailure query={files} testId="access-code-files-failure" />
      ) : (
        <DataGrid<AccessCodeFile>
          testId="access-code-files"
          rows={files.data?.files}
          columns={columns}
          rowId={(row) => String(row.fileId)}
          loading={files.isFetching}
          pageSize={ACCESS_CODE_FILES_PAGE_SIZE}
          emptyText={t`There are no records to show.`}
        />
      )}
      {uploading ? <AccessCodeUploadDialog projectId={project.projectId} onClose={() => setUploading(false)} /> : null}
    </Stack>
  );
}
