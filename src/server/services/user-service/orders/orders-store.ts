import { sql } from 'kysely';
import { utcDay } from '../../../platform/clock';
import type { Db, OrderStatus } from '../../../platform/db/schema';

export interface NewOrder {
  tenantId: number;
  orderNumber: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  endDate: string;
  numberOfCalls: number;
  orderStatus: OrderStatus;
  now: Date;
}

/** Inserts an order of calls (createOrder in order-changes.ts also re-attributes results). Tenant scope. */
export async function insertOrder(trx: Db, order: NewOrder): Promise<number> {
  const { id } = await trx
    .insertInto('orders')
    .values({
      tenant_id: order.tenantId,
      order_number: order.orderNumber,
      start_date: order.startDate,
      end_date: order.endDate,
      number_of_calls: order.numberOfCalls,
      order_status: order.orderStatus,
      created_at: order.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface CurrentOrder {
  id: number;
  numberOfCalls: number;
}

/**
 * The tenant's current order: its Active order with the latest start date on or before `at` (UTC day).
 * Null when there is none. Tenant scope (row-level security limits it to the operating tenant).
 */
export async function findCurrentOrder(trx: Db, tenantId: number, at: Date): Promise<CurrentOrder | null> {
  const row = await trx
    .selectFrom('orders')
    .select(['id', 'number_of_calls'])
    .where('tenant_id', '=', tenantId)
    .where('order_status', '=', 'Active')
    .where('start_date', '<=', sql<Date>`${utcDay(at)}::date`)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, numberOfCalls: row.number_of_calls } : null;
}

export interface OrderRow {
  id: number;
  order_number: string;
  start_date: string;
  end_date: string;
  number_of_calls: number;
  order_status: OrderStatus;
  tenant_id: number;
}

const orderColumns = [
  'id',
  'order_number',
  sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
  sql<string>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
  'number_of_calls',
  'order_status',
  'tenant_id',
] as const;

/** A page of the operating tenant's orders, latest start first, and how many there are. Tenant scope. */
export async function listOrderPage(
  trx: Db,
  page: { offset: number; limit: number },
): Promise<{ total: number; orders: OrderRow[] }> {
  const orders = await trx
    .selectFrom('orders')
    .select(orderColumns)
    .orderBy('orders.start_date', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const { total } = await trx
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return { total, orders };
}

/** One order of the operating tenant, or undefined. Tenant scope. */
export function findOrder(trx: Db, id: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').select(orderColumns).where('id', '=', id).executeTakeFirst();
}

/** Whether another order of the operating tenant has this number. Tenant scope. */
export async function orderNumberTaken(trx: Db, orderNumber: string, exceptId: number | null): Promise<boolean> {
  let query = trx.selectFrom('orders').select('id').where('order_number', '=', orderNumber);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type OrderChange = Omit<NewOrder, 'tenantId' | 'now'>;

/** Overwrites an order's fields. Tenant scope. */
export async function updateOrderRow(trx: Db, id: number, order: OrderChange): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      order_number: order.orderNumber,
      start_date: order.startDate,
      end_date: order.endDate,
      number_of_calls: order.numberOfCalls,
      order_status: order.orderStatus,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes an order (no result may still reference it). Tenant scope. */
export async function deleteOrderRow(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('orders').where('id', '=', id).execute();
}
