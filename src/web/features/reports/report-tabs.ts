import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import type { Permissions } from '../../lib/permissions';
import { PERMISSION } from '../../../shared/permissions';

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
    key: 'callRecords',
    label: msg`Call Records`,
    isVisible: (permissions) => permissions.has(PERMISSION.TENANT_PROJECT_REPORT_CALL_READ),
    load: async () => (await import(/* webpackChunkName: "reports" */ './calls/call-records-tab')).CallRecordsTab,
  },
  {
    key: 'results',
    label: msg`Results`,
    isVisible: (permissions) => permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_READ),
    load: async () =>
      (await import(/* webpackChunkName: "reports" */ './interview-results/results-report-tab')).ResultsReportTab,
  },
  {
    key: 'incompletecalls',
    label: msg`Incomplete Calls`,
    isVisible: (permissions) => permissions.has(PERMISSION.TENANT_PROJECT_REPORT_CALL_READ),
    load: async () =>
      (await import(/* webpackChunkName: "reports" */ './calls/incomplete-calls-tab')).IncompleteCallsTab,
  },
  {
    key: 'auditlog',
    label: msg`Audit Log`,
    isVisible: (permissions) => permissions.has(PERMISSION.TENANT_AUDIT_LOG_READ),
    load: async () => (await import(/* webpackChunkName: "reports" */ './audit-log/audit-log-tab')).AuditLogTab,
  },
  {
    key: 'backenddata',
    label: msg`Backend Data Log`,
    isVisible: (permissions) => permissions.has(PERMISSION.TENANT_BACKEND_DATA_READ),
    load: async () => (await import(/* webpackChunkName: "reports" */ './calls/backend-data-tab')).BackendDataTab,
  },
  {
    key: 'users',
    label: msg`Users`,
    isVisible: (permissions) => permissions.has(PERMISSION.TENANT_USERS_ACTIVITY_READ),
    load: async () => (await import(/* webpackChunkName: "reports" */ './users/users-report-tab')).UsersReportTab,
  },
];

/** The tabs a user sees, in order. */
export const visibleReportTabs = (permissions: Permissions): ReportTab[] =>
  REPORT_TABS.filter((tab) => tab.isVisible(permissions));
