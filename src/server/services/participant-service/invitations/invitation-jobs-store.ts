import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import type { Db, ParticipantStatus } from '../../../platform/db/schema';
import { INVITABLE_STATUSES, STATUSES_KEPT_WHEN_INVITED } from '../../../../shared/participant-rules';
import type { TemplateType } from '../../../../shared/template-rules';
import { participantSelectionWhere, type ParticipantSelection } from '../participants/participant-selection';

export type Channel = 'email' | 'sms';

/** The participant (alias `p`) can take an invitation on `channel` now. */
export function eligibleWhere(channel: Channel): RawBuilder<SqlBool> {
  const contact = channel === 'email' ? sql`p.email` : sql`p.phone_number`;
  return sql<SqlBool>`(p.is_active AND p.status = ANY(${[...INVITABLE_STATUSES]}::text[])
    AND p.access_code IS NOT NULL AND btrim(coalesce(${contact}, '')) <> '')`;
}

/** How many participants a selection holds, and how many of them can be invited on the channel. */
export async function countSelection(
  trx: Db,
  selection: ParticipantSelection,
  channel: Channel,
): Promise<{ selected: number; eligible: number }> {
  const { rows } = await sql<{ selected: string; eligible: string }>`
    SELECT count(*) AS selected, count(*) FILTER (WHERE ${eligibleWhere(channel)}) AS eligible
    FROM participants p WHERE ${participantSelectionWhere(selection)}`.execute(trx);
  return { selected: Number(rows[0]!.selected), eligible: Number(rows[0]!.eligible) };
}

/** The project's name and internal settings (communication flags, reminders); null when not in the tenant. */
export async function findProjectSettings(trx: Db, projectId: number) {
  const row = await trx
    .selectFrom('projects')
    .select(['id', 'name', 'internal_settings'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row ?? null;
}

/** The project's saved templates of one type, with the languages they are in. */
export async function projectTemplates(trx: Db, projectId: number, type: TemplateType) {
  return trx
    .selectFrom('communication_templates')
    .select(['language_id', 'template_content', 'email_subject'])
    .where('project_id', '=', projectId)
    .where('template_type', '=', type)
    .execute();
}

/**
 * Queues an invitation job: the eligible participants of the selection become its recipients (one row each,
 * keyed by job, participant and channel), INVITATION_SCHEDULED (kept statuses aside) with the channel's pending
 * flag. Returns the job's id and recipient count.
 */
export async function createInvitationJob(
  trx: Db,
  job: {
    tenantId: number;
    projectId: number;
    channel: Channel;
    createdBy: number | null;
    selection: ParticipantSelection;
    selected: number;
  },
  now: Date,
): Promise<{ id: number; total: number }> {
  return insertInvitationJob(trx, job, participantSelectionWhere(job.selection), now);
}

/**
 * The same job for named participants of a project (added, imported, edited or re-invited one by one), whatever
 * the list's filter: hidden and test participants included. Only the eligible ones become recipients.
 */
export async function createParticipantsInvitationJob(
  trx: Db,
  job: { tenantId: number; projectId: number; channel: Channel; createdBy: number | null; participantIds: number[] },
  now: Date,
): Promise<{ id: number; total: number }> {
  const where = sql<SqlBool>`(p.project_id = ${job.projectId} AND p.id = ANY(${job.participantIds}::bigint[]))`;
  return insertInvitationJob(trx, { ...job, selected: job.participantIds.length }, where, now);
}

async function insertInvitationJob(
  trx: Db,
  job: { tenantId: number; projectId: number; channel: Channel; createdBy: number | null; selected: number },
  where: RawBuilder<SqlBool>,
  now: Date,
): Promise<{ id: number; total: number }> {
  const created = await trx
    .insertInto('invitation_jobs')
    .values({
      tenant_id: job.tenantId,
      project_id: job.projectId,
      channel: job.channel,
      kind: 'invite',
      total: 0,
      created_by: job.createdBy,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(created.id);
  const pending = job.channel === 'email' ? sql`email_pending` : sql`sms_pending`;
  const { rows } = await sql<{ n: string }>`
    WITH chosen AS (
      SELECT p.id, p.status FROM participants p
      WHERE ${where} AND ${eligibleWhere(job.channel)}
      FOR UPDATE OF p
    ), recipients AS (
      INSERT INTO participant_invitations (tenant_id, invitation_job_id, participant_id, channel, previous_status, created_at)
      SELECT ${job.tenantId}, ${id}, chosen.id, ${job.channel}, chosen.status, ${now} FROM chosen
    ), scheduled AS (
      UPDATE participants SET
        status = CASE WHEN status = ANY(${[...STATUSES_KEPT_WHEN_INVITED]}::text[]) THEN status ELSE 'INVITATION_SCHEDULED' END,
        ${pending} = true, updated_at = ${now}
      WHERE id IN (SELECT id FROM chosen)
    )
    SELECT count(*) AS n FROM chosen`.execute(trx);
  const total = Number(rows[0]!.n);
  await trx
    .updateTable('invitation_jobs')
    .set({ total, no_action: Math.max(0, job.selected - total) })
    .where('id', '=', id)
    .execute();
  return { id, total };
}

/** An invitation job with its delivery counts; undefined when not in the tenant. */
export async function readInvitationJob(trx: Db, id: number) {
  const { rows } = await sql<{
    id: string;
    project_id: number;
    channel: Channel;
    kind: 'invite' | 'reminder';
    status: 'queued' | 'running' | 'done';
    total: number;
    processed: number;
    no_action: number;
    created_at: Date;
    finished_at: Date | null;
    sent: string;
    undelivered: string;
    dropped: string;
  }>`
    SELECT j.id, j.project_id, j.channel, j.kind, j.status, j.total, j.processed, j.no_action, j.created_at,
           j.finished_at,
           count(*) FILTER (WHERE pi.outcome = 'sent') AS sent,
           count(*) FILTER (WHERE pi.outcome = 'undelivered') AS undelivered,
           count(*) FILTER (WHERE pi.outcome = 'no_action') AS dropped
    FROM invitation_jobs j LEFT JOIN participant_invitations pi ON pi.invitation_job_id = j.id
    WHERE j.id = ${id}
    GROUP BY j.id`.execute(trx);
  return rows[0];
}

/** The recipients of a job that have no outbox message yet, locked for this batch (SKIP LOCKED). */
export async function claimUnqueuedRecipients(trx: Db, jobId: number, limit: number) {
  const { rows } = await sql<{
    participant_id: string;
    channel: Channel;
    project_id: number;
    project_name: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone_number: string | null;
    interview_ref_num: string | null;
    access_code: string | null;
    participant_language_id: number | null;
    status: ParticipantStatus;
    is_active: boolean;
  }>`
    SELECT pi.participant_id, pi.channel, p.project_id, pr.name AS project_name, p.first_name, p.last_name, p.email,
           p.phone_number, p.interview_ref_num, p.access_code, p.participant_language_id, p.status, p.is_active
    FROM participant_invitations pi
    JOIN participants p ON p.id = pi.participant_id
    JOIN projects pr ON pr.id = p.project_id
    WHERE pi.invitation_job_id = ${jobId} AND pi.outbox_message_id IS NULL AND pi.outcome = 'pending'
    ORDER BY pi.participant_id
    LIMIT ${limit}
    FOR UPDATE OF pi SKIP LOCKED`.execute(trx);
  return rows;
}

type RecipientKey = { participantId: number | string; channel: Channel };

/** A recipient's key as the statements below find it in an array: participant and channel. */
const keyOf = (key: RecipientKey) => `${key.participantId}:${key.channel}`;
const recipientKey = sql`pi.participant_id::text || ':' || pi.channel`;

/**
 * The job's recipients of `keys`, read by the primary key (job, participant = ANY): a join with the keys as a table
 * was planned as a scan of every recipient of the job on the statistics of a job minutes old (ADRs 0172, 0183).
 */
const jobRecipients = (jobId: number, keys: readonly RecipientKey[]) => sql`
  pi.invitation_job_id = ${jobId}
  AND pi.participant_id = ANY(${keys.map((k) => String(k.participantId))}::bigint[])
  AND ${recipientKey} = ANY(${keys.map(keyOf)}::text[])`;

/** Links recipients of a job to their outbox messages (the idempotency key: a linked recipient is never sent again). */
export async function linkRecipientMessages(
  trx: Db,
  jobId: number,
  links: readonly (RecipientKey & { outboxMessageId: number })[],
): Promise<void> {
  if (links.length === 0) return;
  await linkStatement(jobId, links).execute(trx);
}

/** linkRecipientMessages' statement: each recipient takes the message at its key's place in the arrays. */
export const linkStatement = (jobId: number, links: readonly (RecipientKey & { outboxMessageId: number })[]) => sql`
  UPDATE participant_invitations pi
  SET outbox_message_id = (${links.map((l) => l.outboxMessageId)}::bigint[])[array_position(${links.map(keyOf)}::text[], ${recipientKey})]
  WHERE ${jobRecipients(jobId, links)}`;

/** dropRecipients' statement for the invitations. */
export const dropStatement = (jobId: number, keys: readonly RecipientKey[]) =>
  sql`UPDATE participant_invitations pi SET outcome = 'no_action' WHERE ${jobRecipients(jobId, keys)}`;

/** Recipients no longer eligible when reached: no action, and their channel's pending flag cleared. */
export async function dropRecipients(trx: Db, jobId: number, keys: readonly RecipientKey[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await dropStatement(jobId, keys).execute(trx);
  for (const channel of ['email', 'sms'] as const) {
    const ids = keys.filter((k) => k.channel === channel).map((k) => String(k.participantId));
    if (ids.length === 0) continue;
    await trx
      .updateTable('participants')
      .set(channel === 'email' ? { email_pending: false, updated_at: now } : { sms_pending: false, updated_at: now })
      .where('id', 'in', ids)
      .execute();
  }
}

export async function addJobProgress(
  trx: Db,
  jobId: number,
  processed: number,
  status: 'running' | 'done',
  now: Date,
): Promise<void> {
  await trx
    .updateTable('invitation_jobs')
    .set({
      processed: sql`processed + ${processed}`,
      status,
      ...(status === 'done' && { finished_at: now }),
    })
    .where('id', '=', jobId)
    .execute();
}

/**
 * The final outcomes of outbox messages, told by the dispatcher in its transaction (ADR 0044), set-based for a batch
 * (ADR 0104): each pending invitation of a message takes its outcome, and its participant its channel's flags and
 * status, as one invitation after the other would leave them. A participant with both channels in the batch counts
 * as sent when either was sent. Messages that are no invitation change nothing. System scope.
 */
export async function recordInvitationOutcomes(
  trx: Db,
  outcomes: readonly InvitationOutcome[],
  now: Date,
): Promise<void> {
  if (outcomes.length === 0) return;
  await invitationOutcomesStatement(outcomes, now).execute(trx);
}

export interface InvitationOutcome {
  outboxMessageId: number;
  outcome: 'sent' | 'undelivered';
}

/**
 * recordInvitationOutcomes' one statement. The batch's invitations are read by the outbox key (= ANY), each taking its
 * message's outcome by its place in the arrays: a join with the ids as a table was planned as a scan of every
 * invitation of the job (the statistics of a job minutes old), then as a nested loop over them (ADR 0183).
 */
export function invitationOutcomesStatement(outcomes: readonly InvitationOutcome[], now: Date): RawBuilder<unknown> {
  const ids = outcomes.map((o) => o.outboxMessageId);
  const told = outcomes.map((o) => o.outcome);
  return sql`
    WITH invitation AS (
      UPDATE participant_invitations AS pi
      SET outcome = (${told}::text[])[array_position(${ids}::bigint[], pi.outbox_message_id)],
          sent_at = CASE WHEN (${told}::text[])[array_position(${ids}::bigint[], pi.outbox_message_id)] = 'sent'
                         THEN ${now}::timestamptz END
      WHERE pi.outbox_message_id = ANY(${ids}::bigint[]) AND pi.outcome = 'pending'
      RETURNING pi.participant_id, pi.channel, pi.previous_status, pi.outcome
    ), per_participant AS (
      SELECT participant_id,
             bool_or(outcome = 'sent') AS sent,
             bool_or(channel = 'email') AS email, bool_or(channel = 'email' AND outcome = 'sent') AS email_sent,
             bool_or(channel = 'sms') AS sms, bool_or(channel = 'sms' AND outcome = 'sent') AS sms_sent,
             bool_or(previous_status IN ('INVITATION_SENT', 'INVITATION_RESENT', 'UNDELIVERED')) AS invited_before
      FROM invitation GROUP BY participant_id
    )
    UPDATE participants AS p
    SET email_sent = CASE WHEN i.email THEN i.email_sent ELSE p.email_sent END,
        email_pending = CASE WHEN i.email THEN false ELSE p.email_pending END,
        sms_sent = CASE WHEN i.sms THEN i.sms_sent ELSE p.sms_sent END,
        sms_pending = CASE WHEN i.sms THEN false ELSE p.sms_pending END,
        status = CASE
          WHEN i.sent AND (p.status = 'INVITATION_SCHEDULED' OR (p.status = 'INVITATION_SENT' AND i.invited_before))
            THEN CASE WHEN i.invited_before THEN 'INVITATION_RESENT' ELSE 'INVITATION_SENT' END
          WHEN NOT i.sent AND p.status = 'INVITATION_SCHEDULED' THEN 'UNDELIVERED'
          ELSE p.status END,
        updated_at = ${now}
    FROM per_participant AS i
    WHERE p.id = i.participant_id`;
}

/**
 * Invitations due a reminder (all tenants; system scope): delivered invitations of invite jobs, not yet reminded,
 * sent at least `auto_reminder_time_in_days` (default 3) ago, in projects with auto_reminder_configuration on,
 * whose participant is still INVITATION_SENT or INVITATION_RESENT.
 */
export async function dueReminders(trx: Db, now: Date) {
  const { rows } = await sql<{
    tenant_id: number;
    project_id: number;
    channel: Channel;
    invitation_job_id: string;
    participant_id: string;
    status: string;
  }>`
    SELECT pi.tenant_id, p.project_id, pi.channel, pi.invitation_job_id, pi.participant_id, p.status
    FROM participant_invitations pi
    JOIN invitation_jobs j ON j.id = pi.invitation_job_id AND j.kind = 'invite'
    JOIN participants p ON p.id = pi.participant_id
    JOIN projects pr ON pr.id = p.project_id
    WHERE pi.outcome = 'sent' AND pi.reminded_at IS NULL
      AND coalesce(pr.internal_settings->>'auto_reminder_configuration', 'false') = 'true'
      AND pi.sent_at <= ${now}::timestamptz - make_interval(days =>
            coalesce(nullif(pr.internal_settings->>'auto_reminder_time_in_days', '')::int, 3))
      AND p.status IN ('INVITATION_SENT', 'INVITATION_RESENT') AND p.is_active AND NOT p.is_hidden
    ORDER BY pi.tenant_id, p.project_id, pi.channel, pi.participant_id
    LIMIT 50000`.execute(trx);
  return rows;
}

/** Queues a reminder job for a project's participants on a channel and marks their invitations reminded. */
export async function createReminderJob(
  trx: Db,
  group: {
    tenantId: number;
    projectId: number;
    channel: Channel;
    recipients: { invitationJobId: string; participantId: string; status: string }[];
  },
  now: Date,
): Promise<number> {
  const created = await trx
    .insertInto('invitation_jobs')
    .values({
      tenant_id: group.tenantId,
      project_id: group.projectId,
      channel: group.channel,
      kind: 'reminder',
      total: group.recipients.length,
      created_by: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(created.id);
  // Two statements whatever the number of recipients (ADR 0227): one array a column, never a VALUES list or a
  // statement a recipient (a sweep may find 50,000 due; a list of 6 parameters a row stops at 10,922 rows).
  const { recipients } = group;
  await sql`${sql.raw(GENERIC_PLAN)}
    INSERT INTO participant_invitations (tenant_id, invitation_job_id, participant_id, channel, previous_status, created_at)
    SELECT ${group.tenantId}::int, ${id}::bigint, r.participant_id, ${group.channel}::text, r.status, ${now}::timestamptz
    FROM unnest(${recipients.map((r) => r.participantId)}::bigint[], ${recipients.map((r) => r.status)}::text[])
      AS r(participant_id, status)`.execute(trx);
  await sql`${sql.raw(GENERIC_PLAN)}
    UPDATE participant_invitations AS pi SET reminded_at = ${now}::timestamptz
    FROM unnest(${recipients.map((r) => r.invitationJobId)}::bigint[], ${recipients.map((r) => r.participantId)}::bigint[])
      AS r(invitation_job_id, participant_id)
    WHERE pi.invitation_job_id = r.invitation_job_id AND pi.participant_id = r.participant_id
      AND pi.channel = ${group.channel}::text`.execute(trx);
  await trx
    .updateTable('participants')
    .set(group.channel === 'email' ? { email_pending: true, updated_at: now } : { sms_pending: true, updated_at: now })
    .where('id', '=', sql<string>`ANY(${recipients.map((r) => r.participantId)}::bigint[])`)
    .execute();
  return id;
}
