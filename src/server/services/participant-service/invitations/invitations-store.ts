import type { Db, ParticipantStatus } from '../../../platform/db/schema';

/** A participant with its project's name, locked until the transaction ends; null when not found. */
export async function lockParticipantForInvitation(trx: Db, participantId: number) {
  const row = await trx
    .selectFrom('participants as pa')
    .innerJoin('projects as p', 'p.id', 'pa.project_id')
    .select([
      'pa.id',
      'pa.project_id',
      'pa.first_name',
      'pa.last_name',
      'pa.email',
      'pa.phone_number',
      'pa.interview_ref_num',
      'pa.access_code',
      'pa.participant_language_id',
      'pa.status',
      'pa.is_active',
      'p.name as project_name',
    ])
    .where('pa.id', '=', participantId)
    .forUpdate('pa')
    .executeTakeFirst();
  return row ?? null;
}

export async function setParticipantStatus(
  trx: Db,
  participantId: number | string,
  status: ParticipantStatus,
  at: Date,
): Promise<void> {
  await trx.updateTable('participants').set({ status, updated_at: at }).where('id', '=', participantId).execute();
}
