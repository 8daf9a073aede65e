import type { components } from '../../../../contracts/authz-service';
import { formatAtOffset, TOKEN_ISSUE_OFFSET } from '../../../../shared/report-time';
import type { DisplayTime } from '../../../platform/display-time';
import type { XlsxColumn } from '../../../platform/spreadsheet/xlsx-sheet';
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

/**
 * An audit row as the report answers it: times in ms and formatted, the payload as JSON text
 * (docs/product/reports.md#audit-log).
 */
export function toAuditRecord(row: AuditRow, display: DisplayTime): AuditRecord {
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
    eventTimeString: display.format(eventTime),
    tokenIssueTime: issued,
    tokenIssueTimeString: issued === null ? null : formatAtOffset(issued, TOKEN_ISSUE_OFFSET),
    complete_msg: JSON.stringify({ audit_msg: auditMsg }),
  };
}

/** The export's columns (docs/product/reports.md#audit-log), as the table shows them. */
export const AUDIT_EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { header: 'Client Name', width: 24 },
  { header: 'Email', width: 30 },
  { header: 'Date', width: 26 },
  { header: 'Activity', width: 22 },
  { header: 'IP', width: 16 },
  { header: 'Token Issue Time', width: 26 },
  { header: 'Payload', width: 60 },
];

/**
 * docs/product/reports.md#audit-log: "tenantName_MM/DD/YYYY_auditlog.xlsx", the day of the export at the display
 * time. The slashes stay in the name the answer gives (`filename*`); the plain `filename` fallback has dashes, as a
 * name on disk cannot hold a slash (FileDownload.contentDisposition).
 */
export function auditLogFileName(tenantName: string, epochMs: number, display: DisplayTime): string {
  return `${tenantName}_${display.fileDate(epochMs).replace(/-/g, '/')}_auditlog.xlsx`;
}

export const auditExportCells = (record: AuditRecord) => [
  record.tenantName,
  record.email,
  record.eventTimeString,
  record.activity,
  record.ip,
  record.tokenIssueTimeString,
  record.complete_msg,
];
