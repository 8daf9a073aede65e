/**
 * The rules of the Add and Edit User forms (docs/product/admin-users.md#rules), shared by the console (checks as the user types) and the
 * user-service (which enforces them). Pure TypeScript without dependencies: see docs/development.md.
 */
import { EMAIL_PATTERN } from './email-rules';
import { CALL_CENTER_ROLES } from './call-center-roles';

/** The user's fields as the API names them (NewUserForm, UserUpdate). */
export interface UserDraft {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  title: string | null | undefined;
  /** Set on creation only: read-only afterwards. */
  email?: string | null;
  roleId?: number | null;
  privilegeId?: number | null;
}

export interface UserRuleOptions {
  /** Edit User has the same rules without the role, and its e-mail is read-only. */
  mode: 'create' | 'edit';
  /** The special privilege exists only in the restricted environment (docs/product/platform.md#configuration). */
  restricted: boolean;
}

export type UserProblemCode =
  | 'FIRST_NAME_REQUIRED'
  | 'LAST_NAME_REQUIRED'
  | 'TITLE_REQUIRED'
  | 'EMAIL_INVALID'
  | 'ROLE_REQUIRED'
  | 'PRIVILEGE_REQUIRED';

export interface UserProblem {
  field: keyof UserDraft;
  code: UserProblemCode;
}

/** The English texts of docs/product/admin-users.md#rules (the server's messages; the console translates them). */
export const USER_MESSAGES: Record<UserProblemCode, string> = {
  FIRST_NAME_REQUIRED: 'First Name is required',
  LAST_NAME_REQUIRED: 'Last Name is required',
  TITLE_REQUIRED: 'Title is required',
  EMAIL_INVALID: 'Email is invalid',
  ROLE_REQUIRED: 'Please select role',
  PRIVILEGE_REQUIRED: 'Special Privilege is Required',
};

/** Whether the user form offers a role of this name (names compare without regard to case). */
export const isOfferedRole = (name: string) =>
  !CALL_CENTER_ROLES.some((role) => role.toLowerCase() === name.toLowerCase());

/**
 * Whether the caller may give a role to a user (docs/product/admin-users.md#rules): a role the user form
 * offers, holding no permission the caller lacks. The role dropdowns list only such roles, and the server
 * refuses any other on save with the same rule.
 */
export const mayGrantRole = (
  role: { name: string; permissions: readonly string[] },
  callerHolds: (permission: string) => boolean,
): boolean => isOfferedRole(role.name) && role.permissions.every(callerHolds);

/** The permissions of a role the caller lacks (what makes a role ungrantable, besides its name). */
export const permissionsBeyondCaller = (
  rolePermissions: readonly string[],
  callerHolds: (permission: string) => boolean,
): string[] => rolePermissions.filter((permission) => !callerHolds(permission));

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';
const missing = (value: unknown) => value === null || value === undefined;

/** Every rule of docs/product/admin-users.md#rules and "Edit user", in the form's order. */
export function userProblems(draft: UserDraft, { mode, restricted }: UserRuleOptions): UserProblem[] {
  const problems: UserProblem[] = [];
  const report = (field: keyof UserDraft, code: UserProblemCode) => problems.push({ field, code });
  if (blank(draft.firstName)) report('firstName', 'FIRST_NAME_REQUIRED');
  if (blank(draft.lastName)) report('lastName', 'LAST_NAME_REQUIRED');
  if (blank(draft.title)) report('title', 'TITLE_REQUIRED');
  if (mode === 'create') {
    if (blank(draft.email) || !EMAIL_PATTERN.test(draft.email!.trim())) report('email', 'EMAIL_INVALID');
    if (missing(draft.roleId)) report('roleId', 'ROLE_REQUIRED');
  }
  if (restricted && missing(draft.privilegeId)) report('privilegeId', 'PRIVILEGE_REQUIRED');
  return problems;
}
