import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { containsPattern } from '../../../platform/db/contains-pattern';
import { CODE_CAP } from '../../../platform/db/list-search';
import type { DB, Db } from '../../../platform/db/schema';
import type { CallFilter } from './call-reports-store';
import type { PageStart } from '../../../platform/cache/kept-cuts';
import { timeKey, windowPage, type TimeKeyset } from '../../../platform/db/keyset';

/** The Backend Data Log's reads (docs/product/call-reports.md#backend-data-log). Tenant scope throughout. */

export interface BackendLogRow {
  id: number;
  kind: 'RESULT' | 'CALL_RECORD' | 'INCOMPLETE_CALL';
  payload: unknown;
  uploadedAt: Date;
  runId: string;
  refusal: string | null;
}

/**
 * A search as read (findBackendLogSearch, ADR 0228): the posts that carry the text as an identifier, by their ids
 * (`ids`; null: more than the cap, each post of the window is tested), or, when none does (`identified` false), the
 * posts whose payload text or run id contains it.
 */
export interface BackendLogSearch {
  text: string;
  identified: boolean;
  ids: readonly number[] | null;
}

export type LogFilter = Pick<CallFilter, 'from' | 'to'> & { search: BackendLogSearch | null };

/**
 * The identifiers' rule, the one app_backend_log_search reads by index (migration 134): the access code or the IRN
 * by its key, the request id, call id or run id whole.
 */
const carries = (text: string): RawBuilder<SqlBool> => {
  const key = sql`app_code_key(${text})`;
  return sql<SqlBool>`(app_code_key(payload->>'accessCode') = ${key}
    OR app_code_key(payload->>'interviewReferenceNumber') = ${key}
    OR payload->>'requestId' = ${text} OR payload->>'callId' = ${text} OR run_id = ${text})`;
};

type CarrierKind = 'code' | 'irn' | 'request' | 'call' | 'run';

/** The posts of the account that carry `text` as an identifier, by index: at most the cap + 1 of each kind. */
const carriers = async (trx: Db, text: string): Promise<{ id: number; how: CarrierKind }[]> =>
  (
    await sql<{ match_id: string; match_how: CarrierKind }>`
      SELECT match_id, match_how FROM app_backend_log_search(app_code_key(${text}), ${text}, ${CODE_CAP})`.execute(trx)
  ).rows.map((r) => ({ id: Number(r.match_id), how: r.match_how }));

/**
 * Reads a search (null: none): a whole access code or IRN (by its key), request id, call id or run id finds the posts
 * that carry it; any other text is matched as a part of the payload or the run id.
 */
export async function findBackendLogSearch(trx: Db, search: string | null): Promise<BackendLogSearch | null> {
  const text = search?.trim();
  if (!text) return null;
  const ids = [...new Set((await carriers(trx, text)).map((c) => c.id))];
  return { text, identified: ids.length > 0, ids: ids.length > CODE_CAP ? null : ids };
}

type LogRow = Selectable<DB['backend_data_logs']>;

/**
 * The posts of the filter. Listed ids are read first, by the primary key, in a subquery the planner keeps (`OFFSET 0`,
 * as ADR 0209's): planned with the table's days instead, it would walk every post of the window to test its
 * identifiers (100-120 ms at 1M posts), where the listed ids are a handful.
 */
function filterLogs(trx: Db, filter: LogFilter, keyset?: { direction: 'asc' | 'desc'; after: TimeKeyset } | null) {
  const search = filter.search;
  const listed = search?.identified && search.ids;
  let q = listed
    ? trx.selectFrom(
        sql<LogRow>`(SELECT * FROM backend_data_logs WHERE id = ANY(${[...listed]}::bigint[]) OFFSET 0)`.as(
          'backend_data_logs',
        ),
      )
    : trx.selectFrom('backend_data_logs');
  for (const part of windowPage(sql`uploaded_at`, sql`id`, filter, keyset)) q = q.where(part);
  if (search?.identified) q = q.where(carries(search.text));
  else if (search) {
    const like = containsPattern(search.text);
    q = q.where((eb) => eb.or([eb('run_id', 'ilike', like), eb(sql`payload::text`, 'ilike', like)]));
  }
  return q;
}

/**
 * A page of the backend data log of the tenant in scope, newest first, read from where `start` says (nearestPageStart,
 * ADR 0234: the log's start, its far end, or a kept cut on either side); also answers the key of its last row, a cut
 * for later pages.
 */
export async function findBackendLogs(
  trx: Db,
  filter: LogFilter,
  start: PageStart<TimeKeyset>,
): Promise<{ rows: BackendLogRow[]; last: TimeKeyset | null }> {
  const direction = start.reverse ? 'asc' : 'desc';
  const rows = await filterLogs(trx, filter, start.after && { direction, after: start.after })
    .select(['id', 'kind', 'payload', 'uploaded_at', 'run_id', 'refusal'])
    .select(timeKey(sql`uploaded_at`).as('uploaded_at_key'))
    .orderBy('uploaded_at', direction)
    .orderBy('id', direction)
    .offset(start.offset)
    .limit(start.limit)
    .execute();
  if (start.reverse) rows.reverse();
  const last = rows.at(-1);
  return { rows: rows.map(logRow), last: last ? { at: last.uploaded_at_key, id: Number(last.id) } : null };
}

const logRow = (r: Pick<LogRow, 'id' | 'kind' | 'payload' | 'uploaded_at' | 'run_id' | 'refusal'>): BackendLogRow => ({
  id: Number(r.id),
  kind: r.kind,
  payload: r.payload,
  uploadedAt: r.uploaded_at,
  runId: r.run_id,
  refusal: r.refusal,
});

export async function countBackendLogs(trx: Db, filter: LogFilter) {
  const row = await filterLogs(trx, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The logged posts of the tenant in scope with this request id (the repost's candidates), oldest first: their ids by
 * the request id's index (migration 134), then the request id compared again on those rows.
 */
export async function findLoggedPosts(
  trx: Db,
  requestId: string,
): Promise<{ id: number; kind: BackendLogRow['kind']; payload: unknown }[]> {
  const ids = (await carriers(trx, requestId)).filter((c) => c.how === 'request').map((c) => c.id);
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('backend_data_logs')
    .select(['id', 'kind', 'payload'])
    .where(sql<SqlBool>`id = ANY(${ids}::bigint[])`)
    .where(sql<string>`payload->>'requestId'`, '=', requestId)
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind, payload: row.payload }));
}
