import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { CODE_CAP, searchCondition, type ListSearch } from '../../../platform/db/list-search';
import { readFromNearestStart, type KeptCuts, type PageStart } from '../../../platform/cache/kept-cuts';
import { timeKey } from '../../../platform/db/keyset';

export interface AccessCodeFilter {
  projectId: number;
  search: string | null;
  /** Status filter; empty is every status. */
  statuses: readonly ('Available' | 'Assigned' | 'Burned')[];
  /** true Backup only, false Primary only, null both. */
  isBackup: boolean | null;
  testAccessCodes: boolean;
}

/** The View Codes search as its probe read it (migration 137, ADR 0231). */
export interface AccessCodeSearch extends Pick<ListSearch, 'text' | 'exact'> {
  /** The pool codes that may match; null: more than CODE_CAP, each pool row is tested. */
  poolIds: readonly number[] | null;
  /** The participants whose own codes may match; null: more than CODE_CAP, each is tested. */
  participantIds: readonly number[] | null;
}

type ProbeRow = { match_id: string; match_how: 'exact' | 'code'; match_part: 'pool' | 'participant' };

/**
 * Reads the search of a project's View Codes (null: none) in one statement: the pool codes and participants whose
 * code or IRN has the text's key (equal, and then nothing else; else from its start), by the indexes of the account.
 */
export async function findAccessCodeSearch(
  trx: Db,
  projectId: number,
  search: string | null | undefined,
): Promise<AccessCodeSearch | null> {
  const text = search?.trim();
  if (!text) return null;
  const found = await sql<ProbeRow>`
    SELECT match_id, match_how, match_part
    FROM app_access_code_search(${projectId}, app_code_key(${text}), ${CODE_CAP})`.execute(trx);
  const ids = (part: ProbeRow['match_part']) => {
    const listed = [...new Set(found.rows.filter((r) => r.match_part === part).map((r) => Number(r.match_id)))];
    return listed.length > CODE_CAP ? null : listed;
  };
  return {
    text,
    exact: found.rows.some((r) => r.match_how === 'exact'),
    poolIds: ids('pool'),
    participantIds: ids('participant'),
  };
}

/**
 * The View Codes rows (ADR 0046): the project's pool codes (with the participant an Assigned one went to) and
 * the codes of visible participants that did not come from the pool (status Assigned, Primary, no file), each part
 * with its condition. The search (ADR 0231) matches the IRN or the code by its key (case, spaces and hyphens
 * ignored), whole or from its start, as every list does (searchCondition), narrowed to the ids its probe listed.
 */
function accessCodeRowsSql(filter: AccessCodeFilter, search: AccessCodeSearch | null) {
  const pool = sql`
    SELECT c.id AS code_id, c.participant_id, p.interview_ref_num, c.access_code, c.status, f.original_file_name,
           c.is_backup, c.is_test, c.date_added, c.date_used, true AS from_pool, c.id AS row_id
    FROM access_codes c JOIN access_code_files f ON f.id = c.file_id
    LEFT JOIN participants p ON p.id = c.participant_id
    WHERE c.project_id = ${filter.projectId}`;
  const own = sql`
    SELECT NULL::bigint AS code_id, p.id AS participant_id, p.interview_ref_num, p.access_code, 'Assigned' AS status,
           NULL AS original_file_name, false AS is_backup, p.is_test_participant AS is_test,
           p.access_code_date AS date_added, NULL::timestamptz AS date_used, false AS from_pool, p.id AS row_id
    FROM participants p
    WHERE p.project_id = ${filter.projectId} AND NOT p.is_hidden AND p.access_code IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM access_codes c WHERE c.participant_id = p.id AND c.status = 'Assigned')`;
  const parts = [sql`r.is_test = ${filter.testAccessCodes}`];
  if (filter.statuses.length) parts.push(sql`r.status = ANY(${[...filter.statuses]}::text[])`);
  if (filter.isBackup !== null) parts.push(sql`r.is_backup = ${filter.isBackup}`);
  const where = (id: RawBuilder<unknown>, ids: readonly number[] | null) => {
    if (!search) return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
    const rule = { text: search.text, exact: search.exact, codeIds: ids, textIds: [] };
    const matched = searchCondition(rule, { id, codes: [sql`r.interview_ref_num`, sql`r.access_code`], texts: [] });
    return sql<SqlBool>`(${sql.join([...parts, matched], sql` AND `)})`;
  };
  return {
    pool,
    own,
    poolWhere: where(sql`r.code_id`, search?.poolIds ?? null),
    ownWhere: where(sql`r.participant_id`, search?.participantIds ?? null),
  };
}

export interface AccessCodeRow {
  code_id: string | null;
  participant_id: string | null;
  interview_ref_num: string | null;
  access_code: string;
  status: 'Available' | 'Assigned' | 'Burned';
  original_file_name: string | null;
  is_backup: boolean;
  date_added: Date;
  date_used: Date | null;
}

/**
 * Where the View Codes order was cut (ADR 0232): the row's Date Added as keyset text (timeKey, microseconds), and its
 * pool code id (null for a participant's own code) or its participant's id.
 */
export interface AccessCodeCut {
  at: string;
  codeId: number | null;
  participantId: number | null;
}

/**
 * The conditions that keep each part's rows after the cut `after` in the direction read (ADR 0235). The list's order
 * is (Date Added, row id, pool first) newest first: a part's rows in its index's order (date, id), and a pool code
 * before a participant's own code of the same date and id. Each part's condition is a row comparison over its index's
 * (date, id), an index condition that starts the scan at the cut, however many codes share its date (an import dates
 * its participants alike).
 */
function pastCut(after: AccessCodeCut | null, reverse: boolean) {
  if (!after) return { pool: sql`true`, own: sql`true` };
  const fromPool = after.codeId !== null;
  const key = sql`(${after.at}::timestamptz, ${fromPool ? after.codeId : after.participantId}::bigint)`;
  const [past, pastOrAt] = reverse ? [sql.raw('>'), sql.raw('>=')] : [sql.raw('<'), sql.raw('<=')];
  // At the cut's own (date, id): newest first, an own code follows a pool code's cut; oldest first, a pool code
  // follows an own code's cut.
  const pool = reverse && !fromPool ? pastOrAt : past;
  const own = !reverse && fromPool ? pastOrAt : past;
  return { pool: sql`(r.date_added, r.row_id) ${pool} ${key}`, own: sql`(r.date_added, r.row_id) ${own} ${key}` };
}

/**
 * The statement of a View Codes page (exported for its plan test), read from where `start` says (nearestPageStart,
 * ADR 0232: the start, the far end, or a kept cut on either side): each part cut to the rows up to the page's end in
 * its own order, by its index (the pool's page index, the participants' code page index, migrations 136 and 138), then
 * merged: the list's order restricted to either part is that part's index order (date, id), so the page is the one of
 * the whole list, and the merge only orders the rare pool and own codes of the same date and id (ADR 0235), not every
 * code of one date. Reversed, the rows come last first.
 */
export function accessCodePageStatement(
  filter: AccessCodeFilter,
  search: AccessCodeSearch | null,
  start: PageStart<AccessCodeCut>,
) {
  const { pool, own, poolWhere, ownWhere } = accessCodeRowsSql(filter, search);
  const cut = pastCut(start.after, start.reverse);
  const end = start.offset + start.limit;
  const dir = sql.raw(start.reverse ? 'ASC' : 'DESC');
  const order = sql`r.date_added ${dir}, r.row_id ${dir}, r.from_pool ${dir}`;
  return sql<AccessCodeRow & { at_key: string }>`
    SELECT r.code_id::text AS code_id, r.participant_id::text AS participant_id, r.interview_ref_num, r.access_code,
           r.status, r.original_file_name, r.is_backup, r.date_added, r.date_used, ${timeKey(sql`r.date_added`)} AS at_key
    FROM ((SELECT * FROM (${pool}) r WHERE ${poolWhere} AND ${cut.pool} ORDER BY ${order} LIMIT ${end})
          UNION ALL
          (SELECT * FROM (${own}) r WHERE ${ownWhere} AND ${cut.own} ORDER BY ${order} LIMIT ${end})) r
    ORDER BY ${order}
    LIMIT ${start.limit} OFFSET ${start.offset}`;
}

/** The cut a row of accessCodePageStatement leaves: where a page after it starts. */
export const accessCodeCutOf = (row: {
  at_key: string;
  code_id: string | null;
  participant_id: string | null;
}): AccessCodeCut => ({
  at: row.at_key,
  codeId: row.code_id === null ? null : Number(row.code_id),
  participantId: row.participant_id === null ? null : Number(row.participant_id),
});

/**
 * A page of the View Codes list and its total. `keptTotal` reads the total through a keeper (the handler keeps it
 * under the account's data version, ADR 0230: counting every code of a large project is the page's dearest part);
 * `cuts`, the filter's kept cuts (ADR 0232): a deep page starts from the nearest point of the order known (its start,
 * its far end, a cut an earlier page left) and leaves its own last row as a cut.
 */
export async function listAccessCodePage(
  trx: Db,
  filter: AccessCodeFilter,
  page: { page: number; pageSize: number },
  keptTotal: (read: () => Promise<number>) => Promise<number> = (read) => read(),
  cuts: KeptCuts<AccessCodeCut> | null = null,
): Promise<{ rows: AccessCodeRow[]; total: number }> {
  const search = await findAccessCodeSearch(trx, filter.projectId, filter.search);
  const { pool, own, poolWhere, ownWhere } = accessCodeRowsSql(filter, search);
  const total = await keptTotal(async () => {
    const counted = await sql<{ n: string }>`
      SELECT ((SELECT count(*) FROM (${pool}) r WHERE ${poolWhere})
              + (SELECT count(*) FROM (${own}) r WHERE ${ownWhere}))::text AS n`.execute(trx);
    return Number(counted.rows[0]?.n ?? 0);
  });
  const rows = await readFromNearestStart(
    { offset: page.page * page.pageSize, limit: page.pageSize },
    total,
    cuts,
    async (start) => {
      const { rows } = await accessCodePageStatement(filter, search, start).execute(trx);
      if (start.reverse) rows.reverse();
      const last = rows.at(-1);
      return { rows, last: last ? accessCodeCutOf(last) : null };
    },
  );
  return { rows, total };
}

export async function setParticipantAccessCode(trx: Db, participantId: number, code: string, now: Date) {
  await trx
    .updateTable('participants')
    .set({ access_code: code, access_code_updated_at: now, updated_at: now })
    .where('id', '=', participantId)
    .execute();
}
