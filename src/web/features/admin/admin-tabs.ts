import type { PermissionName } from '../../../shared/permissions';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMatches } from 'react-router';
import { ADMIN_TAB_READ_PERMISSIONS, type AdminTabKey } from './admin-tab-permissions';
import type { Permissions } from '../../lib/permissions';

export interface AdminTab {
  key: AdminTabKey;
  label: MessageDescriptor;
  permission: PermissionName;
}

const readPermission = (key: AdminTabKey) => ADMIN_TAB_READ_PERMISSIONS.find((entry) => entry.tab === key)!.permission;

const tab = (key: AdminTabKey, label: MessageDescriptor): AdminTab => ({ key, label, permission: readPermission(key) });

/** The tab strip in the spec's order (docs/product/admin-accounts.md#admin-area). */
export const ADMIN_TABS: readonly AdminTab[] = [
  tab('tenant', msg`Tenant`),
  tab('users', msg`User`),
  tab('roles', msg`Role`),
  tab('permissions', msg`Permissions`),
  tab('lookups', msg`Lookups`),
  tab('callcenters', msg`Call Centers`),
  tab('clientapp', msg`Applications`),
  tab('orderdetails', msg`Order Details`),
  tab('resultconfiguration', msg`Result Configuration`),
  tab('Secrets', msg`Secrets`),
];

/** What the admin route tells its screens: the tabs whose routes are registered (routes.tsx). */
export interface AdminRouteHandle {
  builtTabs: ReadonlySet<string>;
}

const isAdminHandle = (handle: unknown): handle is AdminRouteHandle =>
  typeof handle === 'object' && handle !== null && 'builtTabs' in handle;

/** The admin tabs whose screens are registered under the admin route (read from its route handle). */
export const useBuiltAdminTabs = (): ReadonlySet<string> => {
  const handle = useMatches().find((match) => isAdminHandle(match.handle))?.handle;
  return isAdminHandle(handle) ? handle.builtTabs : new Set();
};

/** The tabs a user sees: registered, and readable with their permissions. */
export const visibleAdminTabs = (permissions: Permissions, built: ReadonlySet<string>): AdminTab[] =>
  ADMIN_TABS.filter((entry) => built.has(entry.key) && permissions.has(entry.permission));
