import type { components, operations } from '../../../../contracts/authz-service';
import { DEFAULT_DISPLAY_OFFSET, END_BEFORE_START_MESSAGE, fileDateAtOffset } from '../../../../shared/report-time';
import type { Db } from '../../../platform/db/schema';
import { AUDIT_ACTIVITIES } from '../../../platform/audit/record-audit';
import { csvDownload, pagedRows } from '../../../platform/http/csv-download';
import { FieldErrors } from '../../../platform/http/field-errors';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { tenantForbidden } from '../../../platform/tenancy/require-operating-tenant';
import { countAuditRows, findTenantName, latestAuditId, listAuditRows, type AuditFilter } from './audit-log-store';
import { AUDIT_EXPORT_HEADER, auditExportCells, toAuditRecord } from './audit-records';

type AuditLogQuery = components['schemas']['AuditLogQuery'];
type AuditLogHandlers = Pick<ServiceHandlers<operations>, 'listAuditLog' | 'exportAuditLog' | 'listAuditActivities'>;

/**
 * The transaction the report reads the account in: the operating tenant's own (row-level security), or, for the
 * provider (system tenant) naming another account, a read-only one across tenants. Anyone else naming another
 * account is refused (docs/product/reports.md#permissions).
 */
function readerFor(ctx: TenantContext, tenantId: number): <T>(fn: (trx: Db) => Promise<T>) => Promise<T> {
  if (tenantId === ctx.operatingTenant.id) return (fn) => ctx.inTenant(fn);
  if (ctx.operatingTenant.isSystem) return (fn) => ctx.acrossTenants(fn);
  throw tenantForbidden();
}

function auditFilter(body: AuditLogQuery): AuditFilter {
  const errors = new FieldErrors();
  if (body.end_event_time <= body.start_event_time) errors.add('end_event_time', END_BEFORE_START_MESSAGE);
  errors.throwIfAny();
  return {
    tenantId: body.tenantId,
    from: new Date(body.start_event_time * 1000),
    to: new Date(body.end_event_time * 1000),
    ...(body.email?.trim() && { email: body.email.trim() }),
    ...(body.activity && { activity: body.activity }),
    sortBy: body.sortBy ?? 'event_time',
    direction: body.sortDirection ?? 'desc',
  };
}

/** The AuditLog tag (docs/product/reports.md#audit-log): the audit records the platform already writes. */
export const auditLogHandlers: AuditLogHandlers = {
  async listAuditLog({ body }, ctx) {
    const read = readerFor(ctx, body.tenantId);
    const filter = auditFilter(body);
    const limit = body.limit ?? 10;
    const offset = (body.page ?? 0) * limit;
    const offsetText = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    return read(async (trx) => ({
      data: (await listAuditRows(trx, filter, { offset, limit })).map((row) => toAuditRecord(row, offsetText)),
      totalResults: await countAuditRows(trx, filter),
    }));
  },

  async exportAuditLog({ body }, ctx) {
    const read = readerFor(ctx, body.tenantId);
    const filter = auditFilter(body);
    const offsetText = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    const { name, maxId } = await read(async (trx) => ({
      name: await findTenantName(trx, body.tenantId),
      maxId: await latestAuditId(trx, body.tenantId),
    }));
    const snapshot: AuditFilter = { ...filter, maxId };
    const fileName = `${name ?? 'account'}_${fileDateAtOffset(ctx.now().getTime(), offsetText)}_auditlog.csv`;
    return csvDownload(
      fileName,
      AUDIT_EXPORT_HEADER,
      pagedRows(
        (offset, limit) => read((trx) => listAuditRows(trx, snapshot, { offset, limit })),
        (row) => auditExportCells(toAuditRecord(row, offsetText)),
      ),
    );
  },

  async listAuditActivities() {
    return { activities: [...AUDIT_ACTIVITIES].sort() };
  },
};
