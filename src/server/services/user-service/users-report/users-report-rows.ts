import type { components } from '../../../../contracts/user-service';
import type { DisplayTime } from '../../../platform/display-time';
import type { UserReportRow } from './users-report-store';

type UserReportRecord = components['schemas']['UserReportRecord'];

const status = (active: boolean) => (active ? 'Active' : 'Inactive');

/**
 * A row as the report answers it (docs/product/reports.md#users-report "User report record"), times at the display
 * time (the zone's offset in force then, or the fixed offset).
 */
export function toUserReportRecord(row: UserReportRow, display: DisplayTime): UserReportRecord {
  const login = row.last_login_at?.getTime() ?? null;
  return {
    userId: row.id,
    tenantId: row.tenant_id,
    username: `${row.first_name} ${row.last_name}`.trim(),
    roleName: row.role_name,
    title: row.title,
    email: row.email,
    userStatus: status(row.is_active),
    login_ts: login,
    lastLoginString: login === null ? null : display.format(login),
    create_ts: row.created_at.getTime(),
    accountType: row.account_type,
    accountStatus: status(row.account_active),
    accountName: row.account_name,
  };
}

/** The export's columns: the tab's (docs/product/reports.md#users-report), Customer Name being the account's name. */
export const USER_REPORT_EXPORT_HEADER = [
  'User Name',
  'Role',
  'Title',
  'User Email',
  'User Status',
  'Last Login',
  'Account Type',
  'Account Status',
  'Customer Name',
];

export const userReportExportCells = (record: UserReportRecord) => [
  record.username,
  record.roleName,
  record.title,
  record.email,
  record.userStatus,
  record.lastLoginString,
  record.accountType,
  record.accountStatus,
  record.accountName,
];
