import { sql } from 'kysely';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import type { Db, ParticipantStatus } from '../../../platform/db/schema';

/**
 * The SQL of NP marking and the detail modal's trail (docs/product/participants.md#np, #detail). Tenant scope:
 * row-level security keeps another tenant's participants out of every query.
 */

/** The project's visible participants among `ids`, locked until the transaction ends. */
export async function lockNpParticipants(trx: Db, projectId: number, ids: readonly number[]) {
  return trx
    .selectFrom('participants')
    .select(['id', 'interview_ref_num', 'status', 'is_test_participant'])
    .where('project_id', '=', projectId)
    .where('is_hidden', '=', false)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Each participant's latest status other than NON_RESPONSIVE_PARTICIPANT (what reverse NP restores). */
export async function statusesBeforeNp(trx: Db, ids: readonly number[]): Promise<Map<number, ParticipantStatus>> {
  if (!ids.length) return new Map();
  const rows = await sql<{ participant_id: string | number; status: ParticipantStatus }>`
    SELECT DISTINCT ON (participant_id) participant_id, status
    FROM participant_status_logs
    WHERE participant_id = ANY(${[...ids]}::bigint[]) AND status <> 'NON_RESPONSIVE_PARTICIPANT'
    ORDER BY participant_id, created_at DESC, id DESC`.execute(trx);
  return new Map(rows.rows.map((r) => [Number(r.participant_id), r.status]));
}

/**
 * Sets each participant's status in one statement; the status-log trigger (migration 018) writes the history row
 * of every change in this same transaction.
 */
export async function setParticipantStatuses(
  trx: Db,
  changes: readonly { id: number; status: ParticipantStatus }[],
  now: Date,
): Promise<number> {
  if (!changes.length) return 0;
  const result = await sql`
    UPDATE participants p SET status = c.status, updated_at = ${now}
    FROM unnest(${changes.map((c) => c.id)}::bigint[], ${changes.map((c) => c.status)}::text[]) AS c(id, status)
    WHERE p.id = c.id`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The participant's project id, or null when it is not the tenant's (or hidden). */
export async function findTrailParticipant(trx: Db, participantId: number) {
  return (
    (await trx
      .selectFrom('participants')
      .select(['id', 'project_id', 'is_test_participant'])
      .where('id', '=', participantId)
      .where('is_hidden', '=', false)
      .executeTakeFirst()) ?? null
  );
}

export async function listStatusLogs(trx: Db, participantId: number) {
  return trx
    .selectFrom('participant_status_logs')
    .select(['status', 'created_at'])
    .where('participant_id', '=', participantId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** The outbox messages queued for the participant (recordParticipantMessage), with their delivery state. */
export async function listParticipantMessages(trx: Db, participantId: number) {
  return trx
    .selectFrom('participant_messages as pm')
    .innerJoin('outbox_messages as o', 'o.id', 'pm.outbox_message_id')
    .select([
      'o.id',
      'o.channel',
      'o.recipient',
      'o.template_type',
      'o.status',
      'o.attempts',
      'o.last_error',
      'o.provider_message_id',
      'o.created_at',
      'o.sent_at',
      'o.sms_provider',
    ])
    .where('pm.participant_id', '=', participantId)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .limit(500)
    .execute();
}

/**
 * Records that an outbox message went to a participant, in the transaction that queued it, so the detail modal's
 * SMS and Email Tracking tabs show its delivery (docs/product/participants.md#detail).
 */
export async function recordParticipantMessage(trx: Db, message: ParticipantMessage, now: Date): Promise<void> {
  await recordParticipantMessages(trx, [message], now);
}

type ParticipantMessage = {
  tenantId: number;
  participantId: number;
  outboxMessageId: number;
  channel: 'email' | 'sms';
};

/** recordParticipantMessage for many messages, in one statement (a bulk invitation's batch). */
export async function recordParticipantMessages(
  trx: Db,
  messages: readonly ParticipantMessage[],
  now: Date,
): Promise<void> {
  if (messages.length === 0) return;
  // One array a column (ADR 0227): the statement's text and plan do not change with the batch's size.
  await sql`${sql.raw(GENERIC_PLAN)}
    INSERT INTO participant_messages (tenant_id, participant_id, outbox_message_id, channel, created_at)
    SELECT m.tenant_id, m.participant_id, m.outbox_message_id, m.channel, ${now}::timestamptz
    FROM unnest(${messages.map((m) => m.tenantId)}::int[], ${messages.map((m) => m.participantId)}::bigint[],
                ${messages.map((m) => m.outboxMessageId)}::bigint[], ${messages.map((m) => m.channel)}::text[])
      AS m(tenant_id, participant_id, outbox_message_id, channel)`.execute(trx);
}
