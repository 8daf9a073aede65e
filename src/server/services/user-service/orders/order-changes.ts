import type { Db } from '../../../platform/db/schema';
import { reattributeResultsToOrders, type DaySpan } from '../../execution-service';
import {
  deleteOrderRow,
  insertOrder,
  updateOrderRow,
  type NewOrder,
  type OrderChange,
  type OrderRow,
} from './orders-store';

const spanOf = (...orders: { startDate: string; endDate: string }[]): DaySpan => ({
  from: orders.map((o) => o.startDate).sort()[0]!,
  to: orders
    .map((o) => o.endDate)
    .sort()
    .at(-1)!,
});

const datesOf = (row: OrderRow) => ({ startDate: row.start_date, endDate: row.end_date });

/**
 * Creates an order; results already recorded on its days count against it when it is the order of their day
 * (docs/product/admin-orders.md#current-order). The API, the seed and tests create orders only through this. Tenant scope.
 */
export async function createOrder(trx: Db, order: NewOrder): Promise<number> {
  const id = await insertOrder(trx, order);
  await reattributeResultsToOrders(trx, order.tenantId, spanOf(order));
  return id;
}

/** Changes an order; results of its old and new days count against the orders as they now are. Tenant scope. */
export async function changeOrder(trx: Db, before: OrderRow, change: OrderChange): Promise<void> {
  await updateOrderRow(trx, before.id, change);
  await reattributeResultsToOrders(trx, before.tenant_id, spanOf(datesOf(before), change));
}

/** Deletes an order; its results count against the order that now holds their day, or none. Tenant scope. */
export async function removeOrder(trx: Db, before: OrderRow): Promise<void> {
  await reattributeResultsToOrders(trx, before.tenant_id, spanOf(datesOf(before)), before.id);
  await deleteOrderRow(trx, before.id);
}
