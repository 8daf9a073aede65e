import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconType } from 'react-icons';
import {
  LuChartColumn,
  LuChartPie,
  LuFileChartColumn,
  LuFileText,
  LuFolderKanban,
  LuLayoutDashboard,
  LuSettings,
} from 'react-icons/lu';
import type { ClientConfiguration } from '../../api/generated/user-service';
import { ADMIN_ENTRY_PERMISSIONS, firstReadableAdminTab } from '../../features/admin/admin-tab-permissions';
import { BUILT_ADMIN_TABS } from '../../features/admin/routes';
import type { Permissions } from '../../lib/permissions';
import { PERMISSION } from '../../../shared/permissions';

export interface SidebarContext {
  permissions: Permissions;
  /** Undefined when the client configuration could not be loaded: flag-gated entries stay hidden. */
  configuration: ClientConfiguration | undefined;
}

export interface SidebarEntry {
  /** `data-testid` is `sidebar-<key>` (test/e2e/selectors.ts). */
  key: string;
  label: MessageDescriptor;
  icon: IconType;
  isVisible: (context: SidebarContext) => boolean;
  target: (context: SidebarContext) => string;
}

export interface VisibleSidebarEntry {
  key: string;
  label: MessageDescriptor;
  icon: IconType;
  to: string;
}

const PROJECT_READ = PERMISSION.TENANT_PROJECT_DETAIL_READ;

// The internal provider administrator: home in the system tenant, the admin role name in any case
// (docs/product/analytic-reports.md#gate).
const isProductAdmin = ({ permissions, configuration }: SidebarContext): boolean =>
  configuration !== undefined &&
  permissions.isSystemTenant &&
  permissions.roleName !== null &&
  permissions.roleName.toLowerCase() === configuration.branding.adminRoleName.toLowerCase();

/** The sidebar, in display order, each entry gated exactly as docs/product/shell-and-session.md#shell states. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  {
    key: 'dashboard',
    label: msg`Dashboard`,
    icon: LuLayoutDashboard,
    isVisible: ({ permissions }) => permissions.has(PROJECT_READ),
    target: () => '/main/dashboard',
  },
  {
    key: 'projects',
    label: msg`Projects`,
    icon: LuFolderKanban,
    isVisible: ({ permissions }) => permissions.has(PROJECT_READ),
    target: () => '/main/project',
  },
  {
    key: 'admin',
    label: msg`Admin`,
    icon: LuSettings,
    isVisible: ({ permissions }) => permissions.hasAny(ADMIN_ENTRY_PERMISSIONS),
    target: ({ permissions }) => `/main/admin/${firstReadableAdminTab(permissions.has, BUILT_ADMIN_TABS) ?? ''}`,
  },
  {
    key: 'reports',
    label: msg`Reports`,
    icon: LuChartColumn,
    isVisible: ({ permissions }) => permissions.isSystemTenant,
    target: () => '/main/reports',
  },
  {
    key: 'analytics',
    label: msg`Analytics`,
    icon: LuChartPie,
    isVisible: ({ permissions }) => permissions.isSystemTenant,
    target: () => '/main/analytics-dashboard',
  },
  {
    key: 'documents',
    label: msg`Documents`,
    icon: LuFileText,
    isVisible: ({ permissions }) => permissions.has(PERMISSION.TENANT_DOCUMENT_READ),
    target: () => '/main/documents',
  },
  {
    key: 'analytic-reports',
    label: msg`Analytic Reports`,
    icon: LuFileChartColumn,
    isVisible: (context) => isProductAdmin(context) && context.configuration?.featureFlags.analyticReports === true,
    target: () => '/main/analytic-reports',
  },
];

export const visibleSidebarEntries = (context: SidebarContext): VisibleSidebarEntry[] =>
  SIDEBAR_ENTRIES.filter((entry) => entry.isVisible(context)).map((entry) => ({
    key: entry.key,
    label: entry.label,
    icon: entry.icon,
    to: entry.target(context),
  }));
