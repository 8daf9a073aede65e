import type { components } from '../../../../contracts/authz-service';
import { formatAtOffset, TOKEN_ISSUE_OFFSET } from '../../../../shared/report-time';
import type { AuditRow } from './audit-log-store';

type AuditRecord = components['schemas']['AuditRecord'];

/**
 * When the tokens of the record's session were issued (docs/product/reports.md#audit-log): a sign-in issues them,
 * so its own time; a record whose detail names `tokenIssuedAt` (epoch ms), that; otherwise unknown.
 */
export function tokenIssueTime(row: Pick<AuditRow, 'activity' | 'event_time' | 'detail'>): number | null {
  if (row.activity === 'LOGIN_SUCCESS') return row.event_time.getTime();
  const recorded = row.detail['tokenIssuedAt'];
  return typeof recorded === 'number' && Number.isFinite(recorded) ? recorded : null;
}

/** An audit row as the report answers it: times in ms and formatted, the payload as JSON text (002 §3). */
export function toAuditRecord(row: AuditRow, displayOffset: string): AuditRecord {
  const eventTime = row.event_time.getTime();
  const issued = tokenIssueTime(row);
  const auditMsg = {
    tenantName: row.tenant_name,
    tokenIssueDateTimeMS: issued,
    activity: row.activity,
    email: row.email,
    ip: row.ip,
    eventTimeMS: eventTime,
    ...row.detail,
  };
  return {
    id: row.id,
    tenantName: row.tenant_name,
    email: row.email,
    activity: row.activity,
    ip: row.ip,
    event_time: eventTime,
    eventTimeString: formatAtOffset(eventTime, displayOffset),
    tokenIssueTime: issued,
    tokenIssueTimeString: issued === null ? null : formatAtOffset(issued, TOKEN_ISSUE_OFFSET),
    complete_msg: JSON.stringify({ audit_msg: auditMsg }),
  };
}

/** The export's columns (the tab's, 002 §2.4). */
export const AUDIT_EXPORT_HEADER = ['Client Name', 'Email', 'Date', 'Activity', 'IP', 'Token Issue Time', 'Payload'];

export const auditExportCells = (record: AuditRecord) => [
  record.tenantName,
  record.email,
  record.eventTimeString,
  record.activity,
  record.ip,
  record.tokenIssueTimeString,
  record.complete_msg,
];
