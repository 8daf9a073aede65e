import type { UserInfo } from '../api/generated/user-service';
import type { PermissionName } from '../../shared/permissions';

/** What the user may do; checks name `PERMISSION.<NAME>` constants (src/shared/permissions.ts), never a raw string. */
export interface Permissions {
  has: (permission: PermissionName) => boolean;
  hasAny: (permissions: readonly PermissionName[]) => boolean;
  /** The user's home tenant is the provider's system tenant. */
  isSystemTenant: boolean;
  roleName: string | null;
}

/** What the signed-in user may do, from the role permissions of their user info. */
export const permissionsOf = (userInfo: UserInfo | null): Permissions => {
  const granted = new Set(userInfo?.rolePermission.permissions.map((grant) => grant.permission) ?? []);
  const has = (permission: PermissionName) => granted.has(permission);
  return {
    has,
    hasAny: (permissions) => permissions.some(has),
    isSystemTenant: userInfo?.tenant.isSystemTenant ?? false,
    roleName: userInfo?.rolePermission.roleName ?? null,
  };
};

/** `base` with further permission strings granted (a project's, docs/product/project-page.md#project-permissions). */
export const withExtraPermissions = (base: Permissions, extra: readonly string[]): Permissions => {
  if (extra.length === 0) return base;
  const more = new Set(extra);
  const has = (permission: PermissionName) => base.has(permission) || more.has(permission);
  return { ...base, has, hasAny: (permissions) => permissions.some(has) };
};
