import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ADMIN_TAB_READ_PERMISSIONS, type AdminTabKey } from './admin-tab-permissions';
import type { Permissions } from '../../lib/permissions';

export interface AdminTab {
  key: AdminTabKey;
  label: MessageDescriptor;
  permission: string;
}

const readPermission = (key: AdminTabKey) => ADMIN_TAB_READ_PERMISSIONS.find((entry) => entry.tab === key)!.permission;

/** The admin tabs built so far, in the spec's order (docs/product/admin-accounts.md#admin-area); the others arrive with their issues. */
export const BUILT_ADMIN_TABS: readonly AdminTab[] = [
  { key: 'tenant', label: msg`Tenant`, permission: readPermission('tenant') },
  { key: 'users', label: msg`User`, permission: readPermission('users') },
  { key: 'roles', label: msg`Role`, permission: readPermission('roles') },
  { key: 'permissions', label: msg`Permissions`, permission: readPermission('permissions') },
  { key: 'clientapp', label: msg`Applications`, permission: readPermission('clientapp') },
  { key: 'Secrets', label: msg`Secrets`, permission: readPermission('Secrets') },
];

export const visibleAdminTabs = (permissions: Permissions): AdminTab[] =>
  BUILT_ADMIN_TABS.filter((tab) => permissions.has(tab.permission));
