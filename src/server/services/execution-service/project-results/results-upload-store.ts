import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

export interface UploadParticipant {
  irn: string;
  accessCode: string;
  hasResult: boolean;
}

/** The project's participants of these IRNs, with whether a (non-deleted) result exists for each. Tenant scope. */
export async function participantsOfIrns(
  trx: Db,
  projectId: number,
  irns: readonly string[],
): Promise<Map<string, UploadParticipant>> {
  if (!irns.length) return new Map();
  const rows = await sql<{ irn: string; access_code: string; has_result: boolean }>`
    SELECT p.interview_ref_num AS irn, p.access_code,
           EXISTS (SELECT 1 FROM interview_results r
                   WHERE r.participant_id = p.id AND r.tenant_id = p.tenant_id AND NOT r.deleted) AS has_result
    FROM participants p
    WHERE p.project_id = ${projectId} AND NOT p.is_hidden
      AND p.interview_ref_num = ANY(${[...irns]}::text[])`.execute(trx);
  return new Map(rows.rows.map((r) => [r.irn, { irn: r.irn, accessCode: r.access_code, hasResult: r.has_result }]));
}
