import { PERMISSION, type PermissionName } from '../../../shared/permissions';
/**
 * Every admin tab of the spec (route segments under /main/admin, docs/product/admin-accounts.md#admin-area) with
 * the permission that shows it, in the order the Admin link tries them (tenant, users, roles, permissions,
 * lookups, callcenters, Secrets, then the others in the tab strip's order).
 */
export const ADMIN_TAB_READ_PERMISSIONS = [
  { tab: 'tenant', permission: PERMISSION.TENANT_READ },
  { tab: 'users', permission: PERMISSION.TENANT_USERS_READ },
  { tab: 'roles', permission: PERMISSION.TENANT_ROLES_PERMISSIONS_READ },
  { tab: 'permissions', permission: PERMISSION.TENANT_ROLES_PERMISSIONS_READ },
  { tab: 'lookups', permission: PERMISSION.TENANT_PROJECT_LOOKUPVALUES_READ },
  { tab: 'callcenters', permission: PERMISSION.CALLCENTER_READ },
  { tab: 'Secrets', permission: PERMISSION.SECRETS_READ },
  { tab: 'clientapp', permission: PERMISSION.TENANT_CLIENT_APPLICATION_READ },
  { tab: 'orderdetails', permission: PERMISSION.TENANT_ORDER_READ },
  { tab: 'resultconfiguration', permission: PERMISSION.TENANT_RESULT_CONFIG_READ },
] as const;

export type AdminTabKey = (typeof ADMIN_TAB_READ_PERMISSIONS)[number]['tab'];

/** Permissions of which any one shows the Admin entry. */
export const ADMIN_ENTRY_PERMISSIONS = [
  PERMISSION.TENANT_READ,
  PERMISSION.CALLCENTER_READ,
  PERMISSION.TENANT_USERS_READ,
  PERMISSION.TENANT_ROLES_PERMISSIONS_READ,
] as const;

/**
 * The first admin tab the user may read among those built (their route registered), in the Admin link's order,
 * or null. The Admin link, /main/admin and unknown admin paths all land there.
 */
export const firstReadableAdminTab = (
  has: (permission: PermissionName) => boolean,
  built: ReadonlySet<string>,
): AdminTabKey | null =>
  ADMIN_TAB_READ_PERMISSIONS.find((entry) => built.has(entry.tab) && has(entry.permission))?.tab ?? null;
