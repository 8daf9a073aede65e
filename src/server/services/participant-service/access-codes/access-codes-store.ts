import { sql, type SqlBool } from 'kysely';
import { normalizeAccessCode } from '../../../../shared/participant-rules';
import type { Db } from '../../../platform/db/schema';
import { keyedCode } from './access-code-pool-store';
import { containsPattern } from '../../../platform/db/contains-pattern';

export interface AccessCodeFilter {
  projectId: number;
  search: string | null;
  /** Status filter; empty is every status. */
  statuses: readonly ('Available' | 'Assigned' | 'Burned')[];
  /** true Backup only, false Primary only, null both. */
  isBackup: boolean | null;
  testAccessCodes: boolean;
}

/**
 * The View Codes rows (ADR 0046): the project's pool codes (with the participant an Assigned one went to) and
 * the codes of visible participants that did not come from the pool (status Assigned, Primary, no file). The
 * search matches the IRN (any case) or the code, both compared without spaces and hyphens (normalizeAccessCode).
 */
function accessCodeRowsSql(filter: AccessCodeFilter) {
  const pool = sql`
    SELECT c.id AS code_id, c.participant_id, p.interview_ref_num, c.access_code, c.status, f.original_file_name,
           c.is_backup, c.is_test, c.date_added, c.date_used
    FROM access_codes c JOIN access_code_files f ON f.id = c.file_id
    LEFT JOIN participants p ON p.id = c.participant_id
    WHERE c.project_id = ${filter.projectId}`;
  const own = sql`
    SELECT NULL::bigint AS code_id, p.id AS participant_id, p.interview_ref_num, p.access_code, 'Assigned' AS status,
           NULL AS original_file_name, false AS is_backup, p.is_test_participant AS is_test,
           COALESCE(p.access_code_updated_at, p.created_at) AS date_added, NULL::timestamptz AS date_used
    FROM participants p
    WHERE p.project_id = ${filter.projectId} AND NOT p.is_hidden AND p.access_code IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM access_codes c WHERE c.participant_id = p.id AND c.status = 'Assigned')`;
  const rows = sql`${pool} UNION ALL ${own}`;
  const parts = [sql`r.is_test = ${filter.testAccessCodes}`];
  if (filter.statuses.length) parts.push(sql`r.status = ANY(${[...filter.statuses]}::text[])`);
  if (filter.isBackup !== null) parts.push(sql`r.is_backup = ${filter.isBackup}`);
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const like = containsPattern(search);
    const bare = containsPattern(normalizeAccessCode(search));
    // Codes may hold letters (the demo's P1-A0000001): compared in lower case like the search.
    parts.push(sql`(lower(r.interview_ref_num) LIKE ${like} OR lower(${keyedCode('r.access_code')}) LIKE ${bare})`);
  }
  return { rows, pool, own, where: sql<SqlBool>`(${sql.join(parts, sql` AND `)})` };
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
 * The statement of a View Codes page (exported for its plan test): each part cut to the rows up to the page's end in
 * its own order, by its index (the pool's page index, the participants' code page index, migration 136), then merged:
 * the list's order restricted to either part is that part's order (a pool code has its id, a participant's own code
 * none), so the page is the one of the whole list.
 */
export function accessCodePageStatement(filter: AccessCodeFilter, page: { page: number; pageSize: number }) {
  const { pool, own, where } = accessCodeRowsSql(filter);
  const end = (page.page + 1) * page.pageSize;
  return sql<AccessCodeRow>`
    SELECT r.code_id::text AS code_id, r.participant_id::text AS participant_id, r.interview_ref_num, r.access_code,
           r.status, r.original_file_name, r.is_backup, r.date_added, r.date_used
    FROM ((SELECT * FROM (${pool}) r WHERE ${where} ORDER BY r.date_added DESC, r.code_id DESC LIMIT ${end})
          UNION ALL
          (SELECT * FROM (${own}) r WHERE ${where} ORDER BY r.date_added DESC, r.participant_id DESC LIMIT ${end})) r
    ORDER BY r.date_added DESC, r.code_id DESC NULLS LAST, r.participant_id DESC
    LIMIT ${page.pageSize} OFFSET ${page.page * page.pageSize}`;
}

/**
 * A page of the View Codes list and its total; `keptTotal` reads the total through a keeper (the handler keeps it
 * under the account's data version, ADR 0230: counting every code of a large project is the page's dearest part).
 */
export async function listAccessCodePage(
  trx: Db,
  filter: AccessCodeFilter,
  page: { page: number; pageSize: number },
  keptTotal: (read: () => Promise<number>) => Promise<number> = (read) => read(),
): Promise<{ rows: AccessCodeRow[]; total: number }> {
  const { rows: source, where } = accessCodeRowsSql(filter);
  const rows = await accessCodePageStatement(filter, page).execute(trx);
  const total = await keptTotal(async () => {
    const counted = await sql<{ n: string }>`SELECT count(*)::text AS n FROM (${source}) r WHERE ${where}`.execute(trx);
    return Number(counted.rows[0]?.n ?? 0);
  });
  return { rows: rows.rows, total };
}

export async function setParticipantAccessCode(trx: Db, participantId: number, code: string, now: Date) {
  await trx
    .updateTable('participants')
    .set({ access_code: code, access_code_updated_at: now, updated_at: now })
    .where('id', '=', participantId)
    .execute();
}
