import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../../platform/db/schema';

export interface AccessCodeFilter {
  projectId: number;
  search: string | null;
  testAccessCodes: boolean;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The codes of the project's visible participants; search matches IRN or code, with or without hyphens. */
function accessCodeWhere(filter: AccessCodeFilter) {
  const parts = [
    sql`p.project_id = ${filter.projectId}`,
    sql`NOT p.is_hidden`,
    sql`p.access_code IS NOT NULL`,
    sql`p.is_test_participant = ${filter.testAccessCodes}`,
  ];
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    const bare = `%${escapeLike(search.replace(/-/g, ''))}%`;
    // Codes may hold letters (the demo's P1-A0000001): compared in lower case like the search.
    parts.push(sql`(lower(p.interview_ref_num) LIKE ${like} OR lower(p.access_code) LIKE ${like}
      OR lower(replace(p.access_code, '-', '')) LIKE ${bare})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

export interface AccessCodeRow {
  id: string;
  interview_ref_num: string | null;
  access_code: string;
  access_code_updated_at: Date | null;
  created_at: Date;
}

export async function listAccessCodePage(
  trx: Db,
  filter: AccessCodeFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: AccessCodeRow[]; total: number }> {
  const where = accessCodeWhere(filter);
  const rows = await sql<AccessCodeRow>`
    SELECT p.id::text AS id, p.interview_ref_num, p.access_code, p.access_code_updated_at, p.created_at
    FROM participants p WHERE ${where}
    ORDER BY p.access_code_updated_at DESC NULLS LAST, p.id DESC
    LIMIT ${page.pageSize} OFFSET ${page.page * page.pageSize}`.execute(trx);
  const total = await sql<{ n: string }>`SELECT count(*)::text AS n FROM participants p WHERE ${where}`.execute(trx);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

export async function setParticipantAccessCode(trx: Db, participantId: number, code: string, now: Date) {
  await trx
    .updateTable('participants')
    .set({ access_code: code, access_code_updated_at: now, updated_at: now })
    .where('id', '=', participantId)
    .execute();
}
