/**
 * The rules of the Create and Edit Order forms (docs/product/admin-orders.md#rules), shared by the console (checks as
 * the user types) and the user-service (which enforces them). Pure TypeScript without dependencies.
 */

export const ORDER_STATUSES = ['Active', 'Inactive', 'Complete'] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** The order's fields as the API names them (OrderForm); dates are 'YYYY-MM-DD'. */
export interface OrderDraft {
  order_number: string | null | undefined;
  start_date: string | null | undefined;
  end_date: string | null | undefined;
  number_of_calls: number | string | null | undefined;
  order_status: string | null | undefined;
}

export type OrderProblemCode =
  | 'ORDER_NUMBER_REQUIRED'
  | 'ORDER_NUMBER_NUMERIC'
  | 'START_DATE_REQUIRED'
  | 'END_DATE_REQUIRED'
  | 'END_DATE_NOT_AFTER_START'
  | 'NUMBER_OF_CALLS_REQUIRED'
  | 'NUMBER_OF_CALLS_POSITIVE'
  | 'ORDER_STATUS_REQUIRED'
  | 'ORDER_STATUS_REQUIRED_ON_EDIT';

export interface OrderProblem {
  field: keyof OrderDraft;
  code: OrderProblemCode;
}

/** The English texts of docs/product/admin-orders.md#rules, as the specification writes them. */
export const ORDER_MESSAGES: Record<OrderProblemCode, string> = {
  ORDER_NUMBER_REQUIRED: 'Order number is required',
  ORDER_NUMBER_NUMERIC: 'Only numeric is allow',
  START_DATE_REQUIRED: 'Start date is required',
  END_DATE_REQUIRED: 'End date is required',
  END_DATE_NOT_AFTER_START: 'End date must be a greater then start date',
  NUMBER_OF_CALLS_REQUIRED: 'Number of call is required',
  NUMBER_OF_CALLS_POSITIVE: 'Total number of calls must be greater than 0',
  ORDER_STATUS_REQUIRED: 'Order status is required',
  ORDER_STATUS_REQUIRED_ON_EDIT: 'lowercase order status is required',
};

/** The longest order number the form takes (a numeric string). */
export const ORDER_NUMBER_MAX_LENGTH = 18;
const MAX_CALLS = 2_147_483_647;

const blank = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '';

/** A real calendar day written 'YYYY-MM-DD', or null. */
export function calendarDay(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? text : null;
}

/** number_of_calls as a whole number of at least 1, or null. */
export function positiveCalls(value: number | string | null | undefined): number | null {
  if (blank(value)) return null;
  const n = Number(String(value).trim());
  return Number.isInteger(n) && n >= 1 && n <= MAX_CALLS ? n : null;
}

/** Every rule of docs/product/admin-orders.md#rules, in the form's order. */
export function orderProblems(draft: OrderDraft, mode: 'create' | 'edit'): OrderProblem[] {
  const problems: OrderProblem[] = [];
  const report = (field: keyof OrderDraft, code: OrderProblemCode) => problems.push({ field, code });
  if (blank(draft.order_number)) report('order_number', 'ORDER_NUMBER_REQUIRED');
  else if (!/^\d+$/.test(draft.order_number!.trim()) || draft.order_number!.trim().length > ORDER_NUMBER_MAX_LENGTH)
    report('order_number', 'ORDER_NUMBER_NUMERIC');
  const start = calendarDay(draft.start_date);
  const end = calendarDay(draft.end_date);
  if (!start) report('start_date', 'START_DATE_REQUIRED');
  if (!end) report('end_date', 'END_DATE_REQUIRED');
  else if (start && end <= start) report('end_date', 'END_DATE_NOT_AFTER_START');
  if (blank(draft.number_of_calls)) report('number_of_calls', 'NUMBER_OF_CALLS_REQUIRED');
  else if (positiveCalls(draft.number_of_calls) === null) report('number_of_calls', 'NUMBER_OF_CALLS_POSITIVE');
  if (!ORDER_STATUSES.includes(draft.order_status?.trim() as OrderStatusValue))
    report('order_status', mode === 'edit' ? 'ORDER_STATUS_REQUIRED_ON_EDIT' : 'ORDER_STATUS_REQUIRED');
  return problems;
}
