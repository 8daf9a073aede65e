import { sql } from 'kysely';
import type { Db, ParticipantStatus } from '../../../platform/db/schema';

export interface NewParticipant {
  interviewRefNum?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  languageId?: number | null;
  status?: ParticipantStatus;
  accessCode?: string | null;
  isTestParticipant?: boolean;
}

const CHUNK = 5000;

/**
 * Adds participants to a project in bulk (column arrays through unnest, in chunks) in the caller's transaction.
 * Tenant scope. Returns the new ids in input order.
 */
export async function createParticipants(
  trx: Db,
  tenantId: number,
  projectId: number,
  participants: readonly NewParticipant[],
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < participants.length; start += CHUNK) {
    const chunk = participants.slice(start, start + CHUNK);
    const rows = await sql<{ id: number | string }>`
      INSERT INTO participants (tenant_id, project_id, interview_ref_num, first_name, last_name, email, phone_number,
                                participant_language_id, status, access_code, is_test_participant, created_at, updated_at)
      SELECT ${tenantId}, ${projectId}, p.irn, p.first_name, p.last_name, p.email, p.phone, p.language_id, p.status,
             p.access_code, p.is_test, ${now}, ${now}
      FROM unnest(${chunk.map((p) => p.interviewRefNum ?? null)}::text[], ${chunk.map((p) => p.firstName ?? null)}::text[],
                  ${chunk.map((p) => p.lastName ?? null)}::text[], ${chunk.map((p) => p.email?.toLowerCase() ?? null)}::text[],
                  ${chunk.map((p) => p.phoneNumber ?? null)}::text[], ${chunk.map((p) => p.languageId ?? 1)}::int[],
                  ${chunk.map((p) => p.status ?? 'NEW_PARTICIPANT')}::text[], ${chunk.map((p) => p.accessCode ?? null)}::text[],
                  ${chunk.map((p) => p.isTestParticipant ?? false)}::boolean[])
        WITH ORDINALITY AS p(irn, first_name, last_name, email, phone, language_id, status, access_code, is_test, ord)
      ORDER BY p.ord
      RETURNING id`.execute(trx);
    ids.push(...rows.rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}
