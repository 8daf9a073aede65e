import type { operations } from '../../../../contracts/user-service';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import type { Db } from '../../../platform/db/schema';
import { notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { changeOrder, createOrder, removeOrder } from './order-changes';
import { orderChangeFrom, orderNumberTakenError } from './order-form';
import { findOrder, listOrderPage, orderNumberTaken } from './orders-store';

type OrderHandlers = Pick<
  ServiceHandlers<operations>,
  'listOrders' | 'createOrder' | 'getOrder' | 'updateOrder' | 'deleteOrder'
>;

const noSuchOrder = () => notFound('No such order in this account.');

async function existingOrder(trx: Db, id: number) {
  const order = await findOrder(trx, id);
  if (!order) throw noSuchOrder();
  return order;
}

/** Saves inside `save`, turning a race on the unique order number into the same 409 as the check. */
async function withUniqueNumber<T>(orderNumber: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw orderNumberTakenError(orderNumber);
    throw error;
  }
}

/** Manage Order (docs/product/admin-orders.md). */
export const orderHandlers: OrderHandlers = {
  async listOrders({ query }, ctx) {
    const pageSize = query.pageSize ?? 10;
    const { total, orders } = await ctx.inTenant((trx) =>
      listOrderPage(trx, { offset: (query.pageNumber ?? 0) * pageSize, limit: pageSize }),
    );
    return { total_orders: total, orders };
  },

  async createOrder({ body }, ctx) {
    const change = orderChangeFrom(body, 'create');
    const tenantId = ctx.operatingTenant.id;
    return ctx.inTenant(async (trx) => {
      if (await orderNumberTaken(trx, change.orderNumber, null)) throw orderNumberTakenError(change.orderNumber);
      const id = await withUniqueNumber(change.orderNumber, () =>
        createOrder(trx, { ...change, tenantId, now: ctx.now() }),
      );
      return existingOrder(trx, id);
    });
  },

  async getOrder({ params }, ctx) {
    return ctx.inTenant((trx) => existingOrder(trx, params.id));
  },

  async updateOrder({ params, body }, ctx) {
    return ctx.inTenant(async (trx) => {
      const before = await existingOrder(trx, params.id);
      if (body.id !== params.id)
        throw unprocessable('The order in the body is not the one in the path.', 'ID_MISMATCH');
      const change = orderChangeFrom(body, 'edit');
      if (await orderNumberTaken(trx, change.orderNumber, params.id)) throw orderNumberTakenError(change.orderNumber);
      await withUniqueNumber(change.orderNumber, () => changeOrder(trx, before, change));
      return existingOrder(trx, params.id);
    });
  },

  async deleteOrder({ params }, ctx) {
    await ctx.inTenant(async (trx) => removeOrder(trx, await existingOrder(trx, params.id)));
    return { message: 'Order Deleted Successfully' };
  },
};
