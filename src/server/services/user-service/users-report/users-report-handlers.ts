import type { components, operations } from '../../../../contracts/user-service';
import {
  dayEnd,
  dayStart,
  DEFAULT_DISPLAY_OFFSET,
  END_BEFORE_START_MESSAGE,
  fileDateAtOffset,
  startAfterEnd,
} from '../../../../shared/report-time';
import type { Db } from '../../../platform/db/schema';
import { csvDownload, pagedRows } from '../../../platform/http/csv-download';
import { FieldErrors } from '../../../platform/http/field-errors';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { tenantForbidden } from '../../../platform/tenancy/require-operating-tenant';
import { countUserReportRows, listUserReportRows, type UserReportFilter } from './users-report-store';
import { toUserReportRecord, USER_REPORT_EXPORT_HEADER, userReportExportCells } from './users-report-rows';

type UserReportQuery = components['schemas']['UserReportQuery'];
type UsersReportHandlers = Pick<ServiceHandlers<operations>, 'listUserReport' | 'exportUserReport'>;

/**
 * Which accounts the caller reads (docs/product/reports.md#permissions): the provider (system tenant) every
 * account or the one it names, read-only across tenants; anyone else only the operating tenant, under its
 * row-level security, and naming another account is 403.
 */
function scope(ctx: TenantContext, body: UserReportQuery) {
  const named = body.tenant_id;
  if (ctx.operatingTenant.isSystem && named !== ctx.operatingTenant.id) {
    return { tenantId: named, read: <T>(fn: (trx: Db) => Promise<T>) => ctx.acrossTenants(fn) };
  }
  if (named !== undefined && named !== ctx.operatingTenant.id) throw tenantForbidden();
  return { tenantId: ctx.operatingTenant.id, read: <T>(fn: (trx: Db) => Promise<T>) => ctx.inTenant(fn) };
}

function reportFilter(body: UserReportQuery, tenantId: number | undefined): UserReportFilter {
  const errors = new FieldErrors();
  if (startAfterEnd(body.from_date, body.to_date)) errors.add('to_date', END_BEFORE_START_MESSAGE);
  errors.throwIfAny();
  const offset = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
  const statuses = new Set(body.user_status ?? []);
  return {
    ...(tenantId !== undefined && { tenantId }),
    from: new Date(dayStart(body.from_date, offset)),
    to: new Date(dayEnd(body.to_date, offset)),
    ...(body.search?.trim() && { search: body.search.trim() }),
    ...(statuses.size === 1 && { active: statuses.has('Active') }),
    ...(body.account_type_id?.length && { accountTypeIds: body.account_type_id }),
    sortBy: body.sortBy ?? 'accountName',
    direction: body.sortDirection ?? 'asc',
  };
}

/** The UsersReport tag (docs/product/reports.md#users-report). */
export const usersReportHandlers: UsersReportHandlers = {
  async listUserReport({ body }, ctx) {
    const { tenantId, read } = scope(ctx, body);
    const filter = reportFilter(body, tenantId);
    const limit = body.page_size ?? 10;
    const offset = (body.page ?? 0) * limit;
    const display = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    return read(async (trx) => ({
      userRecords: (await listUserReportRows(trx, filter, { offset, limit })).map((row) =>
        toUserReportRecord(row, display),
      ),
      totalRecords: await countUserReportRows(trx, filter),
    }));
  },

  async exportUserReport({ body }, ctx) {
    const { tenantId, read } = scope(ctx, body);
    const filter = reportFilter(body, tenantId);
    const display = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    return csvDownload(
      `usersreport_${fileDateAtOffset(ctx.now().getTime(), display)}.csv`,
      USER_REPORT_EXPORT_HEADER,
      pagedRows(
        (offset, limit) => read((trx) => listUserReportRows(trx, filter, { offset, limit })),
        (row) => userReportExportCells(toUserReportRecord(row, display)),
      ),
    );
  },
};
