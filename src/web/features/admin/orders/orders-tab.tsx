import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import { useDeleteOrderMutation, useListOrdersQuery, type Order } from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { PagedGrid } from '../../../components/data-grid/paged-grid';
import { useServerPaging } from '../../../components/data-grid/use-server-paging';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { LoadingState } from '../../../components/feedback/loading-state';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { usePermissions } from '../../../lib/use-permissions';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { useOrderStatusLabel } from './order-status-label';
import { PERMISSION } from '../../../../shared/permissions';

/** Orders a page (docs/product/admin-orders.md#order-list: server-paged, pages counted from 0). */
export const ORDER_PAGE_SIZE = 10;

/** Manage Order (docs/product/admin-orders.md#order-list): server-paged orders, the banner, add, row click to edit, delete. */
export function OrdersTab() {
  const tenantId = useOperatingTenantId();
  return tenantId === undefined ? <LoadingState /> : <OrdersList tenantId={tenantId} />;
}

function OrdersList({ tenantId }: { tenantId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const statusLabel = useOrderStatusLabel();
  const paging = useServerPaging<null>({ pageSize: ORDER_PAGE_SIZE, sort: null });
  const [pendingDelete, setPendingDelete] = useState<Order | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [deleteOrder, deletion] = useDeleteOrderMutation();
  const orders = useListOrdersQuery({ tenantId, pageNumber: paging.page, pageSize: paging.pageSize });
  const canDelete = permissions.has(PERMISSION.TENANT_ORDER_DELETE);
  const total = orders.data?.total_orders ?? 0;

  const columns = useMemo<DataGridColumn<Order>[]>(() => {
    const list: DataGridColumn<Order>[] = [
      { colId: 'order_number', field: 'order_number', headerName: t`SalesForce Order #`, sortable: false },
      { colId: 'start_date', field: 'start_date', headerName: t`Order Start Date`, sortable: false },
      {
        colId: 'end_date',
        headerName: t`Order End Date`,
        sortable: false,
        valueGetter: ({ data }) => data?.end_date || '-',
      },
      { colId: 'number_of_calls', field: 'number_of_calls', headerName: t`Total Number of Calls`, sortable: false },
      {
        colId: 'order_status',
        headerName: t`Order Status`,
        sortable: false,
        valueGetter: ({ data }) => (data ? statusLabel(data.order_status) : ''),
      },
    ];
    if (canDelete)
      list.push({
        colId: 'action',
        headerName: t`Action`,
        sortable: false,
        maxWidth: 110,
        cellRenderer: ({ data }: { data?: Order }) =>
          data ? (
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t`Delete order ${data.order_number}`}
              data-testid={`order-delete-${data.id}`}
              onClick={(event) => {
                event.stopPropagation();
                setPendingDelete(data);
              }}
            >
              <LuTrash2 />
            </IconButton>
          ) : null,
      });
    return list;
  }, [t, canDelete, statusLabel]);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const result = await deleteOrder({ id: pendingDelete.id });
    setPendingDelete(null);
    if ('error' in result) {
      setMessage({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
      return;
    }
    setMessage({ tone: 'success', text: t`Order Deleted Successfully` });
    // Deleting the only row of the last page goes back a page.
    paging.deleted(total);
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Text fontSize="lg" fontWeight="semibold">
          <Trans>Manage Order</Trans>
        </Text>
        {permissions.has(PERMISSION.TENANT_ORDER_CREATE) ? (
          <Button
            colorPalette="brand"
            size="sm"
            onClick={() => void navigate('/main/admin/orderdetails/createOrder')}
            data-testid="orders-add"
          >
            <LuPlus />
            <Trans>Add Order</Trans>
          </Button>
        ) : null}
      </HStack>
      {message?.tone === 'success' ? <SuccessAlert message={message.text} testId="orders-success" /> : null}
      {message?.tone === 'error' ? <ErrorAlert message={message.text} onDismiss={() => setMessage(null)} /> : null}
      <PagedGrid<Order, null>
        testId="orders-list"
        pagerTestId="orders"
        query={orders}
        rows={orders.data?.orders}
        total={total}
        paging={paging}
        columns={columns}
        rowId={(row) => String(row.id)}
        onRowClicked={(row) => void navigate(`/main/admin/orderdetails/editOrder/${row.id}`)}
        banner={({ from, to, total: count }) => (
          <Trans>
            Showing {from} - {to} of {count} Orders
          </Trans>
        )}
        summary={({ page, pages }) => (
          <Trans>
            Page {page} of {pages}
          </Trans>
        )}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        tone="danger"
        busy={deletion.isLoading}
        title={<Trans>Delete Order</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
        testId="order-delete-confirm"
        confirmTestId="order-delete-confirm-button"
      >
        <Trans>Are you sure you want to delete this order ?</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
