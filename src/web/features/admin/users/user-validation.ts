import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { userProblems, type UserProblemCode } from '../../../../shared/user-rules';
import { toUserUpdate, type UserValues } from './user-values';

/** docs/product/admin-users.md#rules and "Edit user", in the interface language. */
const MESSAGES: Record<UserProblemCode, ReturnType<typeof msg>> = {
  FIRST_NAME_REQUIRED: msg`First Name is required`,
  LAST_NAME_REQUIRED: msg`Last Name is required`,
  TITLE_REQUIRED: msg`Title is required`,
  EMAIL_INVALID: msg`Email is invalid`,
  ROLE_REQUIRED: msg`Please select role`,
  PRIVILEGE_REQUIRED: msg`Special Privilege is Required`,
};

export type UserFormErrors = Partial<Record<keyof UserValues, string>>;

/** The rules the server enforces (src/shared/user-rules.ts) as final-form errors, checked on what Save sends. */
export function validateUser(
  values: UserValues,
  { editing, restricted }: { editing: boolean; restricted: boolean },
  i18n: I18n,
): UserFormErrors {
  const draft = { ...toUserUpdate(values, restricted), email: values.email };
  const errors: UserFormErrors = {};
  for (const problem of userProblems(draft, { mode: editing ? 'edit' : 'create', restricted }))
    errors[problem.field] ??= i18n._(MESSAGES[problem.code]);
  return errors;
}
