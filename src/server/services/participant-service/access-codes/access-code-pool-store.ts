/**
 * The access-code pool's SQL (migration 039, ADR 0046): uploaded files, their codes, the codes taken in the
 * tenant, drawing Available codes for new participants, marking them Assigned, burning. Tenant scope.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

/**
 * The SQL twin of normalizeAccessCode (src/shared/participant-rules.ts) on a column. Participants store it as
 * `access_code_key` (migration 050), which an index serves under row-level security (ADR 0057).
 */
export const keyedCode = (column: string) => sql`regexp_replace(${sql.ref(column)}, '[[:space:]-]', '', 'g')`;

export interface PoolCode {
  accessCode: string;
  codeKey: string;
  isBackup: boolean;
  isTest: boolean;
}

const CHUNK = 5000;

/** Stores one file row and its codes (Available) in the caller's transaction; returns the file id. */
export async function insertAccessCodeFile(
  trx: Db,
  file: { tenantId: number; projectId: number; originalFileName: string; importedBy: number | null; now: Date },
  codes: readonly PoolCode[],
): Promise<number> {
  const row = await trx
    .insertInto('access_code_files')
    .values({
      tenant_id: file.tenantId,
      project_id: file.projectId,
      original_file_name: file.originalFileName,
      total_recorded: codes.length,
      imported_by: file.importedBy,
      imported_at: file.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < codes.length; start += CHUNK) {
    const chunk = codes.slice(start, start + CHUNK);
    await sql`
      INSERT INTO access_codes (tenant_id, project_id, file_id, access_code, code_key, is_backup, is_test, date_added)
      SELECT ${file.tenantId}, ${file.projectId}, ${row.id}, c.code, c.code_key, c.is_backup, c.is_test, ${file.now}
      FROM unnest(${chunk.map((c) => c.accessCode)}::text[], ${chunk.map((c) => c.codeKey)}::text[],
                  ${chunk.map((c) => c.isBackup)}::boolean[], ${chunk.map((c) => c.isTest)}::boolean[])
        WITH ORDINALITY AS c(code, code_key, is_backup, is_test, ord)
      ORDER BY c.ord`.execute(trx);
  }
  return row.id;
}

/** Of the normalized `keys`, those already used in the tenant: by a pool code or by a participant's code. */
export async function takenCodeKeys(trx: Db, keys: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < keys.length; start += CHUNK) {
    const chunk = [...keys.slice(start, start + CHUNK)];
    const rows = await sql<{ key: string }>`
      SELECT code_key AS key FROM access_codes WHERE code_key = ANY(${chunk}::text[])
      UNION
      SELECT access_code_key AS key FROM participants WHERE access_code_key = ANY(${chunk}::text[])`.execute(trx);
    for (const r of rows.rows) taken.add(r.key);
  }
  return taken;
}

export interface DrawnCode {
  id: string;
  access_code: string;
}

/**
 * Locks up to `count` Available Primary codes of the project (test or not), oldest first; codes another
 * transaction holds are skipped, so concurrent adds never draw the same code.
 */
export async function lockAvailableCodes(
  trx: Db,
  projectId: number,
  isTest: boolean,
  count: number,
): Promise<DrawnCode[]> {
  if (count <= 0) return [];
  const rows = await sql<DrawnCode>`
    SELECT id::text AS id, access_code FROM access_codes
    WHERE project_id = ${projectId} AND status = 'Available' AND is_test = ${isTest} AND NOT is_backup
    ORDER BY id LIMIT ${count} FOR UPDATE SKIP LOCKED`.execute(trx);
  return rows.rows;
}

/** Marks drawn codes Assigned to their participants. */
export async function markCodesAssigned(
  trx: Db,
  assigned: readonly { codeId: string; participantId: number }[],
  now: Date,
): Promise<void> {
  if (!assigned.length) return;
  await sql`
    UPDATE access_codes c SET status = 'Assigned', participant_id = a.participant_id, date_used = ${now}
    FROM unnest(${assigned.map((a) => a.codeId)}::bigint[], ${assigned.map((a) => a.participantId)}::bigint[])
      AS a(id, participant_id)
    WHERE c.id = a.id`.execute(trx);
}

/** A participant's pool codes no longer in use (replaced by a refresh) become Burned. */
export async function burnParticipantCodes(trx: Db, participantId: number, now: Date): Promise<void> {
  await sql`
    UPDATE access_codes SET status = 'Burned', participant_id = NULL, date_used = ${now}
    WHERE participant_id = ${participantId} AND status = 'Assigned'`.execute(trx);
}

/** The statuses of the given codes of a project (locked), to check a burn. */
export async function lockProjectCodes(
  trx: Db,
  projectId: number,
  ids: readonly number[],
): Promise<{ id: number; status: string }[]> {
  const rows = await sql<{ id: string; status: string }>`
    SELECT id::text AS id, status FROM access_codes
    WHERE project_id = ${projectId} AND id = ANY(${[...ids]}::bigint[]) FOR UPDATE`.execute(trx);
  return rows.rows.map((r) => ({ id: Number(r.id), status: r.status }));
}

export async function burnCodes(trx: Db, ids: readonly number[], now: Date): Promise<number> {
  const result = await sql<{ id: string }>`
    UPDATE access_codes SET status = 'Burned', date_used = ${now}
    WHERE id = ANY(${[...ids]}::bigint[]) AND status = 'Available' RETURNING id::text AS id`.execute(trx);
  return result.rows.length;
}

export interface AccessCodeFileRow {
  id: number;
  original_file_name: string;
  project_code: string | null;
  total_recorded: number;
  assigned: string;
  available: string;
  burned: string;
  imported_at: Date;
}

/** The project's files, newest first, with the counts by status. */
export async function listAccessCodeFiles(trx: Db, projectId: number): Promise<AccessCodeFileRow[]> {
  const rows = await sql<AccessCodeFileRow>`
    SELECT f.id, f.original_file_name, f.total_recorded, f.imported_at,
           (SELECT string_agg(pl.project_code, ', ' ORDER BY pl.language_id) FROM project_languages pl
            WHERE pl.project_id = f.project_id AND pl.project_code IS NOT NULL) AS project_code,
           count(c.id) FILTER (WHERE c.status = 'Assigned')::text AS assigned,
           count(c.id) FILTER (WHERE c.status = 'Available')::text AS available,
           count(c.id) FILTER (WHERE c.status = 'Burned')::text AS burned
    FROM access_code_files f LEFT JOIN access_codes c ON c.file_id = f.id
    WHERE f.project_id = ${projectId}
    GROUP BY f.id
    ORDER BY f.imported_at DESC, f.id DESC`.execute(trx);
  return rows.rows;
}
