/** Admin tabs (route segments under /main/admin, docs/product/admin-accounts.md#admin-area) in the order the Admin link tries them. */
export const ADMIN_TAB_READ_PERMISSIONS = [
  { tab: 'tenant', permission: 'tenant.read' },
  { tab: 'users', permission: 'tenant.users.read' },
  { tab: 'roles', permission: 'tenant.roles.permissions.read' },
  { tab: 'permissions', permission: 'tenant.roles.permissions.read' },
  { tab: 'lookups', permission: 'tenant.project.lookupvalues.read' },
  { tab: 'callcenters', permission: 'callcenter.read' },
  { tab: 'clientapp', permission: 'tenant.client.application.read' },
  { tab: 'Secrets', permission: 'secrets.read' },
] as const;

export type AdminTabKey = (typeof ADMIN_TAB_READ_PERMISSIONS)[number]['tab'] | 'orderdetails' | 'resultconfiguration';

/** Permissions of which any one shows the Admin entry. */
export const ADMIN_ENTRY_PERMISSIONS = [
  'tenant.read',
  'callcenter.read',
  'tenant.users.read',
  'tenant.roles.permissions.read',
] as const;

/** The first admin tab the user may read, in the specified order, or null. */
export const firstReadableAdminTab = (has: (permission: string) => boolean): AdminTabKey | null =>
  ADMIN_TAB_READ_PERMISSIONS.find((entry) => has(entry.permission))?.tab ?? null;
