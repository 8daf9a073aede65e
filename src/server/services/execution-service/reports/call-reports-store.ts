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
 * The incomplete calls' filter; `search`: the search as findIncompleteSearch read it, null without one; `keyset`: the
 * keyset its page reads past (windowPage).
 */
function filterIncomplete(
  query: IncompleteQuery,
  filter: CallFilter,
  search: ListSearch | null,
  keyset?: { direction: 'asc' | 'desc'; after: TimeKeyset } | null,
): IncompleteQuery {
  let q = query;
  if (filter.projectId !== null) q = q.where('incomplete_calls.project_id', '=', filter.projectId);
  for (const part of windowPage(sql`incomplete_calls.call_at`, sql`incomplete_calls.id`, filter, keyset))
    q = q.where(part);
  if (filter.minDuration !== null) q = q.where('incomplete_calls.duration_seconds', '>=', filter.minDuration);
  if (filter.maxDuration !== null) q = q.where('incomplete_calls.duration_seconds', '<=', filter.maxDuration);
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
  date: 'incomplete_calls.call_at',
  irnno: 'incomplete_calls.interview_reference_number',
  duration: 'incomplete_calls.duration_seconds',
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
  return (await incompleteCallRows(trx, filter, sort, page, ids, null, search)).map(incompleteCallRow);
}

/**
 * A page of findIncompleteCalls in the date order (the only one its keyset serves) read from where `start` says
 * (nearestPageStart, ADR 0233: the list's start, its far end, or a kept cut on either side), the rows in the list's
 * order; also answers the key of its last row, a cut for later pages.
 */
export async function findIncompleteCallsFrom(
  trx: Db,
  filter: CallFilter,
  direction: 'asc' | 'desc',
  start: PageStart<TimeKeyset>,
  search: ListSearch | null,
): Promise<{ rows: IncompleteCallRow[]; last: TimeKeyset | null }> {
  const read = start.reverse ? (direction === 'asc' ? 'desc' : 'asc') : direction;
  const page = { offset: start.offset, limit: start.limit };
  const rows = await incompleteCallRows(
    trx,
    filter,
    { by: 'date', direction: read },
    page,
    undefined,
    start.after,
    search,
  );
  if (start.reverse) rows.reverse();
  const last = rows.at(-1);
  return { rows: rows.map(incompleteCallRow), last: last ? { at: last.call_at_key, id: Number(last.id) } : null };
}

/**
 * A keyset page of findIncompleteCalls in the date order (either direction, ids breaking ties) after the row `after`
 * (null: the first page): the export's reader (ADR 0114), which seeks in incomplete_calls_tenant_time_idx; the other
 * orders are read by offset.
 */
export async function findIncompleteCallsAfter(
  trx: Db,
  filter: CallFilter,
  sort: IncompleteSort,
  limit: number,
  after: TimeKeyset | null,
  ids?: number[],
  search?: ListSearch | null,
): Promise<KeysetPage<IncompleteCallRow, TimeKeyset>> {
  if (sort.by !== 'date') throw new Error(`The ${sort.by} order is read by offset.`);
  const rows = await incompleteCallRows(trx, filter, sort, { offset: 0, limit }, ids, after, search);
  const last = rows.at(-1);
  return { rows: rows.map(incompleteCallRow), next: last ? { at: last.call_at_key, id: Number(last.id) } : null };
}

async function incompleteCallRows(
  trx: Db,
  filter: CallFilter,
  sort: IncompleteSort,
  page: Page,
  ids?: number[],
  after?: TimeKeyset | null,
  search?: ListSearch | null,
) {
  let query = filterIncomplete(
    trx.selectFrom('incomplete_calls'),
    filter,
    search === undefined ? await findIncompleteSearch(trx, filter) : search,
    after && { direction: sort.direction, after },
  );
  if (ids) query = query.where('incomplete_calls.id', 'in', ids.length > 0 ? ids : [0]);
  return query
    .leftJoin('participants', 'participants.id', 'incomplete_calls.participant_id')
    .leftJoin('project_languages', (join) =>
      join
        .onRef('project_languages.project_id', '=', 'incomplete_calls.project_id')
        .onRef('project_languages.language_id', '=', 'participants.participant_language_id'),
    )
    .select([
      'incomplete_calls.id',
      'incomplete_calls.interview_reference_number',
      'incomplete_calls.caller_id',
      'incomplete_calls.access_code',
      'incomplete_calls.interrupt_code',
      'incomplete_calls.call_at',
      'incomplete_calls.duration_seconds',
      'incomplete_calls.interview_result_id',
      'project_languages.dial_in_number',
      timeKey(sql`incomplete_calls.call_at`).as('call_at_key'),
    ])
    .orderBy(SORT_COLUMN[sort.by], sort.direction)
    .orderBy('incomplete_calls.id', sort.direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

const incompleteCallRow = (r: Awaited<ReturnType<typeof incompleteCallRows>>[number]): IncompleteCallRow => ({
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
