import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { DELETABLE_STATUSES } from '../../../../shared/participant-rules';
import { participantSelectionWhere, type ParticipantSelection } from './participant-selection';

/** The project's languages with their label and short code (an uploaded Language cell names one of them). */
export async function projectLanguageNames(trx: Db, projectId: number) {
  return trx
    .selectFrom('project_languages as pl')
    .innerJoin('languages as l', 'l.id', 'pl.language_id')
    .select(['l.id', 'l.label', 'l.short_code'])
    .where('pl.project_id', '=', projectId)
    .orderBy('l.id')
    .execute();
}

/**
 * docs/product/participants.md#import Upload: Replace All is refused when a normal participant of the project has taken
 * an interview.
 */
export async function countInterviewedParticipants(trx: Db, projectId: number): Promise<number> {
  const rows = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM participants p
    WHERE p.project_id = ${projectId} AND NOT p.is_test_participant
      AND p.status IN ('INTERVIEWED', 'RESULT_PUBLISHED')`.execute(trx);
  return Number(rows.rows[0]?.n ?? 0);
}

/**
 * Replace All: deletes the project's normal (visible, non-test) participants in deletable statuses
 * (docs/product/participants.md#delete), through the one selection rule. Returns how many.
 */
export async function deleteReplaceableParticipants(trx: Db, projectId: number): Promise<number> {
  const selection: ParticipantSelection = {
    projectId,
    allRecords: true,
    testParticipant: false,
    statuses: DELETABLE_STATUSES,
  };
  const result = await sql`DELETE FROM participants p WHERE ${participantSelectionWhere(selection)}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export interface ExportRow {
  id: number | string;
  interview_ref_num: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  language_label: string | null;
  status: string;
  access_code: string | null;
  created_by_name: string | null;
  created_at: Date;
}

/** One batch of the export, keyset on the id (constant memory however many rows are selected). */
export async function exportParticipantBatch(
  trx: Db,
  selection: ParticipantSelection,
  afterId: number,
  limit: number,
): Promise<ExportRow[]> {
  const rows = await sql<ExportRow>`
    SELECT p.id, p.interview_ref_num, p.first_name, p.last_name, p.email, p.phone_number, l.label AS language_label,
           p.status, p.access_code, p.created_at,
           CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS created_by_name
    FROM participants p
    LEFT JOIN languages l ON l.id = p.participant_language_id
    LEFT JOIN users u ON u.id = p.created_by
    WHERE ${participantSelectionWhere(selection)} AND p.id > ${afterId}
    ORDER BY p.id
    LIMIT ${limit}`.execute(trx);
  return rows.rows;
}
