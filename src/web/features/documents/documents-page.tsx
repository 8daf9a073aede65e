import { Box, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { getErrorMessage } from '../../api/error-message';
import {
  useDeleteDocumentMutation,
  useListTenantDocumentsQuery,
  userServiceApi,
  useUpdateDocumentCommentMutation,
  type Document,
  type ListTenantDocumentsApiArg,
} from '../../api/generated/user-service';
import type { DataGridColumn } from '../../components/data-grid/data-grid';
import { PagedGrid, pageFigures, type GridSort } from '../../components/data-grid/paged-grid';
import { useServerPaging } from '../../components/data-grid/use-server-paging';
import { ListToolbar } from '../../components/data-grid/list-toolbar';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { PageHeader } from '../../components/layout/page-header';
import { clock } from '../../lib/clock';
import { usePermissions } from '../../lib/use-permissions';
import { useAppDispatch } from '../../state/hooks';
import { DocumentCommentCell } from './document-comment-cell';
import { DOCUMENT_PAGE_SIZE, DOCUMENT_SEARCH_DEBOUNCE_MS } from './document-rules';
import { UploadDocumentDialog } from './upload-document-dialog';
import { PERMISSION } from '../../../shared/permissions';

type SortBy = NonNullable<ListTenantDocumentsApiArg['body']['sortBy']>;
type Sort = { by: SortBy; direction: 'asc' | 'desc' };
type Notice = { tone: 'success' | 'error'; text: string } | null;

const SORTABLE: readonly string[] = ['documentName', 'documentUploadTS', 'documentType', 'uploadedBy'];
const DEFAULT_SORT: Sort = { by: 'documentUploadTS', direction: 'desc' };
const sortOf = (chosen: GridSort): Sort =>
  chosen && SORTABLE.includes(chosen.colId)
    ? { by: chosen.colId as SortBy, direction: chosen.direction }
    : DEFAULT_SORT;

/**
 * `/main/documents` (docs/product/documents.md#page): the account's shared documents, server-paged and sorted,
 * searched after a 1 s pause; Add Document (tenant.document.create), inline description editing (the same
 * permission), download by file name, delete after confirmation (tenant.document.delete).
 */
export function DocumentsPage() {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const permissions = usePermissions();
  const canCreate = permissions.has(PERMISSION.TENANT_DOCUMENT_CREATE);
  const canDelete = permissions.has(PERMISSION.TENANT_DOCUMENT_DELETE);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const paging = useServerPaging<Sort>({ pageSize: DOCUMENT_PAGE_SIZE, sort: DEFAULT_SORT });
  const { page, setPage, restart, sort } = paging;
  const [uploadOpen, setUploadOpen] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Document | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [updateComment] = useUpdateDocumentCommentMutation();
  const [deleteDocument, deletion] = useDeleteDocumentMutation();

  useEffect(() => {
    const timer = clock.setTimeout(() => {
      setSearch(typed.trim());
      restart();
    }, DOCUMENT_SEARCH_DEBOUNCE_MS);
    return () => clock.clearTimeout(timer);
  }, [typed, restart]);

  const documents = useListTenantDocumentsQuery({
    body: {
      page,
      pageSize: paging.pageSize,
      ...(search && { search }),
      sortBy: sort.by,
      sortOrder: sort.direction,
    },
  });
  const rows = documents.data?.documents;
  const total = documents.data?.totalDocuments ?? 0;
  const { pages } = pageFigures(page, paging.pageSize, total);

  // A page left empty (its last row deleted) gives way to the last page that has rows.
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0 && !documents.isFetching) setPage(Math.min(page - 1, pages - 1));
  }, [rows, page, pages, documents.isFetching, setPage]);

  const columns = useMemo<DataGridColumn<Document>[]>(() => {
    // Not subscribed: a later write's refresh must not fetch (and save) the file again.
    const download = async (document: Document) => {
      const result = await dispatch(
        userServiceApi.endpoints.downloadDocument.initiate(
          { id: document.documentId },
          { subscribe: false, forceRefetch: true },
        ),
      );
      if (result.error) {
        console.error('Document download failed', result.error);
        setNotice({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
      }
    };
    const saveComment = async (id: number, comment: string) => {
      const result = await updateComment({ id, body: { comment } });
      if ('error' in result) {
        setNotice({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
        return false;
      }
      setNotice({ tone: 'success', text: t`comment updated successfully!` });
      return true;
    };
    const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
    const list: DataGridColumn<Document>[] = [
      {
        colId: 'documentName',
        field: 'documentName',
        headerName: t`File Name`,
        minWidth: 200,
        cellRenderer: ({ data }: { data?: Document }) =>
          data ? (
            <Link
              as="button"
              colorPalette="brand"
              title={t`Download ${data.documentName}`}
              onClick={() => void download(data)}
              data-testid={`document-download-${data.documentId}`}
            >
              {data.documentName}
            </Link>
          ) : null,
      },
      {
        colId: 'documentUploadTS',
        field: 'documentUploadTS',
        headerName: t`Date`,
        sort: 'desc',
        valueFormatter: ({ value }) => (typeof value === 'string' ? dateFormat.format(new Date(value)) : ''),
      },
      {
        colId: 'documentType',
        field: 'documentType',
        headerName: t`File Type`,
        maxWidth: 140,
        valueFormatter: ({ value }) => (typeof value === 'string' ? value.toUpperCase() : ''),
      },
      { colId: 'uploadedBy', field: 'uploadedBy', headerName: t`Uploaded By` },
      {
        colId: 'comment',
        field: 'comment',
        headerName: t`Description`,
        sortable: false,
        minWidth: 220,
        cellRenderer: ({ data }: { data?: Document }) =>
          data ? (
            <DocumentCommentCell
              documentId={data.documentId}
              comment={data.comment}
              editable={canCreate}
              onSave={saveComment}
            />
          ) : null,
      },
    ];
    if (canDelete) {
      list.push({
        colId: 'delete',
        headerName: t`Delete`,
        sortable: false,
        maxWidth: 100,
        minWidth: 80,
        cellRenderer: ({ data }: { data?: Document }) =>
          data ? (
            <HStack h="full">
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t`Delete ${data.documentName}`}
                onClick={() => setPendingDelete(data)}
                data-testid={`document-delete-${data.documentId}`}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          ) : null,
      });
    }
    return list;
  }, [t, i18n.locale, canCreate, canDelete, dispatch, updateComment]);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const result = await deleteDocument({ id: pendingDelete.documentId });
    setPendingDelete(null);
    if ('error' in result) {
      console.error('Document delete failed', result.error);
      setNotice({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
      return;
    }
    setNotice({ tone: 'success', text: t`Document deleted successfully!` });
  };

  return (
    <Box>
      <PageHeader trail={[t`Documents`]} heading={<Trans>Documents</Trans>} />
      <Stack gap="4">
        {notice?.tone === 'success' ? <SuccessAlert message={notice.text} testId="documents-success" /> : null}
        {notice?.tone === 'error' ? (
          <ErrorAlert message={notice.text} onDismiss={() => setNotice(null)} testId="documents-error" />
        ) : null}
        <ListToolbar
          testId="documents"
          search={typed}
          onSearchChange={setTyped}
          addLabel={<Trans>Add Document</Trans>}
          onAdd={canCreate ? () => setUploadOpen(true) : undefined}
        />
        <PagedGrid<Document, Sort>
          testId="documents-list"
          pagerTestId="documents"
          errorTestId="documents-failure"
          query={documents}
          rows={rows}
          total={total}
          paging={paging}
          sortOf={sortOf}
          columns={columns}
          rowId={(row) => String(row.documentId)}
          summary={({ page: shown, pages: count, total: documentCount }) => (
            <Trans>
              Page {shown} of {count} ({documentCount} documents)
            </Trans>
          )}
        />
      </Stack>
      {uploadOpen ? (
        <UploadDocumentDialog
          onClose={() => setUploadOpen(false)}
          onUploaded={(message) => {
            setUploadOpen(false);
            setNotice({ tone: 'success', text: message });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={pendingDelete !== null}
        tone="danger"
        busy={deletion.isLoading}
        confirmLabel={<Trans>Delete</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
        testId="document-delete-confirm"
        confirmTestId="document-delete-confirm-button"
        cancelTestId="document-delete-cancel-button"
      >
        <Trans>Do you want to delete document?</Trans>
      </ConfirmDialog>
    </Box>
  );
}
