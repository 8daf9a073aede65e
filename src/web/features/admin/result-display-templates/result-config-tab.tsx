import { HStack, IconButton, Stack, Text, Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { getErrorMessage } from '../../../api/error-message';
import {
  useDeleteResultConfigTemplateMutation,
  useListResultConfigTemplatesQuery,
  type ResultConfigTemplate,
} from '../../../api/generated/project-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { PagedGrid, pageFigures } from '../../../components/data-grid/paged-grid';
import { useServerPaging } from '../../../components/data-grid/use-server-paging';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { usePermissions } from '../../../lib/use-permissions';
import { formatDateTime } from '../users/format-date-time';
import { TemplateModal, type TemplateModalTarget } from './template-modal';
import { PERMISSION } from '../../../../shared/permissions';

/** Template list paging (docs/product/result-config.md#list): 25 a page, counted from 0 as the call sends them. */
export const TEMPLATE_PAGE_SIZE = 25;

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * Result Configuration (docs/product/result-config.md#list): the tenant's templates (name, date created, edit and
 * delete icons as permitted), server-paged; Add opens the modal; a row opens the template (read-only without
 * the update permission); deleting the last row of a page goes back a page.
 */
export function ResultConfigTab() {
  const { t, i18n } = useLingui();
  const permissions = usePermissions();
  const canCreate = permissions.has(PERMISSION.TENANT_RESULT_CONFIG_CREATE);
  const canUpdate = permissions.has(PERMISSION.TENANT_RESULT_CONFIG_UPDATE);
  const canDelete = permissions.has(PERMISSION.TENANT_RESULT_CONFIG_DELETE);
  const paging = useServerPaging<null>({ pageSize: TEMPLATE_PAGE_SIZE, sort: null });
  const { page, setPage } = paging;
  const [modal, setModal] = useState<TemplateModalTarget | null>(null);
  const [pendingDelete, setPendingDelete] = useState<ResultConfigTemplate | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const templates = useListResultConfigTemplatesQuery({ body: { page, pageSize: paging.pageSize } });
  const [deleteTemplate, deletion] = useDeleteResultConfigTemplateMutation();
  const total = templates.data?.total_template ?? 0;
  const { pages } = pageFigures(page, paging.pageSize, total);
  const rows = templates.data?.template;

  // A page left empty (its last row deleted here or elsewhere) gives way to the last page that has rows.
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0 && !templates.isFetching) setPage(Math.min(page - 1, pages - 1));
  }, [rows, page, pages, templates.isFetching, setPage]);

  const columns = useMemo<DataGridColumn<ResultConfigTemplate>[]>(
    () => [
      { colId: 'name', field: 'template_name', headerName: t`Template Name`, sortable: false },
      {
        colId: 'created',
        field: 'create_date',
        headerName: t`Date Created`,
        sortable: false,
        valueFormatter: ({ value }) => (typeof value === 'string' ? formatDateTime(value, i18n.locale) : ''),
      },
      {
        colId: 'action',
        headerName: t`Action`,
        sortable: false,
        maxWidth: 140,
        cellRenderer: ({ data }: { data?: ResultConfigTemplate }) =>
          data ? (
            <HStack gap="1" h="full">
              {canUpdate ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t`Edit ${data.template_name}`}
                  data-testid={`result-template-edit-${data.id}`}
                  onClick={() => setModal({ mode: 'edit', id: data.id })}
                >
                  <LuPencil />
                </IconButton>
              ) : null}
              {canDelete ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t`Delete ${data.template_name}`}
                  data-testid={`result-template-delete-${data.id}`}
                  onClick={() => setPendingDelete(data)}
                >
                  <LuTrash2 />
                </IconButton>
              ) : null}
            </HStack>
          ) : null,
      },
    ],
    [t, i18n.locale, canUpdate, canDelete],
  );

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const lastOnPage = rows?.length === 1 && page > 0;
    const result = await deleteTemplate({ id: pendingDelete.id });
    setPendingDelete(null);
    if ('error' in result) {
      setNotice({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
      return;
    }
    setNotice({ tone: 'success', text: t`Template Deleted Successfully` });
    if (lastOnPage) setPage(page - 1);
  };

  return (
    <Stack gap="4">
      {notice?.tone === 'success' ? <SuccessAlert message={notice.text} testId="result-templates-success" /> : null}
      {notice?.tone === 'error' ? (
        <ErrorAlert message={notice.text} onDismiss={() => setNotice(null)} testId="result-templates-error" />
      ) : null}
      <HStack justify="space-between">
        <Text fontWeight="semibold">
          <Trans>Result Configuration Templates</Trans>
        </Text>
        {canCreate ? (
          <Button colorPalette="brand" onClick={() => setModal({ mode: 'add' })} data-testid="result-templates-add">
            <Trans>Add Template</Trans>
          </Button>
        ) : null}
      </HStack>
      <PagedGrid<ResultConfigTemplate, null>
        testId="result-templates-list"
        pagerTestId="result-templates"
        errorTestId="result-templates-failure"
        query={templates}
        rows={rows}
        total={total}
        paging={paging}
        columns={columns}
        rowId={(row) => String(row.id)}
        onRowClicked={(row) => setModal({ mode: 'edit', id: row.id })}
        summary={({ page: shown, pages: count, total: templateCount }) => (
          <Trans>
            Page {shown} of {count} ({templateCount} templates)
          </Trans>
        )}
      />
      {modal ? (
        <TemplateModal
          target={modal}
          readOnly={modal.mode === 'add' ? !canCreate : !canUpdate}
          onClose={() => setModal(null)}
          onSaved={(outcome) => {
            setModal(null);
            setNotice({
              tone: 'success',
              text: outcome === 'created' ? t`Template Created Successfully` : t`Template Update Successfully`,
            });
            if (outcome === 'created') paging.restart();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={pendingDelete !== null}
        tone="danger"
        busy={deletion.isLoading}
        title={<Trans>Delete Template</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
        testId="result-template-delete-confirm"
        confirmTestId="result-template-delete-confirm-button"
        cancelTestId="result-template-delete-cancel-button"
      >
        <Text>
          <Trans>Are you sure you want to delete this template ?</Trans>
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
