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

/** Creates an order of calls. Tenant scope. */
export async function createOrder(trx: Db, order: NewOrder): Promise<number> {
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
