import type { components, operations } from '../../../../contracts/authz-service';
import { DEFAULT_DISPLAY_OFFSET, END_BEFORE_START_MESSAGE, fileDateAtOffset } from '../../../../shared/report-time';
import { AUDIT_ACTIVITIES } from '../../../platform/audit/record-audit';
import { csvDownload, pagedRows } from '../../../platform/http/csv-download';
import { FieldErrors } from '../../../platform/http/field-errors';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { countAuditRows, latestAuditId, listAuditRows, type AuditFilter } from './audit-log-store';
import { AUDIT_EXPORT_HEADER, auditExportCells, toAuditRecord } from './audit-records';

type AuditLogQuery = components['schemas']['AuditLogQuery'];
type AuditLogHandlers = Pick<ServiceHandlers<operations>, 'listAuditLog' | 'exportAuditLog' | 'listAuditActivities'>;

function auditFilter(body: AuditLogQuery, tenantId: number): AuditFilter {
  const errors = new FieldErrors();
  if (body.end_event_time <= body.start_event_time) errors.add('end_event_time', END_BEFORE_START_MESSAGE);
  errors.throwIfAny();
  return {
    tenantId,
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
  // The account is the one x-account-scope resolved (the operating tenant, or any account for the provider).
  async listAuditLog({ body }, ctx) {
    const filter = auditFilter(body, ctx.account.id);
    const limit = body.limit ?? 10;
    const offset = (body.page ?? 0) * limit;
    const offsetText = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    return ctx.inAccount(async (trx) => ({
      data: (await listAuditRows(trx, filter, { offset, limit })).map((row) => toAuditRecord(row, offsetText)),
      totalResults: await countAuditRows(trx, filter),
    }));
  },

  async exportAuditLog({ body }, ctx) {
    const filter = auditFilter(body, ctx.account.id);
    const offsetText = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    const maxId = await ctx.inAccount((trx) => latestAuditId(trx, ctx.account.id));
    const snapshot: AuditFilter = { ...filter, maxId };
    const fileName = `${ctx.account.name}_${fileDateAtOffset(ctx.now().getTime(), offsetText)}_auditlog.csv`;
    return csvDownload(
      fileName,
      AUDIT_EXPORT_HEADER,
      pagedRows(
        (offset, limit) => ctx.inAccount((trx) => listAuditRows(trx, snapshot, { offset, limit })),
        (row) => auditExportCells(toAuditRecord(row, offsetText)),
      ),
    );
  },

  async listAuditActivities() {
    return { activities: [...AUDIT_ACTIVITIES].sort() };
  },
};
