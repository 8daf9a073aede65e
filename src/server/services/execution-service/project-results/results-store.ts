import { sql, type RawBuilder } from 'kysely';
import type { Db, EvaluationCode } from '../../../platform/db/schema';
import { RISK_SEVERITY } from '../../../../shared/risk-sets';
import { displayTime } from '../../../platform/display-time';
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
import { readPlannedPage, WALK_NAMES_ABOVE, walkPlan, type PagePlan } from '../../../platform/db/list-walk';
import type { KeysetPage } from '../../../platform/http/csv-download';
import { pastTimeKeyset, timeKey, windowBounds, windowPage, type TimeWindow } from '../../../platform/db/keyset';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';

/** The project results list's query (docs/product/project-results.md#list), already checked by the handler. */
export interface ResultQuery {
  projectId: number;
  page: number;
  pageSize: number;
  search?: string;
  /** ±hh:mm: the day boundaries of startDate and endDate, unless timeZone is given. */
  offset: string;
  /** The zone whose rules give the day boundaries (docs/product/reports.md#time-offsets). */
  timeZone?: string;
  sortBy: 'overallScore' | 'date' | 'irn' | 'question';
  sortDirection: 'asc' | 'desc';
  riskLevels?: readonly string[];
  questionNumber?: number;
  questionsRisk?: readonly string[];
  participantLanguageIds?: readonly number[];
  startDate?: string;
  endDate?: string;
  released: boolean;
  hideReviewed: boolean;
  /** Created By (docs/product/project-results.md#created-by): the users who added the results' participants. */
  createdBy?: readonly number[];
  /** Created By's system option: results whose participant no user added. */
  systemCreated?: boolean;
  /** Only these results (an export or zip of the selection, docs/product/results-downloads.md). */
  ids?: readonly number[];
  /** Only results up to this id: an export read page by page sees the rows of its start, not later arrivals. */
  maxId?: number;
  /** Only the rows of the order after this one (a keyset page of an export, ADR 0114). */
  after?: ResultKeyset;
}

/**
 * Where a keyset page of the list's order starts (ADR 0114): the sort values of the row before it. The overallScore
 * order reads its page in two parts, each a seek in interview_results_severity_page_idx: `within` the row's severity
 * (the rows after it there), then, when that is short, `beyond` it (the severities that follow).
 */
export interface ResultKeyset {
  /** completed_at as text with microseconds: a Date drops them, and a page would skip or repeat rows. */
  completedAt: string;
  id: number;
  /** The row's position in RISK_SEVERITY (its stored `severity`, ADR 0206), read by the overallScore order only. */
  severity: number;
  part: 'within' | 'beyond';
}

/** The orders an export reads by keyset (ADR 0114): those an index serves, whose last row says where the next starts. */
export const keysetOrder = (query: ResultQuery) => query.sortBy === 'date' || query.sortBy === 'overallScore';

export interface ListedResult {
  id: number;
  projectId: number;
  irn: string | null;
  accessCode: string | null;
  overall: EvaluationCode;
  completedAt: Date;
  released: boolean;
  reviewed: boolean;
  firstName: string | null;
  lastName: string | null;
  language: string | null;
  questions: { sequence: number; result: EvaluationCode }[];
  /** The newest note (docs/product/project-results.md#notes). */
  note: string | null;
  /** The newest outcome's action (docs/product/project-results.md#outcome-tracking). */
  outcomeActionId: number | null;
  /** The newest result e-mail's outbox status (docs/product/project-results.md#result-email). */
  emailStatus: 'queued' | 'sent' | 'failed' | null;
  /** The result has an audio recording (migration 049, docs/product/project-results.md#recording). */
  recordingExists: boolean;
  /** Who added the participant (docs/product/project-results.md#created-by); null when no user did. */
  createdByName: string | null;
}

/** The newest note and outcome of a result r (migration 040: both append-only). */
const LATEST = sql`(SELECT n.note FROM interview_result_notes n WHERE n.interview_result_id = r.id
                     ORDER BY n.id DESC LIMIT 1) AS note,
                   (SELECT f.outcome_tracking_action_id FROM interview_result_follow_ups f
                     WHERE f.interview_result_id = r.id ORDER BY f.id DESC LIMIT 1) AS outcome_action_id,
                   (SELECT o.status FROM interview_result_emails e JOIN outbox_messages o ON o.id = e.outbox_message_id
                     WHERE e.interview_result_id = r.id ORDER BY e.id DESC LIMIT 1) AS email_status,
                   EXISTS (SELECT 1 FROM interview_recordings rec WHERE rec.interview_result_id = r.id) AS recording_exists`;

/**
 * A result r's question results by sequence, as JSON, in the row's own statement: the list's page and the report's
 * read them with the rows instead of in a second statement (ADR 0074).
 */
export const QUESTIONS = sql`(SELECT coalesce(json_agg(json_build_object('sequence', q.sequence, 'result', q.result)
                                                    ORDER BY q.sequence), '[]')
                              FROM interview_question_results q WHERE q.interview_result_id = r.id) AS questions`;

export interface ResultProject {
  id: number;
  name: string;
  questionnaireType: string;
  location: string | null;
  tenantName: string;
  tenantLogo: Uint8Array | null;
  /**
   * enable_indivisual_result_email and result_email_recipient (docs/product/project-form.md#sections internal
   * settings).
   */
  resultEmailEnabled: boolean;
  /**
   * cm_recordings_configuration (docs/product/project-form.md#sections internal settings): the Recording action
   * (docs/product/project-results.md#route).
   */
  recordingsEnabled: boolean;
  resultEmailRecipients: string[];
}

export interface ResultColumnQuestion {
  sequence: number;
  questionText: string;
}

/**
 * Questions a result shows a column for (docs/product/project-results.md#columns): pertinent, not pre-interview, not
 * 'Narr'; 7 slots.
 */
export const QUESTION_SLOTS = 7;

/** The position of a code in RISK_SEVERITY (1 is the most severe): the "overall score" order. */
export const severity = (column: RawBuilder<unknown>) =>
  sql`array_position(${sql.raw(`ARRAY[${RISK_SEVERITY.map((c) => `'${c}'`).join(',')}]`)}::text[], ${column})`;

/** The project (name, type, location, account) or null when the tenant has none with this id. Tenant scope. */
export async function findResultProject(trx: Db, projectId: number): Promise<ResultProject | null> {
  const row = await sql<{
    id: number;
    name: string;
    questionnaire_type: string;
    location: string | null;
    tenant_name: string;
    logo: Uint8Array | null;
    internal_settings: Record<string, unknown> | null;
  }>`
    SELECT p.id, p.name, p.questionnaire_type, t.name AS tenant_name, t.logo, p.internal_settings,
           (SELECT a.description FROM project_attributes a
             WHERE a.tenant_id = p.tenant_id AND a.attribute_type = 'LOCATION' AND a.attribute_id = p.location_id
             ORDER BY a.language_id LIMIT 1) AS location
    FROM projects p JOIN tenants t ON t.id = p.tenant_id
    WHERE p.id = ${projectId}`.execute(trx);
  const found = row.rows[0];
  return found
    ? {
        id: found.id,
        name: found.name,
        questionnaireType: found.questionnaire_type,
        location: found.location,
        tenantName: found.tenant_name,
        tenantLogo: found.logo,
        resultEmailEnabled: found.internal_settings?.enable_indivisual_result_email === true,
        recordingsEnabled: found.internal_settings?.cm_recordings_configuration === true,
        resultEmailRecipients: String(found.internal_settings?.result_email_recipient ?? '')
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      }
    : null;
}

/** A project's pertinent interview questions (not pre-interview), by sequence. Tenant scope. */
const pertinentQuestionsQuery = (trx: Db, projectId: number) =>
  trx
    .selectFrom('project_questions')
    .select(['sequence', 'question_text'])
    .where('project_id', '=', projectId)
    .where('is_pertinant', '=', true)
    .where('pre_interview', '=', false)
    .orderBy('sequence');

const asColumnQuestion = (r: { sequence: number; question_text: string }): ResultColumnQuestion => ({
  sequence: r.sequence,
  questionText: r.question_text,
});

/** The question columns of a project's results (QUESTION_SLOTS at most, narratives left out). Tenant scope. */
export async function resultColumnQuestions(trx: Db, projectId: number): Promise<ResultColumnQuestion[]> {
  const rows = await pertinentQuestionsQuery(trx, projectId)
    .where('expected_answer', '<>', 'Narr')
    .limit(QUESTION_SLOTS)
    .execute();
  return rows.map(asColumnQuestion);
}

/**
 * The ids of one whole IRN's results, as an array expression, when the search is one: read by the same statement
 * (`idsSql`, ADR 0184) or listed by the probe. Such a page never walks (walkPlan), and its statement reads those
 * results by their ids first (resultsOf), so it keeps its plan (ADR 0209).
 */
function wholeCodeIds(search: SearchRule | null): RawBuilder<unknown> | null {
  if (!search?.exact) return null;
  if (search.idsSql) return search.idsSql;
  return search.codeIds && search.textIds ? sql`${[...search.codeIds]}::bigint[]` : null;
}

/**
 * The results `ids` (an array expression) names, as `r`, in a subquery the planner cannot flatten (OFFSET 0): a plan
 * made without the values (a date window's, the ids') reads them by the primary key first (ADR 0209). One whole code's
 * rows, here and in the Results report.
 */
export const resultsByIds = (ids: RawBuilder<unknown>) =>
  sql`(SELECT * FROM interview_results WHERE id = ANY(${ids}) OFFSET 0) AS r`;

/** The results a statement reads: for one whole IRN, its results by their ids first (resultsByIds). */
function resultsOf(search: SearchRule | null) {
  const ids = wholeCodeIds(search);
  return ids ? resultsByIds(ids) : sql`interview_results r`;
}

/** The list's filter; `search`: the search as read by findListSearch (ADR 0073), null without one. */
function whereOf(query: ResultQuery, search: SearchRule | null): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`r.project_id = ${query.projectId}`,
    sql`NOT r.deleted`,
    sql`r.released = ${query.released}`,
  ];
  if (query.hideReviewed) parts.push(sql`NOT r.reviewed`);
  if (query.ids) parts.push(sql`r.id = ANY(${[...query.ids]}::bigint[])`);
  if (query.maxId !== undefined) parts.push(sql`r.id <= ${query.maxId}`);
  if (query.after) parts.push(keysetWhere(query, query.after));
  if (query.riskLevels?.length) parts.push(sql`r.overall_evaluation = ANY(${[...query.riskLevels]}::text[])`);
  if (query.participantLanguageIds?.length)
    parts.push(sql`p.participant_language_id = ANY(${[...query.participantLanguageIds]}::int[])`);
  const creators = createdByWhere(query);
  if (creators) parts.push(creators);
  const time = displayTime(query.timeZone, query.offset);
  const window = {
    from: query.startDate ? new Date(time.dayStart(query.startDate)) : null,
    to: query.endDate ? new Date(time.dayEnd(query.endDate)) : null,
  };
  // The overallScore order's `beyond` part compares no times: every bound stays.
  const seeksTime = query.after && (query.sortBy !== 'overallScore' || query.after.part === 'within');
  parts.push(...completionWindow(window, query.sortDirection, seeksTime ? query.after : null));
  if (query.questionNumber !== undefined && query.questionsRisk?.length)
    parts.push(sql`EXISTS (SELECT 1 FROM interview_question_results q
                           WHERE q.interview_result_id = r.id AND q.sequence = ${query.questionNumber}
                             AND q.result = ANY(${[...query.questionsRisk]}::text[]))`);
  if (search)
    parts.push(
      searchCondition(wholeCodeIds(search) ? { ...search, keepsPlan: true } : search, {
        id: sql`r.id`,
        codes: [sql`coalesce(r.interview_reference_number, p.interview_ref_num)`],
        texts: [sql`concat_ws(' ', p.first_name, p.last_name)`],
        textId: sql`r.participant_id`,
        textKey: sql`p.id`,
      }),
    );
  return sql.join(parts, sql` AND `);
}

/** The results r after a row in the (completed_at, id) order of `direction` (ADR 0114). */
const pastCompletion = (direction: 'asc' | 'desc', after: { completedAt: string; id: number }) =>
  pastTimeKeyset(sql`r.completed_at`, sql`r.id`, direction, { at: after.completedAt, id: after.id });

/** The window's bounds on r.completed_at, less the one a keyset past `after` implies (windowBounds, ADR 0205). */
const completionWindow = (
  window: TimeWindow,
  direction: 'asc' | 'desc',
  after: { completedAt: string; id: number } | null | undefined,
) => windowBounds(sql`r.completed_at`, window, after && { direction, after: { at: after.completedAt, id: after.id } });

/** The window on r.completed_at and the rows past `after` in its direction (windowPage, ADR 0205). */
export const completionPage = (
  window: TimeWindow,
  after: { direction: 'asc' | 'desc'; completedAt: string; id: number } | null | undefined,
) =>
  windowPage(
    sql`r.completed_at`,
    sql`r.id`,
    window,
    after && { direction: after.direction, after: { at: after.completedAt, id: after.id } },
  );

/** completed_at of the results r as the keyset's text. */
export const COMPLETED_AT_KEY = timeKey(sql`r.completed_at`);

/**
 * The rows of the order after the keyset: (completed_at, id) past it, a row comparison that seeks in the order's
 * index; in the overallScore order within its severity, or the severities beyond it (position 1 is the most severe,
 * so severity runs against the direction, as in orderOf).
 */
function keysetWhere(query: ResultQuery, after: ResultKeyset): RawBuilder<unknown> {
  const asc = query.sortDirection === 'asc';
  const past = pastCompletion(query.sortDirection, after);
  if (query.sortBy !== 'overallScore') return past;
  const position = sql`r.severity`;
  return after.part === 'within'
    ? sql`${position} = ${after.severity}::smallint AND ${past}`
    : sql`${position} ${sql.raw(asc ? '<' : '>')} ${after.severity}::smallint`;
}

/** Created By: the chosen users' participants, and with the system option those no user added. */
function createdByWhere(query: ResultQuery): RawBuilder<unknown> | null {
  const users = query.createdBy?.length ? sql`p.created_by = ANY(${[...query.createdBy]}::int[])` : null;
  const system = query.systemCreated ? sql`p.created_by IS NULL` : null;
  if (users && system) return sql`(${users} OR ${system})`;
  return users ?? system;
}

function orderOf(query: ResultQuery): RawBuilder<unknown> {
  const dir = sql.raw(query.sortDirection === 'asc' ? 'ASC' : 'DESC');
  // Severity: position 1 is the most severe, so "descending score" is ascending position.
  const sevDir = sql.raw(query.sortDirection === 'asc' ? 'DESC' : 'ASC');
  const tie = sql`r.completed_at ${dir}, r.id ${dir}`;
  switch (query.sortBy) {
    case 'overallScore':
      // The stored severity (migration 132, ADR 0206), whose integer comparisons are leakproof, so a keyset page
      // seeks to it under row-level security. No NULLS clause: every overall code is in RISK_SEVERITY (NOT NULL and
      // checked), and without one both directions read interview_results_severity_page_idx instead of sorting.
      return sql`r.severity ${sevDir}, ${tie}`;
    case 'irn':
      return sql`coalesce(r.interview_reference_number, p.interview_ref_num) ${dir} NULLS LAST, r.id ${dir}`;
    case 'question':
      return sql`${severity(
        sql`(SELECT q.result FROM interview_question_results q
             WHERE q.interview_result_id = r.id AND q.sequence = ${query.questionNumber ?? 1})`,
      )} ${sevDir}, ${tie}`;
    default:
      return tie;
  }
}

/** Whether the filter (or, with `sorted`, the order) reads the participant: otherwise the join only repeats the key. */
const readsParticipant = (query: ResultQuery, sorted = false) =>
  !!query.participantLanguageIds?.length ||
  !!query.search?.trim() ||
  !!query.createdBy?.length ||
  !!query.systemCreated ||
  (sorted && query.sortBy === 'irn');

/**
 * How many results the list's query finds (docs/product/project-results.md#list; the handler keeps it under the
 * tenant's data version). Tenant scope.
 */
export async function countResults(trx: Db, query: ResultQuery, wholeCode?: ListSearch): Promise<number> {
  // Every result has its participant (foreign key), so the count joins participants only when a filter reads
  // them: on a large project the join made each page count every result twice over (found by the bench).
  const search = wholeCode?.exact ? wholeCode : await findResultSearch(trx, query);
  const total = await countStatement(query, search).execute(trx);
  return total.rows[0]?.n ?? 0;
}

/** The statement of countResults under its search as read (exported for the plan tests). */
export const countStatement = (query: ResultQuery, search: SearchRule | null) => sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${resultsOf(search)}
      ${readsParticipant(query) ? sql`JOIN participants p ON p.id = r.participant_id` : sql``}
    WHERE ${whereOf(query, search)}`;

/**
 * The Results tab's search: the IRN or the participant's name, no access code (docs/product/project-results.md).
 * `names`: how many participants a name may list before it counts as broad (findListSearch's text cap).
 */
/** Reads the list's search with names listed up to `names` (default: the usual cap); the Results tab keeps answers. */
export type ResultSearchReader = (names?: number) => Promise<ListSearch | null>;

export const findResultSearch = (trx: Db, query: ResultQuery, names?: number) =>
  findListSearch(trx, { name: 'app_result_search', accessCodes: false }, query.search, namesCap(names));

/** How a whole IRN's page and total are read in its probe's statement (exported for its plan test). */
export const resultsByCode = (query: ResultQuery): ExactRead => {
  const whole = (ids: RawBuilder<unknown>) => wholeCodeRule(query.search!, ids);
  return {
    page: (ids) => pageStatement(query, query.pageSize, query.page * query.pageSize, whole(ids), undefined, true),
    order: sql`page.page_rank`,
    total: (ids) => countStatement(query, whole(ids)),
  };
};

/**
 * findResultSearch, and in its statement the page and the total of a whole IRN (ADR 0184, ADR 0210): a first read of
 * one IRN is one statement. `exact` is there only when the search is a whole IRN whose results were listed; its rows
 * are readResults' for the query's page and its total countResults'.
 */
export async function findResultSearchWithExact(
  trx: Db,
  query: ResultQuery,
  names?: number,
): Promise<SearchWithExact<ListedResult>> {
  const read = await findListSearchWithExact<ResultRow>(
    trx,
    { name: 'app_result_search', accessCodes: false },
    query.search,
    resultsByCode(query),
    namesCap(names),
  );
  return presentExact(read, (r) => listedResult(r));
}

/** The names cap of the first probe a page reads (planPage): the walk's in an order an index serves. */
export const firstProbeNames = (query: ResultQuery): number | undefined =>
  walksInOrder(query) ? WALK_NAMES_ABOVE : undefined;

/** The orders an index serves (migrations 005 and 052): only those can be walked. */
const walksInOrder = (query: ResultQuery) => query.sortBy === 'date' || query.sortBy === 'overallScore';

/** The list's filter on the results' own columns: what the walk reads in its order's index. */
function ownFilter(query: ResultQuery): ResultQuery {
  const { search: _search, participantLanguageIds: _languages, createdBy: _by, systemCreated: _system, ...own } = query;
  return own;
}

/** The first `walk` rows of the list's order under its own columns' filter (the walk a broad search reads). */
const walked = (query: ResultQuery, walk: number) => sql`
  (SELECT r.* FROM interview_results r WHERE ${whereOf(ownFilter(query), null)} ORDER BY ${orderOf(query)}
   LIMIT ${walk}) AS r`;

/**
 * A walked row's participant, read by its key for each row in the walk's order: a lateral subquery the planner cannot
 * flatten (OFFSET 0), so it cannot hash the participants instead, which would read all of them and sort the walk.
 */
export const WALKED_PARTICIPANT = sql`CROSS JOIN LATERAL (SELECT p.* FROM participants p WHERE p.id = r.participant_id OFFSET 0) AS p`;

/**
 * Whether a page skips its OFFSET in the view's page index alone (ADR 0146): a deep page in time order, whose
 * filter and order read no participant, selects only the ids of its rows first. An id, its view, its time and its
 * tenant are all in interview_results_view_page_idx, so PostgreSQL can skip every earlier row by an index-only scan,
 * reading no table row for it, then reads the page's own rows by key.
 */
const skipsInIndex = (query: ResultQuery, offset: number, walk: number | undefined) =>
  offset > 0 && walk === undefined && query.sortBy === 'date' && !readsParticipant(query, true);

/** `columns` of one page of the list's query, in its order (pageIds, and resultPageCut's ids). */
const pageCut = (
  columns: RawBuilder<unknown>,
  query: ResultQuery,
  limit: number,
  offset: number,
  search: SearchRule | null,
  walk: number | undefined,
) => sql`
    SELECT ${columns} FROM ${walk === undefined ? resultsOf(search) : walked(query, walk)}
      ${readsParticipant(query, true) ? (walk === undefined ? sql`JOIN participants p ON p.id = r.participant_id` : WALKED_PARTICIPANT) : sql``}
    WHERE ${whereOf(query, search)}
    ORDER BY ${orderOf(query)}
    LIMIT ${limit} OFFSET ${offset}`;

/**
 * One page of the list's query, in its order: the results' own columns only, so PostgreSQL evaluates no joined or
 * computed column for a row an OFFSET skips (exported for the plan tests). With `walk`, only the first `walk` rows
 * of the order are read, each tested (a broad search, ADR 0092).
 */
export const pageIds = (
  query: ResultQuery,
  limit: number,
  offset: number,
  search: SearchRule | null = null,
  walk?: number,
) => {
  const page = (columns: RawBuilder<unknown>) => pageCut(columns, query, limit, offset, search, walk);
  if (!skipsInIndex(query, offset, walk)) return sql<{ id: string | number }>`${page(sql`r.*`)}`;
  return sql<{ id: string | number }>`
    SELECT r.* FROM (${page(sql`r.id`)}) AS skipped JOIN interview_results r ON r.id = skipped.id
    ORDER BY ${orderOf(query)}`;
};

async function planPage(
  query: ResultQuery,
  limit: number,
  offset: number,
  readSearch: ResultSearchReader,
): Promise<PagePlan> {
  if (!walksInOrder(query)) return { search: await readSearch() };
  return walkPlan(await readSearch(WALK_NAMES_ABOVE), offset, limit);
}

/** A result row as the list and the single-result finder select it (the select list of readResults). */
interface ResultRow {
  id: string | number;
  project_id: number;
  interview_reference_number: string | null;
  access_code: string | null;
  overall_evaluation: EvaluationCode;
  completed_at: Date;
  released: boolean;
  reviewed: boolean;
  first_name: string | null;
  last_name: string | null;
  language: string | null;
  note: string | null;
  outcome_action_id: number | null;
  email_status: 'queued' | 'sent' | 'failed' | null;
  recording_exists: boolean;
  questions: ListedResult['questions'];
  created_by_name: string | null;
  /** completed_at with microseconds (the keyset of the next page). */
  completed_at_key: string;
}

const listedResult = (
  r: Omit<ResultRow, 'completed_at_key'>,
  questions: ListedResult['questions'] = r.questions,
): ListedResult => ({
  id: Number(r.id),
  projectId: r.project_id,
  irn: r.interview_reference_number,
  accessCode: r.access_code,
  overall: r.overall_evaluation,
  completedAt: new Date(r.completed_at),
  released: r.released,
  reviewed: r.reviewed,
  firstName: r.first_name,
  lastName: r.last_name,
  language: r.language,
  questions,
  note: r.note,
  outcomeActionId: r.outcome_action_id,
  emailStatus: r.email_status,
  recordingExists: r.recording_exists,
  createdByName: r.created_by_name,
});

/**
 * Rows of the list's query (filter and order of `listResults`, whatever the page): the one reader of the list, the
 * exports and the zip of PDFs (docs/product/results-downloads.md). Tenant scope.
 */
export async function readResults(
  trx: Db,
  query: ResultQuery,
  limit: number,
  offset: number,
  readSearch: ResultSearchReader = (names) => findResultSearch(trx, query, names),
): Promise<ListedResult[]> {
  return (await readResultRows(trx, query, limit, offset, readSearch)).map((r) => listedResult(r));
}

/**
 * A keyset page of the list's query in an order an index serves (keysetOrder), after the row `after` (null: the first
 * page): the exports' reader (ADR 0114), the same rows in the same order as readResults' pages. Tenant scope.
 * `readSearch`: the export's search, probed once for all its pages (probedOnce).
 */
export async function readResultsAfter(
  trx: Db,
  query: ResultQuery,
  limit: number,
  after: ResultKeyset | null,
  readSearch: ResultSearchReader = (names) => findResultSearch(trx, query, names),
): Promise<KeysetPage<ListedResult, ResultKeyset>> {
  if (!keysetOrder(query)) throw new Error(`The ${query.sortBy} order is read by offset.`);
  const rows = await readResultRows(trx, after ? { ...query, after } : query, limit, 0, readSearch);
  if (after && query.sortBy === 'overallScore' && after.part === 'within' && rows.length < limit)
    rows.push(
      ...(await readResultRows(
        trx,
        { ...query, after: { ...after, part: 'beyond' } },
        limit - rows.length,
        0,
        readSearch,
      )),
    );
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => listedResult(r)),
    next: last
      ? {
          completedAt: last.completed_at_key,
          id: Number(last.id),
          severity: RISK_SEVERITY.indexOf(last.overall_evaluation) + 1,
          part: 'within',
        }
      : null,
  };
}

/**
 * The parts of a page's results r, whose ids are `ids` (a bigint[]): the newest note, outcome and e-mail, the
 * recording and the question results (`page_questions`), each read once for the whole page (an index search per id
 * in one scan, grouped there) instead of a subquery per row (ADR 0155, 0214). `LATEST` and `QUESTIONS` read the same
 * for one result.
 */
const pageParts = (ids: RawBuilder<unknown>) => sql`
  LEFT JOIN (SELECT DISTINCT ON (n.interview_result_id) n.interview_result_id, n.note FROM interview_result_notes n
             WHERE n.interview_result_id = ANY(${ids}) ORDER BY n.interview_result_id, n.id DESC) AS n
    ON n.interview_result_id = r.id
  LEFT JOIN (SELECT DISTINCT ON (f.interview_result_id) f.interview_result_id, f.outcome_tracking_action_id
             FROM interview_result_follow_ups f
             WHERE f.interview_result_id = ANY(${ids}) ORDER BY f.interview_result_id, f.id DESC) AS f
    ON f.interview_result_id = r.id
  LEFT JOIN (SELECT DISTINCT ON (e.interview_result_id) e.interview_result_id, o.status
             FROM interview_result_emails e JOIN outbox_messages o ON o.id = e.outbox_message_id
             WHERE e.interview_result_id = ANY(${ids}) ORDER BY e.interview_result_id, e.id DESC) AS e
    ON e.interview_result_id = r.id
  LEFT JOIN interview_recordings rec ON rec.interview_result_id = r.id
  LEFT JOIN page_questions q ON q.interview_result_id = r.id`;

/**
 * The question results of a page's results (`ids`), grouped once for the page: a MATERIALIZED query of the page's
 * statement, which listedRows joins (pageParts). As a subquery in the join, a page the planner expects one row of (a
 * whole IRN's) grouped them again for each of its rows, reading every row's questions each time (ADR 0214).
 */
const pageQuestions = (ids: RawBuilder<unknown>) => sql`
  page_questions AS MATERIALIZED (
    SELECT q.interview_result_id,
           json_agg(json_build_object('sequence', q.sequence, 'result', q.result) ORDER BY q.sequence) AS questions
    FROM interview_question_results q WHERE q.interview_result_id = ANY(${ids})
    GROUP BY q.interview_result_id)`;

/**
 * The list's rows of a page: `page`, the page's results r (their own columns), `ids` the same results' ids, in the
 * list's order, with their participant and their parts. The statement defines `page_questions` (pageQuestions) over
 * the same ids before it.
 */
const listedRows = (
  query: ResultQuery,
  page: RawBuilder<unknown>,
  ids: RawBuilder<unknown>,
  ranked = false,
) => sql<ResultRow>`
  SELECT r.id, r.project_id, coalesce(r.interview_reference_number, p.interview_ref_num) AS interview_reference_number,
         coalesce(r.access_code, p.access_code) AS access_code, r.overall_evaluation, r.completed_at,
         r.released, r.reviewed, p.first_name, p.last_name, l.label AS language, n.note,
         f.outcome_tracking_action_id AS outcome_action_id, e.status AS email_status,
         rec.interview_result_id IS NOT NULL AS recording_exists, coalesce(q.questions, '[]'::json) AS questions,
         CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS created_by_name,
         ${COMPLETED_AT_KEY} AS completed_at_key
         ${ranked ? sql`, row_number() OVER (ORDER BY ${orderOf(query)}) AS page_rank` : sql``}
  FROM ${page}
    JOIN participants p ON p.id = r.participant_id
    LEFT JOIN languages l ON l.id = p.participant_language_id
    LEFT JOIN users u ON u.id = p.created_by
    ${pageParts(ids)}
  ORDER BY ${orderOf(query)}`;

/** The ids of pageStatement's page, as the array its parts read. */
const PAGE_IDS = sql`ARRAY(SELECT page.id FROM page)`;

/**
 * A page of the list's rows in one statement: its cut (pageIds), then its rows and their parts (exported for the plan
 * tests); `ranked`: with each row's place in the page (`page_rank`, from 1).
 */
export const pageStatement = (
  query: ResultQuery,
  limit: number,
  offset: number,
  search: SearchRule | null = null,
  walk?: number,
  ranked = false,
) => sql<ResultRow>`
  WITH page AS MATERIALIZED (${pageIds(query, limit, offset, search, walk)}),
  ${pageQuestions(PAGE_IDS)}
  ${listedRows(query, sql`page AS r`, PAGE_IDS, ranked)}`;

/**
 * Whether a page's cut (the ids of its rows, in order) can be kept under the results version (ADR 0155): a deep page
 * in time order whose filter and order read no participant (ADR 0146's skipsInIndex). Which results it holds and
 * their order depend only on columns migration 118's results version follows, so the cut stays right until it moves.
 */
export const keepsPageCut = (query: ResultQuery) => query.page > 0 && skipsInIndex(query, query.page, undefined);

/** The ids of a page's rows in the list's order (a page keepsPageCut allows: no search, no participant). */
export async function resultPageCut(trx: Db, query: ResultQuery): Promise<number[]> {
  const offset = query.page * query.pageSize;
  const cut = await pageCut(sql`r.id`, query, query.pageSize, offset, null, undefined)
    .$castTo<{ id: string | number }>()
    .execute(trx);
  return cut.rows.map((r) => Number(r.id));
}

/**
 * The statement of readResultsByIds (exported for the plan tests). A read by key, whatever the ids: marked GENERIC_PLAN
 * (ADR 0160), its plan made once per connection and kept, where planning its ten relations for each call's values
 * cost more than running it (docs/bench.md, 2026-11-30 "loaded machine").
 */
export const byIdsStatement = (query: ResultQuery, ids: readonly number[]) => {
  const idsArray = sql`${[...ids]}::bigint[]`;
  const page = sql`(SELECT r.* FROM interview_results r WHERE r.id = ANY(${idsArray})) AS r`;
  return sql<ResultRow>`${sql.raw(GENERIC_PLAN)}WITH ${pageQuestions(idsArray)} ${listedRows(query, page, idsArray)}`;
};

/** The list's rows of a page whose cut is known (resultPageCut), in the list's order. Tenant scope. */
export async function readResultsByIds(trx: Db, query: ResultQuery, ids: readonly number[]): Promise<ListedResult[]> {
  if (ids.length === 0) return [];
  const rows = await byIdsStatement(query, ids).execute(trx);
  return rows.rows.map((r) => listedResult(r));
}

async function readResultRows(
  trx: Db,
  query: ResultQuery,
  limit: number,
  offset: number,
  readSearch: ResultSearchReader = (names) => findResultSearch(trx, query, names),
): Promise<ResultRow[]> {
  // The page is cut first (the results' own columns), then joined and completed: PostgreSQL computes the select
  // list, the latest note, follow-up and e-mail subqueries included, for every row an OFFSET skips, which made deep
  // pages and the exports' 2,000-row pages quadratic (docs/bench.md, 2026-11-27). The order is total (ids break
  // ties), so ordering the page's rows again gives the same order.
  const plan = await planPage(query, limit, offset, readSearch);
  const read = (search: ListSearch | null, walk?: number) => pageStatement(query, limit, offset, search, walk);
  return readPlannedPage(
    trx,
    plan,
    limit,
    async (search, walk) => (await read(search, walk).execute(trx)).rows,
    { rows: sql`interview_results r`, where: whereOf(ownFilter(query), null), order: orderOf(query) },
    () => readSearch(),
  );
}

export interface LockedResult {
  id: number;
  projectId: number;
  participantId: number;
  irn: string | null;
  overall: EvaluationCode;
  completedAt: Date;
  released: boolean;
  deleted: boolean;
}

/** The tenant's results among these ids, locked for the transaction (others are not visible). Tenant scope. */
export async function lockResults(trx: Db, ids: readonly number[]): Promise<LockedResult[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('interview_results')
    .select([
      'id',
      'project_id',
      'participant_id',
      'interview_reference_number',
      'overall_evaluation',
      'completed_at',
      'released',
      'deleted',
    ])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    projectId: r.project_id,
    participantId: Number(r.participant_id),
    irn: r.interview_reference_number,
    overall: r.overall_evaluation,
    completedAt: new Date(r.completed_at),
    released: r.released,
    deleted: r.deleted,
  }));
}

/** Participants of released results that were INTERVIEWED become RESULT_PUBLISHED (docs/product/results-intake.md#transitions). */
export async function publishParticipants(
  trx: Db,
  participantIds: readonly number[],
  now: Date,
): Promise<{ id: number; irn: string | null }[]> {
  if (participantIds.length === 0) return [];
  const rows = await trx
    .updateTable('participants')
    .set({ status: 'RESULT_PUBLISHED', updated_at: now })
    .where('id', 'in', [...participantIds])
    .where('status', '=', 'INTERVIEWED')
    .returning(['id', 'interview_ref_num'])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), irn: r.interview_ref_num }));
}

export interface ResultForPdf extends ListedResult {
  participantLanguageId: number | null;
}

/** One non-deleted result with its participant, or null. Tenant scope. */
export async function findResult(trx: Db, id: number): Promise<ResultForPdf | null> {
  const found = await sql<Omit<ResultRow, 'completed_at_key'> & { participant_language_id: number | null }>`
    SELECT r.id, r.project_id, coalesce(r.interview_reference_number, p.interview_ref_num) AS interview_reference_number,
           coalesce(r.access_code, p.access_code) AS access_code, r.overall_evaluation, r.completed_at,
           r.released, r.reviewed, p.first_name, p.last_name, l.label AS language, p.participant_language_id, ${LATEST},
           ${QUESTIONS}
    FROM interview_results r
      JOIN participants p ON p.id = r.participant_id
      LEFT JOIN languages l ON l.id = p.participant_language_id
    WHERE r.id = ${id} AND NOT r.deleted`.execute(trx);
  const r = found.rows[0];
  if (!r) return null;
  return { ...listedResult(r), participantLanguageId: r.participant_language_id };
}

/** The pertinent interview questions of a project (the PDF's question table), by sequence. Tenant scope. */
export async function pertinentQuestions(trx: Db, projectId: number): Promise<ResultColumnQuestion[]> {
  return (await pertinentQuestionsQuery(trx, projectId).execute()).map(asColumnQuestion);
}

/**
 * The Created By filter's options (docs/product/project-results.md#created-by): the users who added the
 * participants of the project's results (not deleted; held ones only when `withHeld`), by name, and whether some of
 * those participants no user added. Tenant scope.
 */
export async function resultCreators(
  trx: Db,
  projectId: number,
  withHeld: boolean,
): Promise<{ creators: { userId: number; name: string }[]; systemCreated: boolean }> {
  const creators = await sql<{ created_by: number | null; name: string | null }>`
    SELECT c.created_by, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS name
    FROM (SELECT DISTINCT p.created_by FROM interview_results r JOIN participants p ON p.id = r.participant_id
          WHERE r.project_id = ${projectId} AND NOT r.deleted ${withHeld ? sql`` : sql`AND r.released`}) AS c
      LEFT JOIN users u ON u.id = c.created_by
    ORDER BY name, c.created_by`.execute(trx);
  return {
    creators: creators.rows.flatMap((r) =>
      r.created_by !== null && r.name !== null ? [{ userId: r.created_by, name: r.name }] : [],
    ),
    systemCreated: creators.rows.some((r) => r.created_by === null),
  };
}
