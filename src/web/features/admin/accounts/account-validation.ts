import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { accountProblems, primaryUserProblems, type AccountProblemCode } from '../../../../shared/account-rules';
import { ACCOUNT_FIELD_NAMES, toPrimaryUser, toTenantForm, type AccountValues } from './account-values';

/** docs/product/admin-accounts.md#rules and "Edit account", in the interface language. */
const MESSAGES: Record<AccountProblemCode, ReturnType<typeof msg>> = {
  ACCOUNT_NAME_REQUIRED: msg`Account Name is required`,
  SALES_PERSON_REQUIRED: msg`Sales Person Email is required`,
  SALES_PERSON_INVALID: msg`Email is invalid`,
  NUMBER_OF_INTERVIEWS_INVALID: msg`Only positive number`,
  STATUS_REQUIRED: msg`Status is required`,
  CUSTOMER_ID_REQUIRED: msg`Customer ID is required`,
  CURRENCY_REQUIRED: msg`Currency is required`,
  RESTRICTION_REQUIRED: msg`Special Restrictions is Required`,
  ACCOUNT_TYPE_REQUIRED: msg`Account Type is Required`,
  CUSTOMER_SEGMENT_REQUIRED: msg`Customer Segment is Required`,
  FIRST_NAME_REQUIRED: msg`First Name is required`,
  LAST_NAME_REQUIRED: msg`Last Name is required`,
  PRIMARY_EMAIL_INVALID: msg`Primary User Email is invalid`,
  PHONE_NUMBER_INVALID: msg`Phone number is not valid`,
};

export type AccountFormErrors = Partial<Record<keyof AccountValues, string>>;

/** The rules the server enforces (src/shared/account-rules.ts) as final-form errors, checked on what Save sends. */
export function validateAccount(
  values: AccountValues,
  { editing, restricted }: { editing: boolean; restricted: boolean },
  i18n: I18n,
): AccountFormErrors {
  const problems = accountProblems(toTenantForm(values, restricted), { mode: editing ? 'edit' : 'create', restricted });
  if (!editing) problems.push(...primaryUserProblems(toPrimaryUser(values)));
  const errors: Record<string, string> = {};
  for (const problem of problems)
    errors[ACCOUNT_FIELD_NAMES[problem.field] ?? problem.field] ??= i18n._(MESSAGES[problem.code]);
  return errors;
}
