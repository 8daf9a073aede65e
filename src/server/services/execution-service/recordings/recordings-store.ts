import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

/** A stored recording's row (migration 049). */
export interface StoredRecording {
  resultId: number;
  storageKey: string;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
}

type Row = {
  interview_result_id: string | number | bigint;
  storage_key: string;
  media_type: string;
  size_bytes: string | number | bigint;
  sha256: string;
};

const toRecording = (r: Row): StoredRecording => ({
  resultId: Number(r.interview_result_id),
  storageKey: r.storage_key,
  mediaType: r.media_type,
  sizeBytes: Number(r.size_bytes),
  sha256: r.sha256,
});

/** Whether the tenant has this result and it is not deleted. Tenant scope. */
export async function recordableResultExists(trx: Db, resultId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('interview_results')
    .select('id')
    .where('id', '=', resultId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

/** The recording of a result, or null. Tenant scope. */
export async function findRecording(trx: Db, resultId: number): Promise<StoredRecording | null> {
  const row = await trx
    .selectFrom('interview_recordings')
    .select(['interview_result_id', 'storage_key', 'media_type', 'size_bytes', 'sha256'])
    .where('interview_result_id', '=', resultId)
    .executeTakeFirst();
  return row ? toRecording(row) : null;
}

/**
 * Records a result's recording unless it has one already (one a result): true when this row was written, false
 * when another was there first (the caller compares it). Tenant scope.
 */
export async function insertRecording(
  trx: Db,
  recording: StoredRecording & { tenantId: number; now: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('interview_recordings')
    .values({
      tenant_id: recording.tenantId,
      interview_result_id: recording.resultId,
      storage_key: recording.storageKey,
      media_type: recording.mediaType,
      size_bytes: recording.sizeBytes,
      sha256: recording.sha256,
      created_at: recording.now,
    })
    .onConflict((oc) => oc.column('interview_result_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** What the download needs of a recorded result: the result, its project's flag and the stored file. */
export interface RecordedResult {
  resultId: number;
  projectId: number;
  irn: string | null;
  released: boolean;
  /** The project's cm_recordings_configuration (docs/product/project-form.md#sections internal settings). */
  recordingsEnabled: boolean;
  /** Null when the result has no recording. */
  recording: StoredRecording | null;
}

/**
 * The result a download names (docs/product/project-results.md#recording): by id, or, when `accessCode` is given and
 * no result has the id, the newest recorded result of the participant with that access code (separators ignored:
 * the stored `access_code_key`, which an index serves under row-level security, migration 050).
 * Deleted results are never found. Tenant scope.
 */
export async function findRecordedResult(
  trx: Db,
  lookup: { id: number | null; accessCode: string },
): Promise<RecordedResult | null> {
  const select = sql`
    SELECT r.id, r.project_id, coalesce(r.interview_reference_number, p.interview_ref_num) AS irn, r.released,
           coalesce((pr.internal_settings ->> 'cm_recordings_configuration')::boolean, false) AS recordings_enabled,
           rec.interview_result_id, rec.storage_key, rec.media_type, rec.size_bytes, rec.sha256
    FROM interview_results r
      JOIN participants p ON p.id = r.participant_id
      JOIN projects pr ON pr.id = r.project_id
      LEFT JOIN interview_recordings rec ON rec.interview_result_id = r.id`;
  type Found = Partial<Row> & {
    id: string | number;
    project_id: number;
    irn: string | null;
    released: boolean;
    recordings_enabled: boolean;
  };
  let found: Found | undefined;
  if (lookup.id !== null)
    found = (await sql<Found>`${select} WHERE r.id = ${lookup.id} AND NOT r.deleted`.execute(trx)).rows[0];
  if (!found)
    found = (
      await sql<Found>`${select}
        WHERE p.access_code_key = ${lookup.accessCode} AND NOT r.deleted
          AND rec.id IS NOT NULL
        ORDER BY r.completed_at DESC, r.id DESC LIMIT 1`.execute(trx)
    ).rows[0];
  if (!found) return null;
  return {
    resultId: Number(found.id),
    projectId: found.project_id,
    irn: found.irn,
    released: found.released,
    recordingsEnabled: found.recordings_enabled,
    recording: found.storage_key ? toRecording(found as Row) : null,
  };
}
