import {
  calendarDay,
  ORDER_MESSAGES,
  orderProblems,
  positiveCalls,
  type OrderDraft,
} from '../../../../shared/order-rules';
import type { OrderStatus } from '../../../platform/db/schema';
import { FieldErrors } from '../../../platform/http/field-errors';
import { HttpError } from '../../../platform/http/http-error';
import type { OrderChange } from './orders-store';

/** The rules of docs/product/admin-orders.md#rules: the order's columns, or a 422 naming every bad field. */
export function orderChangeFrom(draft: OrderDraft, mode: 'create' | 'edit'): OrderChange {
  const errors = new FieldErrors();
  for (const problem of orderProblems(draft, mode)) errors.add(problem.field, ORDER_MESSAGES[problem.code]);
  errors.throwIfAny();
  return {
    orderNumber: draft.order_number!.trim(),
    startDate: calendarDay(draft.start_date)!,
    endDate: calendarDay(draft.end_date)!,
    numberOfCalls: positiveCalls(draft.number_of_calls)!,
    orderStatus: draft.order_status!.trim() as OrderStatus,
  };
}

export const orderNumberTakenError = (orderNumber: string) =>
  new HttpError(409, `Order number ${orderNumber} already exists.`, { code: 'ORDER_EXISTS' });
