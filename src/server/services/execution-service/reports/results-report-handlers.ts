import type { components, operations } from '../../../../contracts/execution-service';
import { displayTimeOf, type DisplayTime } from '../../../platform/display-time';
import { keepablePage, keptUnderDataVersion } from '../../../platform/cache/tenant-figures-cache';
import { KeptCuts } from '../../../platform/cache/kept-cuts';
import { keptWalkProbe } from '../../../platform/db/list-walk';
import { probedOnce, type ListSearch } from '../../../platform/db/list-search';
import { csvDownload, readKeysetPages } from '../../../platform/http/csv-download';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import { newestId } from './call-reports-store';
import { streamWorkbook, type SheetColumn } from './call-reports-xlsx';
import { exportPages, KEYSET_EXPORT_PAGES, pageOf, windowOf } from './report-query';
import { mayHandleHeld } from '../project-results/result-access';
import { QUESTION_SLOTS } from '../project-results/results-store';
import {
  countReportResults,
  findReportResults,
  findReportResultsAfter,
  findReportResultsFromCut,
  findReportSearch,
  findReportSearchWithExact,
  firstProbeNames,
  type ReportKeyset,
  type ResultsReportFilter,
  type ResultsReportRow,
  type ResultsReportSort,
} from './results-report-store';
import { XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';

type Handlers = Pick<ServiceHandlers<operations>, 'listResultsReport' | 'exportResultsReport'>;
type Schemas = components['schemas'];
type Query = Schemas['ResultsReportExport'] | Schemas['ResultsReportQuery'];
type Row = Schemas['ResultsReportRow'];

/** The overall evaluations listed: riskLevels plus CM, AD and NC when their flags are on (none: every code). */
export function codesOf(body: Pick<Query, 'riskLevels' | 'CM' | 'AD' | 'NC'>): string[] {
  const codes = new Set<string>(body.riskLevels ?? []);
  if (body.CM) codes.add('CM');
  if (body.AD) codes.add('AD');
  if (body.NC) codes.add('NC');
  return [...codes];
}

/**
 * The report's filter. The account is x-account-scope's (docs/product/results-report.md#accounts): the operating
 * tenant, any account the provider names, or every account when the provider names none (tenantId null).
 */
function filterOf(ctx: TenantContext, body: Query): ResultsReportFilter {
  return {
    tenantId: ctx.everyAccount ? null : ctx.account.id,
    projectId: body.projectId ?? null,
    ...windowOf(body),
    search: body.search?.trim() || null,
    codes: codesOf(body),
    // Held results only with tenant.project.resultshold.internal.update (docs/product/results-report.md#filters).
    released: mayHandleHeld(ctx) ? (body.released ?? true) : true,
  };
}

const sortOf = (body: Query): ResultsReportSort => ({
  by: body.sortBy ?? 'date',
  direction: body.sortDirection ?? 'desc',
});

const present =
  (time: DisplayTime) =>
  (r: ResultsReportRow): Row => ({
    interviewResultId: r.id,
    interviewReferenceNumber: r.irn,
    participantName: [r.firstName, r.lastName].filter(Boolean).join(' '),
    tenantId: r.tenantId,
    clientName: r.tenantName,
    projectId: r.projectId,
    projectName: r.projectName,
    dateString: time.format(r.completedAt.getTime()),
    accessCode: r.accessCode,
    overallEvaluation: r.overall,
    interviewQuestionsResult: r.questions.map((q) => ({ sequence: q.sequence, result: q.result })),
    released: r.released,
    reviewed: r.reviewed,
  });

const questionSlot = (sequence: number) => (r: Row) =>
  r.interviewQuestionsResult.find((q) => q.sequence === sequence)?.result ?? null;

/** The export's columns (docs/product/results-report.md#export), the same for xlsx and CSV. */
export const RESULTS_REPORT_COLUMNS: SheetColumn<Row>[] = [
  { header: 'IRN', width: 16, value: (r) => r.interviewReferenceNumber },
  { header: 'Participant Name', width: 24, value: (r) => r.participantName },
  { header: 'Client Name', width: 22, value: (r) => r.clientName },
  { header: 'Project Name', width: 24, value: (r) => r.projectName },
  { header: 'Date', width: 22, value: (r) => r.dateString },
  { header: 'Access Code', width: 14, value: (r) => r.accessCode },
  { header: 'Overall', width: 10, value: (r) => r.overallEvaluation },
  ...Array.from({ length: QUESTION_SLOTS }, (_, i) => ({ header: `Q${i + 1}`, width: 6, value: questionSlot(i + 1) })),
  { header: 'Released', width: 10, value: (r) => (r.released ? 'Yes' : 'No') },
  { header: 'Reviewed', width: 10, value: (r) => (r.reviewed ? 'Yes' : 'No') },
];

async function* presentPages(pages: AsyncIterable<ResultsReportRow[]>, time: DisplayTime): AsyncIterable<Row[]> {
  for await (const page of pages) yield page.map(present(time));
}

async function* cellsOf(pages: AsyncIterable<Row[]>) {
  for await (const rows of pages) for (const row of rows) yield RESULTS_REPORT_COLUMNS.map((c) => c.value(row));
}

/** The ResultReport tag: the Results tab of the reports area (docs/product/results-report.md). */
export const resultsReportHandlers: Handlers = {
  async listResultsReport({ body }, ctx) {
    const filter = filterOf(ctx, body);
    const time = displayTimeOf(body);
    return ctx.inAccount(async (trx) => {
      // Kept under the results version of the accounts read (ADR 0148, ADR 0175): paging one filter counts once, and
      // every write that can change which results the filter matches (a result written, deleted, released or
      // re-evaluated, a participant renamed or recoded) moves it in its transaction; a note, an e-mail or an
      // invitation does not. Across every account it is their data version. So is the probe that decides whether a
      // search's page walks (ADR 0092), only the walk's, whose answer lists at most WALK_NAMES_ABOVE names.
      const keptUnderData = keptUnderDataVersion(ctx, trx);
      const kept = keptUnderData.underResults;
      // A probe read now reads, in its statement, a whole code's page and total (ADR 0184): a first read of one access
      // code or IRN is one statement, where it was the probe, the page, the count's own probe and the count. A probe
      // is read once a request whatever asks for it again (the walk's is also kept, the others are not).
      const sort = sortOf(body);
      const page = pageOf(body);
      let byCode: { rows: ResultsReportRow[]; total: number } | undefined;
      let probed: ListSearch | null | undefined;
      const probes = new Map<number | undefined, Promise<ListSearch | null>>();
      const keptProbe = keptWalkProbe(kept, 'reportSearch', [filter.search, filter.tenantId], async (names) => {
        const read = await findReportSearchWithExact(trx, filter, sort, page, names);
        byCode ??= read.exact;
        return read.search;
      });
      const readSearch = (names?: number) => {
        let probe = probes.get(names);
        if (!probe) probes.set(names, (probe = keptProbe(names)));
        return probe.then((search) => (probed = search));
      };
      // Every page's rows are kept under the data version (ADR 0180, as the Results tab's, ADRs 0141 and 0160): a
      // repeated page (a deep one, a whole code looked up again) reads no row until the account writes, and every
      // table a row shows (results, question results, participants, projects, the account) moves that version in
      // the writing transaction. The rows are kept as read; the display time is applied per request.
      // A deep page of the date order without a search starts after the nearest page of the filter read before it
      // (ADR 0186), skipping only the results between, and leaves its own last result as a cut for the pages after.
      // Which results the filter holds and their order read only what the results version follows (ADR 0148).
      const readFromCut = async () => {
        const cuts = await kept('reportCuts', [filter, sort], async () => new KeptCuts<ReportKeyset>());
        return cuts.readAfterNearest(page, (from) =>
          findReportResultsFromCut(trx, filter, sort, page, from, readSearch),
        );
      };
      const rows = await keptUnderData(
        'resultsReportPage',
        [filter, sort, page],
        async () => {
          if (sort.by === 'date' && !filter.search && page.offset > 0) return readFromCut();
          if (filter.search) await readSearch(firstProbeNames(filter, sort));
          return byCode?.rows ?? findReportResults(trx, filter, sort, page, readSearch);
        },
        keepablePage,
        'pages',
      );
      return {
        results: rows.map(present(time)),
        totalResults: await kept(
          'countReportResults',
          [filter],
          async () => byCode?.total ?? countReportResults(trx, filter, probed),
        ),
      };
    });
  },

  async exportResultsReport({ body }, ctx) {
    const filter = filterOf(ctx, body);
    const time = displayTimeOf(body);
    const sort = sortOf(body);
    const maxId = await ctx.inAccount((trx) => newestId(trx, 'interview_results'));
    const bounded: ResultsReportFilter = {
      ...filter,
      maxId,
      ...(!body.allRecords && { ids: body.interviewResultIds ?? [] }),
    };
    // The date order by keyset (ADR 0114); the others sort the filtered results for every page either way. The search
    // is probed once for every page.
    const readSearch = probedOnce((trx, names) => findReportSearch(trx, bounded, names));
    const pages: AsyncIterable<ResultsReportRow[]> =
      sort.by === 'date'
        ? readKeysetPages(
            (after: ReportKeyset | null, limit: number) =>
              ctx.inAccount((trx) => findReportResultsAfter(trx, bounded, sort, limit, after, readSearch(trx))),
            KEYSET_EXPORT_PAGES,
          )
        : exportPages((skip, limit) =>
            ctx.inAccount((trx) => findReportResults(trx, bounded, sort, { offset: skip, limit }, readSearch(trx))),
          );
    const presented = presentPages(pages, time);
    if (body.format === 'csv')
      return csvDownload(
        'results.csv',
        RESULTS_REPORT_COLUMNS.map((c) => c.header),
        cellsOf(presented),
      );
    return new FileDownload('results.xlsx', XLSX, streamWorkbook('Results', RESULTS_REPORT_COLUMNS, presented));
  },
};
