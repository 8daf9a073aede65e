import type { components, operations } from '../../../../contracts/execution-service';
import {
  DEFAULT_DISPLAY_OFFSET,
  durationBounds,
  formatAtOffset,
  minutesSeconds,
  reportWindow,
} from '../../../../shared/report-time';
import { forbidden, unprocessable } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import {
  countBackendLogs,
  countCallRecords,
  countIncompleteCalls,
  findBackendLogs,
  findCallRecords,
  findIncompleteCalls,
  newestId,
  type CallFilter,
  type CallRecordRow,
  type IncompleteCallRow,
} from './call-reports-store';
import { EXPORT_ROW_LIMIT, streamWorkbook, type SheetColumn } from './call-reports-xlsx';

type Handlers = Pick<
  ServiceHandlers<operations>,
  'listCallRecords' | 'exportCallRecords' | 'listIncompleteCalls' | 'exportIncompleteCalls' | 'listBackendDataLogs'
>;
type Schemas = components['schemas'];
type Query = Pick<
  Schemas['CallRecordQuery'],
  'projectId' | 'tenantId' | 'startDate' | 'endDate' | 'displayTimeZone' | 'search' | 'minDuration' | 'maxDuration'
>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_PAGE = 2_000;

/** The account named in a report's body must be the one the caller operates in. */
function checkAccount(ctx: TenantContext, tenantId: number | null | undefined) {
  if (tenantId != null && tenantId !== ctx.operatingTenant.id)
    throw forbidden('Reports show the account you are working in: switch to that account first.');
}

function windowOf(body: Pick<Query, 'startDate' | 'endDate' | 'displayTimeZone'>) {
  const window = reportWindow(body.startDate, body.endDate, body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET);
  if ('error' in window)
    throw unprocessable(window.error, 'INVALID_DATE_RANGE', [{ field: 'startDate', message: window.error }]);
  return window;
}

function callFilter(ctx: TenantContext, body: Query): CallFilter {
  checkAccount(ctx, body.tenantId);
  const { min, max } = durationBounds(body.minDuration, body.maxDuration);
  return {
    projectId: body.projectId ?? null,
    ...windowOf(body),
    search: body.search?.trim() || null,
    minDuration: min,
    maxDuration: max,
  };
}

const pageOf = (body: { page?: number; pageSize?: number }) => {
  const limit = body.pageSize ?? 25;
  return { offset: (body.page ?? 0) * limit, limit };
};

const callRow = (tenantName: string, offset: string) => (r: CallRecordRow) => ({
  id: r.id,
  callId: r.callId,
  interviewReferenceNumber: r.interviewReferenceNumber,
  tenantName,
  callDateTimeString: formatAtOffset(r.callAt.getTime(), offset),
  accessCode: r.accessCode,
  dialInNumber: r.dialInNumber,
  durationSeconds: r.durationSeconds,
  dtmfs: r.dtmfs,
  providerName: r.providerName,
  callerNumber: r.callerNumber,
  destinationNumber: r.destinationNumber,
  status: r.status,
});

const incompleteRow = (clientName: string, offset: string) => (r: IncompleteCallRow) => ({
  id: r.id,
  interviewReferenceNumber: r.interviewReferenceNumber,
  clientName,
  callerId: r.callerId,
  dialInNumber: r.dialInNumber,
  accessCode: r.accessCode,
  phoneCallInterruptCode: r.interruptCode,
  date: formatAtOffset(r.callAt.getTime(), offset),
  phoneCallDuration: r.durationSeconds,
  interviewResultId: r.interviewResultId,
});

/** Reads an export page by page, each in its own short transaction, up to EXPORT_ROW_LIMIT rows. */
async function* exportPages<Row>(read: (offset: number, limit: number) => Promise<Row[]>): AsyncIterable<Row[]> {
  for (let offset = 0; offset < EXPORT_ROW_LIMIT; offset += EXPORT_PAGE) {
    const rows = await read(offset, Math.min(EXPORT_PAGE, EXPORT_ROW_LIMIT - offset));
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
  }
}

type CallSheetRow = ReturnType<ReturnType<typeof callRow>>;
const CALL_COLUMNS: SheetColumn<CallSheetRow>[] = [
  { header: 'Telco', width: 16, value: (r) => r.providerName },
  { header: 'Number Dialled', width: 18, value: (r) => r.dialInNumber },
  { header: 'Caller Id', width: 18, value: (r) => r.callerNumber },
  { header: 'Call Date Time', width: 24, value: (r) => r.callDateTimeString },
  { header: 'Duration', width: 10, value: (r) => minutesSeconds(r.durationSeconds) },
  { header: 'Destination', width: 18, value: (r) => r.destinationNumber },
  { header: 'Status', width: 12, value: (r) => r.status },
  { header: 'IRN', width: 16, value: (r) => r.interviewReferenceNumber },
  { header: 'Access Code', width: 14, value: (r) => r.accessCode },
  { header: 'DTMFs', width: 12, value: (r) => r.dtmfs },
];

type IncompleteSheetRow = ReturnType<ReturnType<typeof incompleteRow>>;
const INCOMPLETE_COLUMNS: SheetColumn<IncompleteSheetRow>[] = [
  { header: 'Irn', width: 16, value: (r) => r.interviewReferenceNumber },
  { header: 'Client Name', width: 22, value: (r) => r.clientName },
  { header: '800#', width: 18, value: (r) => r.dialInNumber },
  { header: 'Access Code', width: 14, value: (r) => r.accessCode },
  { header: 'Reason_Code', width: 14, value: (r) => r.phoneCallInterruptCode },
  { header: 'Call Date Time', width: 24, value: (r) => r.date },
  { header: 'Call Duration', width: 12, value: (r) => minutesSeconds(r.phoneCallDuration) },
];

export const callReportsHandlers: Handlers = {
  async listCallRecords({ body }, ctx) {
    const filter = { ...callFilter(ctx, body), telcoProvider: body.telcoProvider?.trim() || null };
    const offset = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    return ctx.inTenant(async (trx) => ({
      calls: (await findCallRecords(trx, filter, pageOf(body))).map(callRow(ctx.operatingTenant.name, offset)),
      totalResults: await countCallRecords(trx, filter),
    }));
  },

  async exportCallRecords({ body }, ctx) {
    const filter = { ...callFilter(ctx, body), telcoProvider: body.telcoProvider?.trim() || null };
    const offset = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    const ids = body.allRecords ? undefined : (body.callIdsToExport ?? []);
    const maxId = await ctx.inTenant((trx) => newestId(trx, 'call_records'));
    const toRow = callRow(ctx.operatingTenant.name, offset);
    const pages = exportPages((skip, limit) =>
      ctx.inTenant(async (trx) =>
        (await findCallRecords(trx, { ...filter, maxId }, { offset: skip, limit }, ids)).map(toRow),
      ),
    );
    return new FileDownload('callrecords.xlsx', XLSX, streamWorkbook('Call Records', CALL_COLUMNS, pages));
  },

  async listIncompleteCalls({ body }, ctx) {
    const filter = callFilter(ctx, body);
    const offset = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    const sort = { by: body.sortBy ?? 'date', direction: body.sortDirection ?? 'desc' } as const;
    return ctx.inTenant(async (trx) => ({
      calls: (await findIncompleteCalls(trx, filter, sort, pageOf(body))).map(
        incompleteRow(ctx.operatingTenant.name, offset),
      ),
      totalResults: await countIncompleteCalls(trx, filter),
    }));
  },

  async exportIncompleteCalls({ body }, ctx) {
    const filter = callFilter(ctx, body);
    const offset = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    const sort = { by: body.sortBy ?? 'date', direction: body.sortDirection ?? 'desc' } as const;
    const ids = body.allRecords ? undefined : (body.idsToExport ?? []);
    const maxId = await ctx.inTenant((trx) => newestId(trx, 'incomplete_calls'));
    const toRow = incompleteRow(ctx.operatingTenant.name, offset);
    const pages = exportPages((skip, limit) =>
      ctx.inTenant(async (trx) =>
        (await findIncompleteCalls(trx, { ...filter, maxId }, sort, { offset: skip, limit }, ids)).map(toRow),
      ),
    );
    return new FileDownload(
      'incompletecalls.xlsx',
      XLSX,
      streamWorkbook('Incomplete Calls', INCOMPLETE_COLUMNS, pages),
    );
  },

  async listBackendDataLogs({ body }, ctx) {
    const offset = body.displayTimeZone ?? DEFAULT_DISPLAY_OFFSET;
    const filter = { ...windowOf(body), search: body.search?.trim() || null };
    return ctx.inTenant(async (trx) => ({
      resultAuditLogs: (await findBackendLogs(trx, filter, pageOf(body))).map((r) => ({
        id: r.id,
        kind: r.kind,
        uploadedResult: JSON.stringify(r.payload),
        uploadedAt: formatAtOffset(r.uploadedAt.getTime(), offset),
        runId: r.runId,
      })),
      totalResults: await countBackendLogs(trx, filter),
    }));
  },
};
