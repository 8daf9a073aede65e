import { HOUR } from '../../../platform/clock';
import type { FieldErrors } from '../../../platform/http/field-errors';
import type { Db, TenantAttributeType } from '../../../platform/db/schema';

/**
 * Server-side checks of the admin forms, with the messages of document 002 §5 (the console shows the same
 * ones before sending; the server has the final word). Each check adds to a list; `throwIfAny` answers 422.
 */
export { EMAIL_PATTERN } from '../../../../shared/email-rules';
/** North-American style phone (002 §5 "Add account"); the same rule as the profile's (src/shared). */
export { PHONE_PATTERN } from '../../../../shared/phone-pattern';

export const NOT_IN_THIS_ENVIRONMENT_MESSAGE = 'This field is not used in this environment.';

/** How long the set-password link of a new user (Add User, a new account's primary user) stays valid. */
export const INVITATION_LIFETIME_MS = 7 * 24 * HOUR;

/** Blank text is no value. */
export const optionalText = (value: string | null | undefined): string | null => value?.trim() || null;

/** numberOfInterviews: optional positive integer ('Only positive number'). */
export function positiveIntegerOrNothing(errors: FieldErrors, field: string, value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > 2_147_483_647) {
    errors.add(field, 'Only positive number');
    return null;
  }
  return Number(text);
}

/** An attribute id must name an active value of its type (account type, segment, currency, restriction, privilege). */
export async function checkAttribute(
  trx: Db,
  errors: FieldErrors,
  check: { field: string; type: TenantAttributeType; id: number | null | undefined; requiredMessage: string | null },
): Promise<number | null> {
  if (check.id === null || check.id === undefined) {
    if (check.requiredMessage) errors.add(check.field, check.requiredMessage);
    return null;
  }
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
