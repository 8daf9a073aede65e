import type { NewUserForm, TenantAttribute, UserDetail, UserUpdate } from '../../../api/generated/user-service';

/** The Add and Edit User form (docs/product/admin-users.md#user-form, docs/product/admin-accounts.md#account-form "User"). */
export interface UserValues {
  firstName: string;
  lastName: string;
  email: string;
  title: string;
  roleId: string;
  status: 'Active' | 'Inactive' | '';
  privilegeId: string;
}

/** The form's values for a user (Edit), or for a new one (Add): Active, with the default privilege when restricted. */
export function userValues(
  user: UserDetail | null,
  defaultPrivilege: TenantAttribute | undefined,
  restricted: boolean,
): UserValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    title: user?.title ?? '',
    roleId: user?.roleId ? String(user.roleId) : '',
    status: user ? (user.isActive ? 'Active' : 'Inactive') : 'Active',
    privilegeId: user?.privilegeId
      ? String(user.privilegeId)
      : restricted && defaultPrivilege
        ? String(defaultPrivilege.attributeId)
        : '',
  };
}

const idOrNull = (value: string) => (value ? Number(value) : null);

/** Edit User's call body: the role only when one is chosen; the privilege only in the restricted environment. */
export function toUserUpdate(values: UserValues, restricted: boolean): UserUpdate {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    title: values.title.trim(),
    isActive: values.status === 'Active',
    ...(restricted && { privilegeId: idOrNull(values.privilegeId) }),
    ...(values.roleId && { roleId: Number(values.roleId) }),
  };
}

/** Add User's call body, in the operating account. */
export function toNewUserForm(values: UserValues, restricted: boolean, tenantId: number): NewUserForm {
  const { roleId: _roleId, ...common } = toUserUpdate(values, restricted);
  return { ...common, tenantId, email: values.email.trim(), roleId: idOrNull(values.roleId) };
}
