import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db, DB } from '../../../platform/db/schema';
import {
  findListSearch,
  findListSearchWithExact,
  searchCondition,
  type ExactRead,
  type ListSearch,
  type SearchRule,
  type SearchWithExact,
  presentExact,
  wholeCodeRule,
} from '../../../platform/db/list-search';
import { timeKey, windowPage, type TimeKeyset } from '../../../platform/db/keyset';
import type { KeysetPage } from '../../../platform/http/csv-download';
import { pageAfterCut, type PageStart } from '../../../platform/cache/kept-cuts';

/** The filter every call tab shares, already turned into UTC bounds and seconds. */
export interface CallFilter {
  projectId: number | null;
  from: Date | null;
  to: Date | null;
  search: string | null;
  minDuration: number | null;
  maxDuration: number | null;
  /** Rows up to this id only: an export reading page by page sees the rows of its start, none added later. */
  maxId?: number;
}

/** The Call Records filter of an export read by keyset: only the rows after `after` newest first (ADR 0114). */
type CallRecordsFilter = CallFilter & { telcoProvider: string | null; after?: TimeKeyset };

export interface Page {
  offset: number;
  limit: number;
}

type CallQuery = SelectQueryBuilder<DB, 'call_records', object>;
type IncompleteQuery = SelectQueryBuilder<DB, 'incomplete_calls', object>;

/** The Call Records search: IRN and access code by key, the numbers and the call id by part (ADR 0073). */
export const findCallSearch = (trx: Db, filter: CallFilter) =>
  findListSearch(trx, { name: 'app_call_record_search' }, filter.search);

/**
 * findCallSearch, and in its statement the page and the total of a whole code (ADR 0184): a first read of one access
 * code or IRN is one statement. `exact` is there only when the search is a whole code whose records were listed.
 */
export async function findCallSearchWithExact(
  trx: Db,
  filter: CallRecordsFilter,
  page: Page,
): Promise<SearchWithExact<CallRecordRow>> {
  const read = await findListSearchWithExact<CallPageRow>(
    trx,
    { name: 'app_call_record_search' },
    filter.search,
    callRecordsByCode(trx, filter, page),
  );
  return presentExact(read, callRecordRow);
}

/**
 * How a whole code's page and total are read in its probe's statement (exported for its plan test). The probe's ids
 * are the records whose IRN or access code equals the code (app_call_record_search), so the page and the count do not
 * compare those codes again (ADR 0218).
 */
export const callRecordsByCode = (trx: Db, filter: CallRecordsFilter, page: Page): ExactRead => {
  const whole = (ids: RawBuilder<unknown>) => wholeCodeRule(filter.search!, ids, { idsAreMatches: true });
  return {
    page: (ids) => callRecordPage(trx, filter, page, whole(ids)),
    order: sql`page.call_at DESC, page.id DESC`,
    total: (ids) =>
      filterCalls(trx.selectFrom('call_records'), filter, whole(ids)).select((eb) => eb.fn.countAll().as('n')),
  };
};

/** The Call Records filter; `search`: the search as read by findCallSearch, null without one. */
function filterCalls(query: CallQuery, filter: CallRecordsFilter, search: SearchRule | null): CallQuery {
  let q = query;
  if (filter.projectId !== null) q = q.where('call_records.project_id', '=', filter.projectId);
  const after = filter.after && { direction: 'desc' as const, after: filter.after };
  for (const part of windowPage(sql`call_records.call_at`, sql`call_records.id`, filter, after)) q = q.where(part);
  if (filter.minDuration !== null) q = q.where('call_records.duration_seconds', '>=', filter.minDuration);
  if (filter.maxDuration !== null) q = q.where('call_records.duration_seconds', '<=', filter.maxDuration);
  if (filter.telcoProvider) q = q.where('call_records.provider_name', '=', filter.telcoProvider);
  if (filter.maxId !== undefined) q = q.where('call_records.id', '<=', filter.maxId);
  if (search)
    q = q.where(
      // One code's rows lead its plan whatever the window (report-page-plans.test.ts): the plan is kept (ADR 0208).
      searchCondition(
        { ...search, keepsPlan: true },
        {
          id: sql`call_records.id`,
          codes: [sql`call_records.interview_reference_number`, sql`call_records.access_code`],
          texts: ['caller_number', 'dial_in_number', 'destination_number', 'call_id'].map((c) =>
            sql.ref(`call_records.${c}`),
          ),
        },
      ),
    );
  return q;
}

export interface CallRecordRow {
  id: number;
  callId: string;
  interviewReferenceNumber: string | null;
  callAt: Date;
  accessCode: string | null;
  dialInNumber: string | null;
  durationSeconds: number;
  dtmfs: string | null;
  providerName: string | null;
  callerNumber: string | null;
  destinationNumber: string | null;
  status: 'COMPLETED' | 'INCOMPLETE' | 'NO_RESULT';
}

/** Call records of the tenant in scope, newest first; `ids` narrows to those rows (the export of a selection). */
export async function findCallRecords(
  trx: Db,
  filter: CallRecordsFilter,
  page: Page,
  ids?: number[],
  search?: ListSearch | null,
): Promise<CallRecordRow[]> {
  const searched = search === undefined ? await findCallSearch(trx, filter) : search;
  return (await callRecordPage(trx, filter, page, searched, ids).execute()).map(callRecordRow);
}

/**
 * A keyset page of findCallRecords (newest first, ids breaking ties) after the row `after` (null: the first page): the
 * export's reader (ADR 0114), the same rows in the same order as its offset pages.
 */
export async function findCallRecordsAfter(
  trx: Db,
  filter: CallRecordsFilter,
  limit: number,
  after: TimeKeyset | null,
  ids?: number[],
  search?: ListSearch | null,
): Promise<KeysetPage<CallRecordRow, TimeKeyset>> {
  const keyed = after ? { ...filter, after } : filter;
  const searched = search === undefined ? await findCallSearch(trx, filter) : search;
  const rows = await callRecordPage(trx, keyed, { offset: 0, limit }, searched, ids).execute();
  return { rows: rows.map(callRecordRow), next: lastKeyset(rows) };
}

/**
 * A list page of findCallRecords without a search (`search` null), read after a kept cut of the same filter when
 * there is one (ADR 0186): the rows after the cut's row, skipping only those between it and the page, in the same
 * index-only cut as a page read by offset. Also answers the key of its last row, a cut for later pages.
 */
export async function findCallRecordsFromCut(
  trx: Db,
  filter: CallRecordsFilter,
  page: Page,
  cut: { position: number; key: TimeKeyset } | null,
): Promise<{ rows: CallRecordRow[]; last: TimeKeyset | null }> {
  const read = cut ? pageAfterCut(page, cut) : page;
  const rows = await callRecordPage(trx, filter, read, null, undefined, cut?.key).execute();
  return { rows: rows.map(callRecordRow), last: lastKeyset(rows) };
}

/** The keyset of a page's last row (null for an empty page): where the next keyset page or a kept cut starts. */
const lastKeyset = (rows: readonly CallPageRow[]): TimeKeyset | null => {
  const last = rows.at(-1);
  return last ? { at: last.call_at_key, id: Number(last.id) } : null;
};

/** A row of callRecordPage. */
type CallPageRow = Awaited<ReturnType<ReturnType<typeof callRecordPage>['execute']>>[number];

const callRecordRow = (r: CallPageRow): CallRecordRow => ({
  id: Number(r.id),
  callId: r.call_id,
  interviewReferenceNumber: r.interview_reference_number,
  callAt: r.call_at,
  accessCode: r.access_code,
  dialInNumber: r.dial_in_number,
  durationSeconds: r.duration_seconds,
  dtmfs: r.dtmfs,
  providerName: r.provider_name,
  callerNumber: r.caller_number,
  destinationNumber: r.destination_number,
  status: r.has_result ? 'COMPLETED' : r.was_incomplete ? 'INCOMPLETE' : 'NO_RESULT',
});

/**
 * The statement of findCallRecords, `search` as findCallSearch read it (exported for its plan test); `after`: only the
 * rows after this one, a kept cut of a list page (ADR 0186), cut in the index as a page by offset is.
 */
export function callRecordPage(
  trx: Db,
  filter: CallRecordsFilter,
  page: Page,
  search: SearchRule | null,
  ids?: number[],
  after?: TimeKeyset,
) {
  // A list page's cut (`after`) is the filter's keyset condition, as an export's (`filter.after`); unlike an export's
  // page, it keeps the index-only cut below.
  let query = filterCalls(trx.selectFrom('call_records'), after ? { ...filter, after } : filter, search);
  if (ids) query = query.where('call_records.id', 'in', ids.length > 0 ? ids : [0]);
  const cut = query
    .orderBy('call_records.call_at', 'desc')
    .orderBy('call_records.id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
  // The page is cut first and the status looked up for its rows only: in one query PostgreSQL evaluates the
  // select list's lookups for every row an OFFSET skips, so page 1,000 cost a thousand pages (docs/bench.md).
  // A page of the list without a search cuts in call_records_tenant_time_idx alone (ADR 0175): its keys are the order
  // and it carries every column of the filter (project, duration, provider; migration 125), so PostgreSQL skips and
  // filters by an index-only scan, reading no table row for a row it passes over, then reads each of the page's rows
  // by its key, in the cut's order (a lateral subquery the planner cannot flatten, so it cannot hash the account's
  // records instead). The page keeps the cut's time and id, so the order the index gave is kept, not sorted again.
  // An export's keyset page (`after`) reads every row it passes, so it reads them at once as before.
  const pageRows =
    search === null && !filter.after
      ? trx
          .selectFrom(cut.select(['call_records.id', 'call_records.call_at']).as('skipped'))
          .innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('call_records')
                .select([
                  'call_records.tenant_id',
                  'call_records.participant_id',
                  'call_records.call_id',
                  'call_records.interview_reference_number',
                  'call_records.access_code',
                  'call_records.dial_in_number',
                  'call_records.duration_seconds',
                  'call_records.dtmfs',
                  'call_records.provider_name',
                  'call_records.caller_number',
                  'call_records.destination_number',
                ])
                .whereRef('call_records.id', '=', 'skipped.id')
                .offset(0)
                .as('r'),
            (join) => join.onTrue(),
          )
          .selectAll('r')
          .select(['skipped.id', 'skipped.call_at'])
          .as('c')
      : cut.selectAll('call_records').as('c');
  return trx
    .selectFrom(pageRows)
    .select([
      'c.id',
      'c.call_id',
      'c.interview_reference_number',
      'c.call_at',
      'c.access_code',
      'c.dial_in_number',
      'c.duration_seconds',
      'c.dtmfs',
      'c.provider_name',
      'c.caller_number',
      'c.destination_number',
      timeKey(sql`c.call_at`).as('call_at_key'),
    ])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('interview_results')
            .select(sql.lit(1).as('one'))
            .whereRef('interview_results.call_id', '=', 'c.call_id')
            .whereRef('interview_results.tenant_id', '=', 'c.tenant_id'),
        )
        .as('has_result'),
      eb
        .exists(
          eb
            .selectFrom('incomplete_calls')
            .select(sql.lit(1).as('one'))
            .whereRef('incomplete_calls.participant_id', '=', 'c.participant_id')
            .whereRef('incomplete_calls.tenant_id', '=', 'c.tenant_id')
            .whereRef('incomplete_calls.call_at', '=', 'c.call_at'),
        )
        .as('was_incomplete'),
    ])
    .orderBy('c.call_at', 'desc')
    .orderBy('c.id', 'desc');
}

export async function countCallRecords(
  trx: Db,
  filter: CallFilter & { telcoProvider: string | null },
  search?: ListSearch | null,
) {
  const searched = search === undefined ? await findCallSearch(trx, filter) : search;
  const row = await filterCalls(trx.selectFrom('call_records'), filter, searched)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The Incomplete Calls search (migration 135, ADR 0229): IRN and access code by key, whole or from their start, the
 * caller id and the reason by a part (ADR 0073), as Call Records searches.
 */
export const findIncompleteSearch = (trx: Db, filter: CallFilter) =>
  findListSearch(trx, { name: 'app_incomplete_call_search' }, filter.search);

/**
 * A row's place in an Incomplete Calls order (ADR 0236): its value there (the call time as keyset text in the date
 * order, the IRN or null in the IRN order, the duration in seconds) and its id, which breaks ties in the same direction.
 */
export interface IncompleteKey {
  value: string | number | null;
  id: number;
}

/** The rows past `after` in `sort` (the direction read): where a keyset or deep page starts. */
type PastKey = IncompleteSort & { after: IncompleteKey };

/**
 * The incomplete calls' filter; `search`: the search as findIncompleteSearch read it, null without one; `past`: the key
 * its page reads past in the date or duration order (the IRN order's is a part of its page, irnParts).
 */
function filterIncomplete(
  query: IncompleteQuery,
  filter: CallFilter,
  search: ListSearch | null,
  past?: PastKey | null,
): IncompleteQuery {
  let q = query;
  if (filter.projectId !== null) q = q.where('incomplete_calls.project_id', '=', filter.projectId);
  const keyset = past?.by === 'date' ? { direction: past.direction, after: timeKeysetOf(past.after) } : null;
  for (const part of windowPage(sql`incomplete_calls.call_at`, sql`incomplete_calls.id`, filter, keyset))
    q = q.where(part);
  for (const part of durationPage(filter, past?.by === 'duration' ? past : null)) q = q.where(part);
  if (filter.maxId !== undefined) q = q.where('incomplete_calls.id', '<=', filter.maxId);
  if (search)
    q = q.where(
      searchCondition(search, {
        id: sql`incomplete_calls.id`,
        codes: [sql`incomplete_calls.interview_reference_number`, sql`incomplete_calls.access_code`],
        texts: [sql.ref('incomplete_calls.caller_id'), sql.ref('incomplete_calls.interrupt_code')],
      }),
    );
  return q;
}

const timeKeysetOf = (key: IncompleteKey): TimeKeyset => ({ at: String(key.value), id: key.id });

const pastSign = (direction: 'asc' | 'desc') => sql.raw(direction === 'asc' ? '>' : '<');

/**
 * The duration filter's bounds, and past a key of the duration order its rows after the key: a row comparison, which
 * seeks in incomplete_calls_duration_order_idx. The bound on the side the key implies is left out, as windowBounds
 * leaves out the time's (ADR 0205: beside it the embedded engine may start the scan at the bound, not at the key).
 */
function durationPage(filter: CallFilter, past: PastKey | null): RawBuilder<boolean>[] {
  const seconds = sql`incomplete_calls.duration_seconds`;
  const at = past && Number(past.after.value);
  const bounds: RawBuilder<boolean>[] = [];
  const { minDuration: min, maxDuration: max } = filter;
  if (min !== null && !(past?.direction === 'asc' && at! >= min)) bounds.push(sql<boolean>`${seconds} >= ${min}`);
  if (max !== null && !(past?.direction === 'desc' && at! <= max)) bounds.push(sql<boolean>`${seconds} <= ${max}`);
  if (past)
    bounds.push(
      sql<boolean>`(${seconds}, incomplete_calls.id) ${pastSign(past.direction)} (${at}::integer, ${past.after.id}::bigint)`,
    );
  return bounds;
}

/**
 * The rows past a key of the IRN order, as the parts of the order that hold them, in the order read (ADR 0236). Calls
 * without an IRN come last ascending and first descending (PostgreSQL's NULLS LAST and FIRST, which the index's two
 * directions give), so the rows past a key on one side of them hold the rest of that side, then the other side. Each
 * part is a bound of incomplete_calls_irn_order_idx: a row comparison (which no call without an IRN passes), `IS NULL`
 * with the id, or `IS NOT NULL`.
 */
function irnParts({ direction, after }: PastKey): RawBuilder<boolean>[] {
  const irn = sql`incomplete_calls.interview_reference_number`;
  const id = after.id;
  if (after.value === null) {
    const rest = sql<boolean>`${irn} IS NULL AND incomplete_calls.id ${pastSign(direction)} ${id}::bigint`;
    return direction === 'asc' ? [rest] : [rest, sql<boolean>`${irn} IS NOT NULL`];
  }
  const rest = sql<boolean>`(${irn}, incomplete_calls.id) ${pastSign(direction)} (${String(after.value)}::text, ${id}::bigint)`;
  return direction === 'asc' ? [rest, sql<boolean>`${irn} IS NULL`] : [rest];
}

export interface IncompleteCallRow {
  id: number;
  interviewReferenceNumber: string | null;
  callerId: string | null;
  dialInNumber: string | null;
  accessCode: string | null;
  interruptCode: string;
  callAt: Date;
  durationSeconds: number;
  interviewResultId: number | null;
}

export type IncompleteSort = { by: 'date' | 'irnno' | 'duration'; direction: 'asc' | 'desc' };

const SORT_COLUMN = {
  date: 'call_at',
  irnno: 'interview_reference_number',
  duration: 'duration_seconds',
} as const;

/** Incomplete calls of the tenant in scope, with the dial-in number of the participant's project language. */
export async function findIncompleteCalls(
  trx: Db,
  filter: CallFilter,
  sort: IncompleteSort,
  page: Page,
  ids?: number[],
  search?: ListSearch | null,
): Promise<IncompleteCallRow[]> {
  const searched = search === undefined ? await findIncompleteSearch(trx, filter) : search;
  return (await incompleteCallPage(trx, filter, sort, page, searched, ids).execute()).map(incompleteCallRow);
}

/**
 * A page of findIncompleteCalls in any order read from where `start` says (nearestPageStart, ADRs 0233 and 0236: the
 * list's start, its far end, or a kept cut on either side), the rows in the list's order; also answers the key of its
 * last row, a cut for later pages.
 */
export async function findIncompleteCallsFrom(
  trx: Db,
  filter: CallFilter,
  sort: IncompleteSort,
  start: PageStart<IncompleteKey>,
  search: ListSearch | null,
): Promise<{ rows: IncompleteCallRow[]; last: IncompleteKey | null }> {
  const read = { by: sort.by, direction: start.reverse ? reversed(sort.direction) : sort.direction };
  const page = { offset: start.offset, limit: start.limit };
  const rows = await incompleteCallPage(trx, filter, read, page, search, undefined, start.after).execute();
  if (start.reverse) rows.reverse();
  return { rows: rows.map(incompleteCallRow), last: lastKey(sort.by, rows) };
}

const reversed = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/**
 * A keyset page of findIncompleteCalls in any order (ids breaking ties) after the row `after` (null: the first page):
 * the export's reader (ADR 0114), which seeks in the order's index (ADR 0236).
 */
export async function findIncompleteCallsAfter(
  trx: Db,
  filter: CallFilter,
  sort: IncompleteSort,
  limit: number,
  after: IncompleteKey | null,
  ids?: number[],
  search?: ListSearch | null,
): Promise<KeysetPage<IncompleteCallRow, IncompleteKey>> {
  const searched = search === undefined ? await findIncompleteSearch(trx, filter) : search;
  const rows = await incompleteCallPage(trx, filter, sort, { offset: 0, limit }, searched, ids, after).execute();
  return { rows: rows.map(incompleteCallRow), next: lastKey(sort.by, rows) };
}

/** The key of a page's last row in the order `by` (null for an empty page). */
function lastKey(by: IncompleteSort['by'], rows: readonly IncompletePageRow[]): IncompleteKey | null {
  const last = rows.at(-1);
  if (!last) return null;
  const value = { date: last.call_at_key, irnno: last.interview_reference_number, duration: last.duration_seconds };
  return { value: value[by], id: Number(last.id) };
}

/** A row of incompleteCallPage. */
type IncompletePageRow = Awaited<ReturnType<ReturnType<typeof incompleteCallPage>['execute']>>[number];

/**
 * The statement of an Incomplete Calls page in `sort` (exported for its plan test), past `after` when given (ADR 0236):
 * the rows are cut in the order's index first, each part of the order past the key (irnParts) up to the page's end,
 * and the participants' dial-in numbers joined for the page's rows only.
 */
export function incompleteCallPage(
  trx: Db,
  filter: CallFilter,
  sort: IncompleteSort,
  page: Page,
  search: ListSearch | null,
  ids?: number[],
  after?: IncompleteKey | null,
) {
  const past = after ? { ...sort, after } : null;
  let query = filterIncomplete(trx.selectFrom('incomplete_calls'), filter, search, past);
  if (ids) query = query.where('incomplete_calls.id', 'in', ids.length > 0 ? ids : [0]);
  const column = SORT_COLUMN[sort.by];
  const cut = (part: RawBuilder<boolean> | null) =>
    (part ? query.where(part) : query)
      .select([
        'incomplete_calls.id',
        'incomplete_calls.participant_id',
        'incomplete_calls.project_id',
        'incomplete_calls.interview_reference_number',
        'incomplete_calls.caller_id',
        'incomplete_calls.access_code',
        'incomplete_calls.interrupt_code',
        'incomplete_calls.call_at',
        'incomplete_calls.duration_seconds',
        'incomplete_calls.interview_result_id',
      ])
      .orderBy(sql.ref(`incomplete_calls.${column}`), sort.direction)
      .orderBy('incomplete_calls.id', sort.direction);
  // The parts of the order past the key, one after the other: each up to the page's end, then the page of them all.
  const parts = (past?.by === 'irnno' ? irnParts(past) : [null]).map((part) =>
    trx
      .selectFrom(
        cut(part)
          .limit(page.offset + page.limit)
          .as('part'),
      )
      .selectAll('part'),
  );
  const pageRows = trx
    .selectFrom(parts.reduce((union, part) => union.unionAll(part)).as('parts'))
    .selectAll('parts')
    .orderBy(sql.ref(`parts.${column}`), sort.direction)
    .orderBy('parts.id', sort.direction)
    .offset(page.offset)
    .limit(page.limit);
  return trx
    .selectFrom(pageRows.as('c'))
    .leftJoin('participants', 'participants.id', 'c.participant_id')
    .leftJoin('project_languages', (join) =>
      join
        .onRef('project_languages.project_id', '=', 'c.project_id')
        .onRef('project_languages.language_id', '=', 'participants.participant_language_id'),
    )
    .select([
      'c.id',
      'c.interview_reference_number',
      'c.caller_id',
      'c.access_code',
      'c.interrupt_code',
      'c.call_at',
      'c.duration_seconds',
      'c.interview_result_id',
      'project_languages.dial_in_number',
      timeKey(sql`c.call_at`).as('call_at_key'),
    ])
    .orderBy(sql.ref(`c.${column}`), sort.direction)
    .orderBy('c.id', sort.direction);
}

const incompleteCallRow = (r: IncompletePageRow): IncompleteCallRow => ({
  id: Number(r.id),
  interviewReferenceNumber: r.interview_reference_number,
  callerId: r.caller_id,
  dialInNumber: r.dial_in_number ?? null,
  accessCode: r.access_code,
  interruptCode: r.interrupt_code,
  callAt: r.call_at,
  durationSeconds: r.duration_seconds,
  interviewResultId: r.interview_result_id === null ? null : Number(r.interview_result_id),
});

export async function countIncompleteCalls(trx: Db, filter: CallFilter, search?: ListSearch | null) {
  const row = await filterIncomplete(
    trx.selectFrom('incomplete_calls'),
    filter,
    search === undefined ? await findIncompleteSearch(trx, filter) : search,
  )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest id of a report's table now (the upper bound of an export). */
export async function newestId(
  trx: Db,
  table: 'call_records' | 'incomplete_calls' | 'interview_results',
): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
