import { PassThrough } from 'node:stream';
import type { components, operations } from '../../../../contracts/authz-service';
import { END_BEFORE_START_MESSAGE } from '../../../../shared/report-time';
import { displayTimeOf } from '../../../platform/display-time';
import { AUDIT_ACTIVITIES } from '../../../platform/audit/record-audit';
import { EXPORT_BATCH_SIZE, readKeysetPages } from '../../../platform/http/csv-download';
import { FieldErrors } from '../../../platform/http/field-errors';
import { FileDownload, type ServiceHandlers } from '../../../platform/openapi/handler';
import { writeXlsxSheet, XLSX_MEDIA_TYPE } from '../../../platform/spreadsheet/xlsx-sheet';
import {
  auditExportPage,
  countAuditRows,
  latestAuditId,
  listAuditRows,
  type AuditFilter,
  type AuditKeyset,
} from './audit-log-store';
import { AUDIT_EXPORT_COLUMNS, auditExportCells, auditLogFileName, toAuditRecord } from './audit-records';

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
    const display = displayTimeOf(body);
    return ctx.inAccount(async (trx) => ({
      data: (await listAuditRows(trx, filter, { offset, limit })).map((row) => toAuditRecord(row, display)),
      totalResults: await countAuditRows(trx, filter),
    }));
  },

  async exportAuditLog({ body }, ctx) {
    const filter = auditFilter(body, ctx.account.id);
    const display = displayTimeOf(body);
    const maxId = await ctx.inAccount((trx) => latestAuditId(trx, ctx.account.id));
    const snapshot: AuditFilter = { ...filter, maxId };
    const pages = readKeysetPages(
      (after: AuditKeyset | null, limit) => ctx.inAccount((trx) => auditExportPage(trx, snapshot, after, limit)),
      { pageSize: EXPORT_BATCH_SIZE },
    );
    const rows = (async function* () {
      for await (const page of pages) for (const row of page) yield auditExportCells(toAuditRecord(row, display));
    })();
    // Streamed through the one xlsx writer as the pages arrive (ADR 0039); a failure mid-way aborts the download.
    const out = new PassThrough();
    writeXlsxSheet(out, 'Audit Log', AUDIT_EXPORT_COLUMNS, rows).catch((error: Error) => out.destroy(error));
    return new FileDownload(auditLogFileName(ctx.account.name, ctx.now().getTime(), display), XLSX_MEDIA_TYPE, out);
  },

  async listAuditActivities() {
    return { activities: [...AUDIT_ACTIVITIES].sort() };
  },
};
