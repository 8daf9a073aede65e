/**
 * Every admin tab of the spec (route segments under /main/admin, docs/product/admin-accounts.md#admin-area) with
 * the permission that shows it, in the order the Admin link tries them (tenant, users, roles, permissions,
 * lookups, callcenters, Secrets, then the others in the tab strip's order).
 */
export const ADMIN_TAB_READ_PERMISSIONS = [
  { tab: 'tenant', permission: 'tenant.read' },
  { tab: 'users', permission: 'tenant.users.read' },
  { tab: 'roles', permission: 'tenant.roles.permissions.read' },
  { tab: 'permissions', permission: 'tenant.roles.permissions.read' },
  { tab: 'lookups', permission: 'tenant.project.lookupvalues.read' },
  { tab: 'callcenters', permission: 'callcenter.read' },
  { tab: 'Secrets', permission: 'secrets.read' },
  { tab: 'clientapp', permission: 'tenant.client.application.read' },
  { tab: 'orderdetails', permission: 'tenant.order.read' },
  { tab: 'resultconfiguration', permission: 'tenant.result.config.read' },
] as const;

export type AdminTabKey = (typeof ADMIN_TAB_READ_PERMISSIONS)[number]['tab'];

/** Permissions of which any one shows the Admin entry. */
export const ADMIN_ENTRY_PERMISSIONS = [
  'tenant.read',
  'callcenter.read',
  'tenant.users.read',
  'tenant.roles.permissions.read',
] as const;

/**
 * The first admin tab the user may read among those built (their route registered), in the Admin link's order,
 * or null. The Admin link, /main/admin and unknown admin paths all land there.
 */
export const firstReadableAdminTab = (
  has: (permission: string) => boolean,
  built: ReadonlySet<string>,
): AdminTabKey | null =>
  ADMIN_TAB_READ_PERMISSIONS.find((entry) => built.has(entry.tab) && has(entry.permission))?.tab ?? null;
