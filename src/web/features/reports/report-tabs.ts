import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import type { Permissions } from '../../lib/permissions';

/**
 * One tab of the Reports area (docs/product/reports.md#tabs). `key` is its route under /main/reports (the
 * specification's: callRecords, results, incompletecalls, auditlog, backenddata, users).
 */
export interface ReportTab {
  key: string;
  label: MessageDescriptor;
  isVisible: (permissions: Permissions) => boolean;
  /** The tab's screen, loaded with the reports chunk. */
  load: () => Promise<ComponentType>;
}

/**
 * The registry of report tabs, in the specification's order (callRecords, results, incompletecalls, auditlog,
 * backenddata, users). Adding a tab is one entry here: routes.tsx registers a route for every entry, the tab
 * strip lists the visible ones and /main/reports opens the first of them. The tabs fed by interview data (call
 * records, results, incomplete calls, backend data log) are added by their own area, in their place.
 */
export const REPORT_TABS: readonly ReportTab[] = [
  {
    key: 'auditlog',
    label: msg`Audit Log`,
    isVisible: (permissions) => permissions.has('tenant.audit.log.read'),
    load: async () => (await import(/* webpackChunkName: "reports" */ './audit-log/audit-log-tab')).AuditLogTab,
  },
  {
    key: 'users',
    label: msg`Users`,
    isVisible: (permissions) => permissions.has('tenant.users.activity.read'),
    load: async () => (await import(/* webpackChunkName: "reports" */ './users/users-report-tab')).UsersReportTab,
  },
];

/** The tabs a user sees, in order. */
export const visibleReportTabs = (permissions: Permissions): ReportTab[] =>
  REPORT_TABS.filter((tab) => tab.isVisible(permissions));
