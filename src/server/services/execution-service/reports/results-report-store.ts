import { sql, type RawBuilder } from 'kysely';
import type { Db, EvaluationCode } from '../../../platform/db/schema';
import type { Page } from './call-reports-store';
import type { KeysetPage } from '../../../platform/http/csv-download';
import {
  COMPLETED_AT_KEY,
  completionPage,
  QUESTIONS,
  resultsByIds,
  severity,
  WALKED_PARTICIPANT,
  type ListedResult,
} from '../project-results/results-store';
import { readPlannedPage, WALK_NAMES_ABOVE, walkPlan, type PagePlan } from '../../../platform/db/list-walk';
import { pageAfterCut } from '../../../platform/cache/kept-cuts';
import {
  findListSearch,
  findListSearchWithExact,
  searchCondition,
  type ExactRead,
  type ListSearch,
  type SearchRule,
  type SearchWithExact,
  namesCap,
  presentExact,
  wholeCodeRule,
} from '../../../platform/db/list-search';

/** The results report's filter (docs/product/results-report.md#filters), already checked by the handler. */
export interface ResultsReportFilter {
  /** The account; null: every account (the provider's read across tenants only). */
  tenantId: number | null;
  projectId: number | null;
  from: Date | null;
  to: Date | null;
  search: string | null;
  /** Overall evaluations to list; empty: every code. */
  codes: readonly string[];
  released: boolean;
  /** Results named by the export of a selection. */
  ids?: readonly number[];
  /** Results up to this id only: an export reading page by page sees the rows of its start. */
  maxId?: number;
  /** Only the results after this one in the date order (a keyset page of the export, ADR 0114). */
  after?: ReportKeyset;
}

/** Where a keyset page of the report's date order starts: the last row before it and the order's direction. */
export interface ReportKeyset {
  /** completed_at as text with microseconds. */
  completedAt: string;
  id: number;
  direction: 'asc' | 'desc';
}

export interface ResultsReportSort {
  by: 'date' | 'irn' | 'overallScore' | 'projectName' | 'clientName';
  direction: 'asc' | 'desc';
}

/** A row of the project Results tab's shape, with its project and account named (across projects). */
export type ResultsReportRow = Omit<
  ListedResult,
  'language' | 'note' | 'outcomeActionId' | 'emailStatus' | 'recordingExists' | 'createdByName'
> & {
  projectName: string;
  tenantId: number;
  tenantName: string;
};

/** The report's filter; `search`: the search as read by findListSearch (ADR 0073), null without one. */
function whereOf(filter: ResultsReportFilter, search: SearchRule | null): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`NOT r.deleted`, sql`r.released = ${filter.released}`];
  if (filter.tenantId !== null) parts.push(sql`r.tenant_id = ${filter.tenantId}`);
  if (filter.projectId !== null) parts.push(sql`r.project_id = ${filter.projectId}`);
  parts.push(...completionPage(filter, filter.after));
  if (filter.codes.length) parts.push(sql`r.overall_evaluation = ANY(${[...filter.codes]}::text[])`);
  if (filter.ids) parts.push(sql`r.id = ANY(${filter.ids.length ? [...filter.ids] : [0]}::bigint[])`);
  if (filter.maxId !== undefined) parts.push(sql`r.id <= ${filter.maxId}`);
  if (search)
    parts.push(
      searchCondition(search, {
        id: sql`r.id`,
        codes: [
          sql`coalesce(r.interview_reference_number, p.interview_ref_num)`,
          sql`coalesce(r.access_code, p.access_code)`,
        ],
        texts: [sql`concat_ws(' ', p.first_name, p.last_name)`],
        textId: sql`r.participant_id`,
        textKey: sql`p.id`,
      }),
    );
  return sql.join(parts, sql` AND `);
}

/**
 * The report's search: the IRN, the access code or the participant's name (docs/product/results-report.md).
 * `names`: how many participants a name may list before it counts as broad (findListSearch's text cap).
 */
export const findReportSearch = (trx: Db, filter: ResultsReportFilter, names?: number) =>
  findListSearch(trx, { name: 'app_result_search', accessCodes: true }, filter.search, namesCap(names));

/**
 * The names cap of the first probe a page of the report reads (planPage): the walk's (WALK_NAMES_ABOVE) in the date
 * order, the usual caps otherwise.
 */
export const firstProbeNames = (filter: ResultsReportFilter, sort: ResultsReportSort): number | undefined =>
  sort.by !== 'date' || filter.ids ? undefined : WALK_NAMES_ABOVE;

/** How a whole code's page and total are read in its probe's statement (exported for its plan test). */
export const reportByCode = (filter: ResultsReportFilter, sort: ResultsReportSort, page: Page): ExactRead => {
  // Its rows are read by their ids before the window is applied (narrowFrom), so the plan is kept (ADR 0209).
  const whole = (ids: RawBuilder<unknown>) => wholeCodeRule(filter.search!, ids, { keepsPlan: true });
  return {
    page: (ids) => readPage(filter, sort, page, whole(ids), undefined, true),
    order: sql`page.page_rank`,
    total: (ids) => countStatement(filter, whole(ids)),
  };
};

/**
 * findReportSearch with `names`, and in its statement the page and the total of a whole code (ADR 0184): a first read of
 * one access code or IRN is one statement. `exact` is there only when the search is a whole code whose results were
 * listed; its rows are findReportResults' for this page and its total countReportResults'.
 */
export async function findReportSearchWithExact(
  trx: Db,
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  page: Page,
  names?: number,
): Promise<SearchWithExact<ResultsReportRow>> {
  const read = await findListSearchWithExact<ReportRow>(
    trx,
    { name: 'app_result_search', accessCodes: true },
    filter.search,
    reportByCode(filter, sort, page),
    namesCap(names),
  );
  return presentExact(read, reportRow);
}

/** Reads the report's search with findReportSearch's `names` (a handler may keep the answer, ADR 0092). */
export type ReportSearchReader = (names?: number) => Promise<ListSearch | null>;

function orderOf(sort: ResultsReportSort): RawBuilder<unknown> {
  const dir = sql.raw(sort.direction === 'asc' ? 'ASC' : 'DESC');
  const tie = sql`r.completed_at ${dir}, r.id ${dir}`;
  switch (sort.by) {
    case 'overallScore':
      // Position 1 is the most severe, so "descending score" is ascending position.
      return sql`${severity(sql`r.overall_evaluation`)} ${sql.raw(sort.direction === 'asc' ? 'DESC' : 'ASC')} NULLS LAST, ${tie}`;
    case 'irn':
      return sql`coalesce(r.interview_reference_number, p.interview_ref_num) ${dir} NULLS LAST, r.id ${dir}`;
    case 'projectName':
      return sql`pr.name ${dir}, ${tie}`;
    case 'clientName':
      return sql`t.name ${dir}, ${tie}`;
    default:
      return tie;
  }
}

/** What a listed row names besides the result: its participant, project and account. */
const NAMED = sql`JOIN participants p ON p.id = r.participant_id
  JOIN projects pr ON pr.id = r.project_id
  JOIN tenants t ON t.id = r.tenant_id`;

/**
 * The results and only the joins the filter (or, given a sort, the order) reads: every result has its participant,
 * project and account (foreign keys), so the other joins only repeat the key, once for every row a count reads or
 * an OFFSET skips (docs/bench.md, 2026-11-27: page 1,000 of the year took 2.6 s with them).
 */
function narrowFrom(filter: ResultsReportFilter, sort?: ResultsReportSort, search?: SearchRule | null) {
  // A whole code's results by their ids first: a generic plan without the window's values would otherwise look for
  // the ids inside the account's date index, over the window (ADR 0209).
  const results = search?.exact && search.idsSql ? resultsByIds(search.idsSql) : sql`interview_results r`;
  const joins: RawBuilder<unknown>[] = [results];
  if (filter.search || sort?.by === 'irn') joins.push(sql`JOIN participants p ON p.id = r.participant_id`);
  if (sort?.by === 'projectName') joins.push(sql`JOIN projects pr ON pr.id = r.project_id`);
  if (sort?.by === 'clientName') joins.push(sql`JOIN tenants t ON t.id = r.tenant_id`);
  return sql.join(joins, sql` `);
}

/**
 * A broad search (a common name, many codes) walks the report's date order, which the day indexes serve (migrations
 * 013 and 041), and tests each row, as the Results tab does (ADR 0092): its matches are dense, so a page is found
 * within a short walk, while listing them costs every one. A rare search reads its matches through their ids.
 */
async function planPage(
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  page: Page,
  readSearch: ReportSearchReader,
): Promise<PagePlan> {
  const names = firstProbeNames(filter, sort);
  if (names === undefined) return { search: await readSearch() };
  return walkPlan(await readSearch(names), page.offset, page.limit);
}

/** The first `walk` rows of the report's order under the results' own columns (no search). */
const walked = (filter: ResultsReportFilter, sort: ResultsReportSort, walk: number) => sql`
  (SELECT r.* FROM interview_results r WHERE ${whereOf(filter, null)} ORDER BY ${orderOf(sort)} LIMIT ${walk}) AS r`;

/** A listed row as the page's statement selects it. */
interface ReportRow {
  id: string | number;
  project_id: number;
  project_name: string;
  tenant_id: number;
  tenant_name: string;
  irn: string | null;
  access_code: string | null;
  overall_evaluation: EvaluationCode;
  completed_at: Date;
  released: boolean;
  reviewed: boolean;
  first_name: string | null;
  last_name: string | null;
  questions: ListedResult['questions'];
  completed_at_key: string;
}

/**
 * One page of the report, in the sort's order: the page is cut first (the results' own columns), then only its rows
 * are joined (the order is total, ids break ties, so ordering them again keeps it). Tenant scope, or across tenants
 * for the provider.
 */
export async function findReportResults(
  trx: Db,
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  page: Page,
  readSearch?: ReportSearchReader,
): Promise<ResultsReportRow[]> {
  return (await findReportRows(trx, filter, sort, page, readSearch)).map(reportRow);
}

/**
 * A keyset page of the report in its date order (the only order an index serves across projects), after the row
 * `after` (null: the first page): the export's reader (ADR 0114), the same rows in the same order as
 * findReportResults' pages.
 */
export async function findReportResultsAfter(
  trx: Db,
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  limit: number,
  after: ReportKeyset | null,
  readSearch?: ReportSearchReader,
): Promise<KeysetPage<ResultsReportRow, ReportKeyset>> {
  if (sort.by !== 'date') throw new Error(`The ${sort.by} order is read by offset.`);
  const rows = await findReportRows(trx, after ? { ...filter, after } : filter, sort, { offset: 0, limit }, readSearch);
  return { rows: rows.map(reportRow), next: lastKeyset(rows, sort) };
}

/**
 * A page of the report in its date order without a search, read after a kept cut of the same filter and order when
 * there is one (ADR 0186): the rows after the cut's row, skipping only those between it and the page, cut in the
 * index as a page read by offset is (skipsInIndex). Also answers the key of its last row, a cut for later pages.
 */
export async function findReportResultsFromCut(
  trx: Db,
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  page: Page,
  cut: { position: number; key: ReportKeyset } | null,
  readSearch?: ReportSearchReader,
): Promise<{ rows: ResultsReportRow[]; last: ReportKeyset | null }> {
  if (sort.by !== 'date' || filter.search) throw new Error('Only a date order without a search is cut by keyset.');
  const rows = cut
    ? await findReportRows(trx, { ...filter, after: cut.key }, sort, pageAfterCut(page, cut), readSearch)
    : await findReportRows(trx, filter, sort, page, readSearch);
  return { rows: rows.map(reportRow), last: lastKeyset(rows, sort) };
}

/** The keyset of a page's last row (null for an empty page): where the next keyset page or a kept cut starts. */
const lastKeyset = (rows: readonly ReportRow[], sort: ResultsReportSort): ReportKeyset | null => {
  const last = rows.at(-1);
  return last ? { completedAt: last.completed_at_key, id: Number(last.id), direction: sort.direction } : null;
};

async function findReportRows(
  trx: Db,
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  page: Page,
  readSearch: ReportSearchReader = (names) => findReportSearch(trx, filter, names),
): Promise<ReportRow[]> {
  const plan = await planPage(filter, sort, page, readSearch);
  return readPlannedPage(
    trx,
    plan,
    page.limit,
    async (search, walk) => (await readPage(filter, sort, page, search, walk).execute(trx)).rows,
    { rows: sql`interview_results r`, where: whereOf(filter, null), order: orderOf(sort) },
    () => readSearch(),
  );
}

/** The statement of a page's rows; `ranked`: with each row's place in the page (`page_rank`, from 1). */
const readPage = (
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  page: Page,
  search: SearchRule | null,
  walk?: number,
  ranked = false,
) => sql<ReportRow>`
    SELECT r.id, r.project_id, pr.name AS project_name, r.tenant_id, t.name AS tenant_name,
           coalesce(r.interview_reference_number, p.interview_ref_num) AS irn,
           coalesce(r.access_code, p.access_code) AS access_code, r.overall_evaluation, r.completed_at,
           r.released, r.reviewed, p.first_name, p.last_name, ${QUESTIONS}, ${COMPLETED_AT_KEY} AS completed_at_key
           ${ranked ? sql`, row_number() OVER (ORDER BY ${orderOf(sort)}) AS page_rank` : sql``}
    FROM (${reportPageIds(filter, sort, page, search, walk)}) AS r
      ${NAMED}
    ORDER BY ${orderOf(sort)}`;

const reportRow = (r: ReportRow): ResultsReportRow => ({
  id: Number(r.id),
  projectId: r.project_id,
  projectName: r.project_name,
  tenantId: r.tenant_id,
  tenantName: r.tenant_name,
  irn: r.irn,
  accessCode: r.access_code,
  overall: r.overall_evaluation,
  completedAt: new Date(r.completed_at),
  released: r.released,
  reviewed: r.reviewed,
  firstName: r.first_name,
  lastName: r.last_name,
  questions: r.questions,
});

/**
 * The page of the report, the results' own columns (exported for its plan test). With `walk`, only the first `walk`
 * rows of the order are read, each row's participant by its key (a lateral subquery the planner cannot flatten, so
 * it cannot hash every participant and sort the walk), and tested.
 */
export const reportPageIds = (
  filter: ResultsReportFilter,
  sort: ResultsReportSort,
  page: Page,
  search: SearchRule | null = null,
  walk?: number,
) => {
  const cut = (columns: RawBuilder<unknown>) => sql`
  SELECT ${columns} FROM ${
    walk === undefined
      ? narrowFrom(filter, sort, search)
      : sql`${walked(filter, sort, walk)}
          ${WALKED_PARTICIPANT}`
  }
  WHERE ${whereOf(filter, search)}
  ORDER BY ${orderOf(sort)}
  LIMIT ${page.limit} OFFSET ${page.offset}`;
  if (!skipsInIndex(filter, sort, page, walk)) return cut(sql`r.*`);
  return sql`
  SELECT r.* FROM (${cut(sql`r.id`)}) AS skipped
    CROSS JOIN LATERAL (SELECT r.* FROM interview_results r WHERE r.id = skipped.id OFFSET 0) AS r
  ORDER BY ${orderOf(sort)}`;
};

/**
 * Whether a page skips its OFFSET in an index alone (ADR 0146 for the Results tab, ADR 0175 here): a page past the
 * first in date order without a search selects the ids of its rows first. The account, the view (released), the
 * time and the id are the keys of interview_results_account_page_idx (migration 125), which also carries the overall
 * evaluation (a project's report reads migration 106's index), so PostgreSQL skips every earlier row by an index-only
 * scan, then reads each of the
 * page's rows by its key (a lateral subquery the planner cannot flatten into a hash of the account's results). The
 * provider's read across accounts skips in interview_results_report_idx, reading each row's view.
 */
const skipsInIndex = (filter: ResultsReportFilter, sort: ResultsReportSort, page: Page, walk: number | undefined) =>
  page.offset > 0 && walk === undefined && !filter.search && sort.by === 'date';

/**
 * The number of results the filter finds. `search`: the search already read, when it is a whole code (a probe with
 * any names cap reads a whole code alike); otherwise the count reads its own probe with the usual caps.
 */
export async function countReportResults(
  trx: Db,
  filter: ResultsReportFilter,
  search?: ListSearch | null,
): Promise<number> {
  const searched = search?.exact ? search : await findReportSearch(trx, filter);
  const row = await countStatement(filter, searched).execute(trx);
  return row.rows[0]?.n ?? 0;
}

const countStatement = (filter: ResultsReportFilter, search: SearchRule | null) => sql<{ n: number }>`
  SELECT count(*)::int AS n FROM ${narrowFrom(filter, undefined, search)} WHERE ${whereOf(filter, search)}`;
