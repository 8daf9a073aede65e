import type { Db, TenantAttributeType } from '../../platform/db/schema';
import type { FieldErrors } from '../../platform/http/field-errors';
import { isActiveAttribute } from './tenants/tenants-store';

/**
 * What the account form (tenants/account-form.ts) and the user form (users/user-form.ts) check alike, beside the
 * form rules of src/shared that the console applies too: blank text, fields of the restricted environment only,
 * attribute ids.
 */

export const NOT_IN_THIS_ENVIRONMENT_MESSAGE = 'This field is not used in this environment.';

/** Blank text is no value. */
export const optionalText = (value: string | null | undefined): string | null => value?.trim() || null;

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
  if (!(await isActiveAttribute(trx, check.type, check.id)))
    errors.add(check.field, 'Please choose a value from the list.');
  return check.id;
}
