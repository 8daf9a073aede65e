import type { Db } from '../../../platform/db/schema';

/**
 * The execution-service's part of a participant's trail (docs/product/participants.md#detail): its call records
 * (the detail modal's Call Logs, oldest first) and its backend data log rows (system tenant's Backend Data tab,
 * newest first). Tenant scope (row-level security): another tenant's participant has none.
 */
export async function listParticipantCallRecords(trx: Db, participantId: number) {
  return trx
    .selectFrom('call_records')
    .select([
      'interview_reference_number',
      'call_at',
      'access_code',
      'dial_in_number',
      'duration_seconds',
      'dtmfs',
      'provider_name',
      'caller_number',
      'destination_number',
    ])
    .where('participant_id', '=', participantId)
    .orderBy('call_at')
    .orderBy('id')
    .limit(500)
    .execute();
}

export async function listParticipantBackendData(trx: Db, participantId: number) {
  return trx
    .selectFrom('backend_data_logs')
    .select(['id', 'kind', 'run_id', 'uploaded_at', 'payload'])
    .where('participant_id', '=', participantId)
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** The participant's guide page events (the Participant Guide tab), oldest first. */
export async function listParticipantGuideLogs(trx: Db, participantId: number) {
  return trx
    .selectFrom('guide_logs')
    .select(['session_id', 'event_at', 'ip_address', 'button_name', 'page_name'])
    .where('participant_id', '=', participantId)
    .orderBy('event_at')
    .orderBy('id')
    .limit(1000)
    .execute();
}
