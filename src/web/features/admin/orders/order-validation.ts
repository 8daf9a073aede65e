import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { orderProblems, type OrderDraft, type OrderProblemCode } from '../../../../shared/order-rules';

/** docs/product/admin-orders.md#rules in the interface language (src/shared/order-rules.ts holds the server's English). */
const MESSAGES: Record<OrderProblemCode, ReturnType<typeof msg>> = {
  ORDER_NUMBER_REQUIRED: msg`Order number is required`,
  ORDER_NUMBER_NUMERIC: msg`Only numeric is allow`,
  START_DATE_REQUIRED: msg`Start date is required`,
  END_DATE_REQUIRED: msg`End date is required`,
  END_DATE_NOT_AFTER_START: msg`End date must be a greater then start date`,
  NUMBER_OF_CALLS_REQUIRED: msg`Number of call is required`,
  NUMBER_OF_CALLS_POSITIVE: msg`Total number of calls must be greater than 0`,
  ORDER_STATUS_REQUIRED: msg`Order status is required`,
  ORDER_STATUS_REQUIRED_ON_EDIT: msg`lowercase order status is required`,
};

export type OrderValues = { [K in keyof OrderDraft]: string | undefined };

/** The rules the server enforces, as final-form errors. */
export function validateOrder(
  values: OrderValues,
  editing: boolean,
  i18n: I18n,
): Partial<Record<keyof OrderDraft, string>> {
  const errors: Partial<Record<keyof OrderDraft, string>> = {};
  for (const problem of orderProblems(values, editing ? 'edit' : 'create'))
    errors[problem.field] ??= i18n._(MESSAGES[problem.code]);
  return errors;
}
