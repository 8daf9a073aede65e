import {
  USER_MESSAGES,
  isOfferedRole,
  permissionsBeyondCaller,
  userProblems,
  type UserDraft,
  type UserRuleOptions,
} from '../../../../shared/user-rules';
import type { Principal } from '../../../platform/auth/principal';
import { rolePermissions } from '../../../platform/auth/principal';
import { HOUR } from '../../../platform/clock';
import type { Db } from '../../../platform/db/schema';
import type { FieldErrors } from '../../../platform/http/field-errors';
import { forbidden } from '../../../platform/http/http-error';
import { checkAttribute, NOT_IN_THIS_ENVIRONMENT_MESSAGE } from '../form-checks';
import { findRole } from '../roles/roles-store';

/**
 * Server-side checks of the user form (docs/product/admin-users.md#rules): the rules of src/shared (the console
 * applies the same ones before sending; the server has the final word) plus what only the server can check: the
 * role and the privilege. Each check adds to a list; `throwIfAny` answers 422.
 */

/** How long the set-password link of a new user (Add User, a new account's primary user) stays valid. */
export const INVITATION_LIFETIME_MS = 7 * 24 * HOUR;

/** The user form's rules (src/shared/user-rules.ts) as field errors. */
export function checkUserForm(errors: FieldErrors, form: UserDraft, options: UserRuleOptions): void {
  for (const problem of userProblems(form, options)) errors.add(problem.field, USER_MESSAGES[problem.code]);
}

/**
 * A role the caller may give in this tenant: one of its roles, not a call-center role, and granting nothing
 * the caller does not hold themselves (so a customer admin cannot hand out the provider's permissions).
 */
export async function checkAssignableRole(
  trx: Db,
  errors: FieldErrors,
  principal: Principal,
  roleId: number | null | undefined,
): Promise<number | null> {
  if (roleId === null || roleId === undefined) {
    errors.add('roleId', USER_MESSAGES.ROLE_REQUIRED);
    return null;
  }
  const role = await findRole(trx, roleId);
  if (!role || !isOfferedRole(role.name)) {
    errors.add('roleId', USER_MESSAGES.ROLE_REQUIRED);
    return null;
  }
  const beyond = permissionsBeyondCaller(await rolePermissions(trx, role.roleId), (p) => principal.permissions.has(p));
  if (beyond.length) {
    throw forbidden('You cannot give a role that holds permissions you do not have.', {
      code: 'PERMISSION_ESCALATION',
      errors: [{ field: 'roleId', message: `The role holds ${beyond.join(', ')}` }],
    });
  }
  return role.roleId;
}

export async function checkPrivilege(
  trx: Db,
  errors: FieldErrors,
  restricted: boolean,
  privilegeId: number | null | undefined,
) {
  if (restricted) {
    return checkAttribute(trx, errors, { field: 'privilegeId', type: 'SPECIAL_PRIVILEGE', id: privilegeId });
  }
  if (privilegeId !== null && privilegeId !== undefined) errors.add('privilegeId', NOT_IN_THIS_ENVIRONMENT_MESSAGE);
  return null;
}
