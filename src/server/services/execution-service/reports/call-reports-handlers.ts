import type { components, operations } from '../../../../contracts/execution-service';
import { durationBounds, minutesSeconds } from '../../../../shared/report-time';
import { displayTimeOf, type DisplayTime } from '../../../platform/display-time';
import { keepablePage, keptUnderDataVersion } from '../../../platform/cache/tenant-figures-cache';
import { KeptCuts, readFromNearestStart } from '../../../platform/cache/kept-cuts';
import { keepableSearch, probedOnce, type ListSearch } from '../../../platform/db/list-search';
import type { TimeKeyset } from '../../../platform/db/keyset';
import { readKeysetPages } from '../../../platform/http/csv-download';
import { HttpError, notFound } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers } from '../../../platform/openapi/handler';
import {
  countCallRecords,
  countIncompleteCalls,
  findCallRecords,
  findCallRecordsAfter,
  findCallRecordsFromCut,
  findCallSearch,
  findCallSearchWithExact,
  findIncompleteCalls,
  findIncompleteCallsAfter,
  findIncompleteCallsFrom,
  findIncompleteSearch,
  newestId,
  type CallFilter,
  type CallRecordRow,
  type IncompleteCallRow,
  type IncompleteKey,
} from './call-reports-store';
import { countBackendLogs, findBackendLogs, findBackendLogSearch, findLoggedPosts } from './backend-log-store';
import { streamWorkbook, type SheetColumn } from './call-reports-xlsx';
import { KEYSET_EXPORT_PAGES, pageOf, windowOf } from './report-query';
import { bodyHash } from '../intake/request-once';
import { acceptCallRecord, acceptIncompleteCall, acceptInterviewResult } from '../intake/intake-writes';
import { XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';
import { telcoProviderName } from '../../../../shared/telco-providers';

type Handlers = Pick<
  ServiceHandlers<operations>,
  | 'listCallRecords'
  | 'exportCallRecords'
  | 'listIncompleteCalls'
  | 'exportIncompleteCalls'
  | 'listBackendDataLogs'
  | 'repostBackendData'
>;
type Schemas = components['schemas'];

/** The repost's texts (docs/product/call-reports.md#repost: the success text as the specification writes it). */
export const REPOST_SUCCESS = 'Result Reposted Sucessfully';
const REPOST_NOT_FOUND = 'The backend data log holds no post with this requestId.';
const REPOST_OTHER_BODY = 'This requestId was already used for a different post.';
type Query = Pick<
  Schemas['CallRecordQuery'],
  | 'projectId'
  | 'tenantId'
  | 'startDate'
  | 'endDate'
  | 'displayTimeZone'
  | 'timeZone'
  | 'search'
  | 'minDuration'
  | 'maxDuration'
>;

/**
 * The report's filter. The account is not in it: every query runs in the account's transaction (`ctx.inAccount`,
 * x-account-scope), the operating tenant or another one the provider names.
 */
function callFilter(body: Query): CallFilter {
  const { min, max } = durationBounds(body.minDuration, body.maxDuration);
  return {
    projectId: body.projectId ?? null,
    ...windowOf(body),
    search: body.search?.trim() || null,
    minDuration: min,
    maxDuration: max,
  };
}

const callRow = (tenantName: string, time: DisplayTime) => (r: CallRecordRow) => ({
  id: r.id,
  callId: r.callId,
  interviewReferenceNumber: r.interviewReferenceNumber,
  tenantName,
  callDateTimeString: time.format(r.callAt.getTime()),
  accessCode: r.accessCode,
  dialInNumber: r.dialInNumber,
  durationSeconds: r.durationSeconds,
  dtmfs: r.dtmfs,
  providerName: r.providerName,
  callerNumber: r.callerNumber,
  destinationNumber: r.destinationNumber,
  status: r.status,
});

const incompleteRow = (clientName: string, time: DisplayTime) => (r: IncompleteCallRow) => ({
  id: r.id,
  interviewReferenceNumber: r.interviewReferenceNumber,
  clientName,
  callerId: r.callerId,
  dialInNumber: r.dialInNumber,
  accessCode: r.accessCode,
  phoneCallInterruptCode: r.interruptCode,
  date: time.format(r.callAt.getTime()),
  phoneCallDuration: r.durationSeconds,
  interviewResultId: r.interviewResultId,
});

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
    const filter = {
      ...callFilter(body),
      telcoProvider: body.telcoProvider ? telcoProviderName(body.telcoProvider) : null,
    };
    const time = displayTimeOf(body);
    return ctx.inAccount(async (trx) => {
      // The total, and the search's probe (a code prefix lists up to 5,000 records, 30 ms at the embedded engine),
      // each once per filter and data version (ADR 0025); a probe's answer only while it is small.
      const kept = keptUnderDataVersion(ctx, trx);
      // The page's rows likewise (ADR 0180): a repeated page reads no row until the account writes (every table a
      // row reads, call records, results and incomplete calls, moves the version). The search is read only when
      // the page is; the account's name and the display time are applied per request.
      const page = pageOf(body);
      // A probe read now reads, in its statement, a whole code's page and total (ADR 0184): a first read of one access
      // code or IRN is one statement; a prefix, a number or no search reads the page and the total after it as before.
      let byCode: { rows: CallRecordRow[]; total: number } | undefined;
      // A deep page without a search starts after the nearest page of the filter read before it under this version
      // (ADR 0186), skipping only the records between, and leaves its own last record as a cut for the pages after.
      const readFromCut = async () => {
        const cuts = await kept('callRecordsCuts', [filter], async () => new KeptCuts<TimeKeyset>());
        return cuts.readAfterNearest(page, (from) => findCallRecordsFromCut(trx, filter, page, from));
      };
      let search: Promise<ListSearch | null> | undefined;
      const readSearch = () =>
        (search ??= kept(
          'callSearch',
          [filter.search],
          async () => {
            if (!filter.search) return null;
            const read = await findCallSearchWithExact(trx, filter, page);
            byCode = read.exact;
            return read.search;
          },
          keepableSearch,
        ));
      const rows = await kept(
        'callRecordsPage',
        [filter, page],
        async () => {
          if (filter.search === null && page.offset > 0) return readFromCut();
          const searched = await readSearch();
          return byCode?.rows ?? findCallRecords(trx, filter, page, undefined, searched);
        },
        keepablePage,
        'pages',
      );
      return {
        calls: rows.map(callRow(ctx.account.name, time)),
        totalResults: await kept('countCallRecords', [filter], async () => {
          const searched = await readSearch();
          return byCode?.total ?? countCallRecords(trx, filter, searched);
        }),
      };
    });
  },

  async exportCallRecords({ body }, ctx) {
    const filter = {
      ...callFilter(body),
      telcoProvider: body.telcoProvider ? telcoProviderName(body.telcoProvider) : null,
    };
    const time = displayTimeOf(body);
    const ids = body.allRecords ? undefined : (body.callIdsToExport ?? []);
    const maxId = await ctx.inAccount((trx) => newestId(trx, 'call_records'));
    // The search is probed once for every page.
    const readSearch = probedOnce((trx) => findCallSearch(trx, filter));
    const toRow = callRow(ctx.account.name, time);
    const pages = readKeysetPages(async (after: TimeKeyset | null, limit: number) => {
      const page = await ctx.inAccount(async (trx) =>
        findCallRecordsAfter(trx, { ...filter, maxId }, limit, after, ids, await readSearch(trx)()),
      );
      return { rows: page.rows.map(toRow), next: page.next };
    }, KEYSET_EXPORT_PAGES);
    return new FileDownload('callrecords.xlsx', XLSX, streamWorkbook('Call Records', CALL_COLUMNS, pages));
  },

  async listIncompleteCalls({ body }, ctx) {
    const filter = callFilter(body);
    const time = displayTimeOf(body);
    const sort = { by: body.sortBy ?? 'date', direction: body.sortDirection ?? 'desc' } as const;
    return ctx.inAccount(async (trx) => {
      // The search's probe once per search and data version, as Call Records' (a code's start or a number may list
      // thousands of calls), read for the page and the total alike; then the total once per filter.
      const kept = keptUnderDataVersion(ctx, trx);
      const search = await kept(
        'incompleteSearch',
        [filter.search],
        () => findIncompleteSearch(trx, filter),
        keepableSearch,
      );
      const totalResults = await kept('countIncompleteCalls', [filter], () =>
        countIncompleteCalls(trx, filter, search),
      );
      const page = pageOf(body);
      // A deep page starts from the nearest point of its order known under this version (ADRs 0233 and 0236): the
      // start, the far end (the total is read above), or a cut an earlier page of the filter and order left. A cut is
      // the row's value in its order, so each order keeps its own.
      const fromNearest = async () => {
        const cuts = await kept(
          'incompleteCuts',
          [filter, sort.by, sort.direction],
          async () => new KeptCuts<IncompleteKey>(),
        );
        return readFromNearestStart(page, totalResults, cuts, (start) =>
          findIncompleteCallsFrom(trx, filter, sort, start, search),
        );
      };
      const calls =
        page.offset > 0 ? await fromNearest() : await findIncompleteCalls(trx, filter, sort, page, undefined, search);
      return { calls: calls.map(incompleteRow(ctx.account.name, time)), totalResults };
    });
  },

  async exportIncompleteCalls({ body }, ctx) {
    const filter = callFilter(body);
    const time = displayTimeOf(body);
    const sort = { by: body.sortBy ?? 'date', direction: body.sortDirection ?? 'desc' } as const;
    const ids = body.allRecords ? undefined : (body.idsToExport ?? []);
    const maxId = await ctx.inAccount((trx) => newestId(trx, 'incomplete_calls'));
    // The search is probed once for every page.
    const readSearch = probedOnce((trx) => findIncompleteSearch(trx, filter));
    const toRow = incompleteRow(ctx.account.name, time);
    const bounded = { ...filter, maxId };
    // Every order by keyset (ADRs 0114 and 0236).
    const pages = readKeysetPages(async (after: IncompleteKey | null, limit: number) => {
      const page = await ctx.inAccount(async (trx) =>
        findIncompleteCallsAfter(trx, bounded, sort, limit, after, ids, await readSearch(trx)()),
      );
      return { rows: page.rows.map(toRow), next: page.next };
    }, KEYSET_EXPORT_PAGES);
    return new FileDownload(
      'incompletecalls.xlsx',
      XLSX,
      streamWorkbook('Incomplete Calls', INCOMPLETE_COLUMNS, pages),
    );
  },

  async listBackendDataLogs({ body }, ctx) {
    const time = displayTimeOf(body);
    const window = windowOf(body);
    const search = body.search?.trim() || null;
    return ctx.inTenant(async (trx) => {
      // The identifiers first, by index (ADR 0228); the count kept under the data version by what was asked.
      const filter = { ...window, search: await findBackendLogSearch(trx, search) };
      const kept = keptUnderDataVersion(ctx, trx);
      const totalResults = await kept('countBackendLogs', [window, search], () => countBackendLogs(trx, filter));
      // A deep page starts from the nearest point of the log known under this version (ADR 0234): its start, its far
      // end, or a cut an earlier page of the same window and search left.
      const page = pageOf(body);
      const cuts =
        page.offset > 0 ? await kept('backendLogCuts', [window, search], async () => new KeptCuts<TimeKeyset>()) : null;
      const rows = await readFromNearestStart(page, totalResults, cuts, (start) => findBackendLogs(trx, filter, start));
      return {
        resultAuditLogs: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          uploadedResult: JSON.stringify(r.payload),
          uploadedAt: time.format(r.uploadedAt.getTime()),
          runId: r.runId,
          refusal: r.refusal,
        })),
        totalResults,
      };
    });
  },

  async repostBackendData({ body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const now = ctx.now();
    const answer = await ctx.inTenant(async (trx) => {
      const candidates = await findLoggedPosts(trx, body.requestId);
      if (candidates.length === 0) throw notFound(REPOST_NOT_FOUND);
      // Only a post as logged is replayed: another body under its request id is refused, whatever the intake kept.
      const logged = candidates.find((candidate) => bodyHash(candidate.payload) === bodyHash(body));
      if (!logged) throw new HttpError(409, REPOST_OTHER_BODY, { code: 'REQUEST_ID_REUSED' });
      // The logged kind decides the write; a body that is not that kind's post is not the logged one.
      if (logged.kind === 'RESULT' && 'overallEvaluation' in body)
        return acceptInterviewResult(trx, tenantId, body, now);
      if (logged.kind === 'CALL_RECORD' && 'durationSeconds' in body) return acceptCallRecord(trx, tenantId, body, now);
      if (logged.kind === 'INCOMPLETE_CALL' && 'phoneCallInterruptCode' in body)
        return acceptIncompleteCall(trx, tenantId, body, now);
      throw new HttpError(409, REPOST_OTHER_BODY, { code: 'REQUEST_ID_REUSED' });
    });
    ctx.deps.jobs.runSoon();
    return { message: REPOST_SUCCESS, replayed: answer.replayed, id: answer.id };
  },
};
