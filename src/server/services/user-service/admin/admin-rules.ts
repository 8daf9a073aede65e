import { HOUR } from '../../../platform/clock';
import type { Db, TenantAttributeType } from '../../../platform/db/schema';
import type { FieldErrors } from '../../../platform/http/field-errors';
import {
  ACCOUNT_MESSAGES,
  accountProblems,
  primaryUserProblems,
  type AccountDraft,
  type AccountRuleOptions,
  type PrimaryUserDraft,
} from '../../../../shared/account-rules';
import { EMAIL_PATTERN } from '../../../../shared/email-rules';
import { USER_MESSAGES, userProblems, type UserDraft, type UserRuleOptions } from '../../../../shared/user-rules';

/**
 * Server-side checks of the admin forms: the form rules of src/shared (the console applies the same ones before
 * sending; the server has the final word) plus what only the server can check. Each check adds to a list;
 * `throwIfAny` answers 422.
 */
export { EMAIL_PATTERN };
/** North-American style phone (docs/product/admin-accounts.md#rules); the same rule as the profile's (src/shared). */
export { PHONE_PATTERN } from '../../../../shared/phone-pattern';

export const NOT_IN_THIS_ENVIRONMENT_MESSAGE = 'This field is not used in this environment.';

/** How long the set-password link of a new user (Add User, a new account's primary user) stays valid. */
export const INVITATION_LIFETIME_MS = 7 * 24 * HOUR;

/** Blank text is no value. */
export const optionalText = (value: string | null | undefined): string | null => value?.trim() || null;

/** The account form's rules (src/shared/account-rules.ts) as field errors. */
export function checkAccountForm(errors: FieldErrors, form: AccountDraft, options: AccountRuleOptions): void {
  for (const problem of accountProblems(form, options)) errors.add(problem.field, ACCOUNT_MESSAGES[problem.code]);
}

/** The rules of a new account's primary user (src/shared/account-rules.ts) as field errors. */
export function checkPrimaryUser(errors: FieldErrors, form: PrimaryUserDraft): void {
  for (const problem of primaryUserProblems(form)) errors.add(problem.field, ACCOUNT_MESSAGES[problem.code]);
}

/** The user form's rules (src/shared/user-rules.ts) as field errors. */
export function checkUserForm(errors: FieldErrors, form: UserDraft, options: UserRuleOptions): void {
  for (const problem of userProblems(form, options)) errors.add(problem.field, USER_MESSAGES[problem.code]);
}

/**
 * An attribute id, when given, must name an active value of its type (account type, segment, currency,
 * restriction, privilege). Whether one is required is a form rule (src/shared).
 */
export async function checkAttribute(
  trx: Db,
  errors: FieldErrors,
  check: { field: string; type: TenantAttributeType; id: number | null | undefined },
): Promise<number | null> {
  if (check.id === null || check.id === undefined) return null;
  const found = await trx
    .selectFrom('tenant_attributes')
    .select('id')
    .where('attribute_type', '=', check.type)
    .where('attribute_id', '=', check.id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!found) errors.add(check.field, 'Please choose a value from the list.');
  return check.id;
}
