import type { Clock } from '../../../platform/clock';
import { HOUR } from '../../../platform/clock';
import type { Db } from '../../../platform/db/schema';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import type { JobHandler } from '../../../platform/jobs/job-runner';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { INVITABLE_STATUSES } from '../../../../shared/participant-rules';
import type { TemplateType } from '../../../../shared/template-rules';
import { dialInNumberFor, findInvitationTemplate, type StoredTemplate } from '../../project-service';
import { enqueueMessages } from '../../../platform/outbox/enqueue-message';
import { recordParticipantMessages } from '../participants/participant-np-store';
import { invitationMessage, type InvitationInput } from './invitation-message';
import {
  addJobProgress,
  claimUnqueuedRecipients,
  createReminderJob,
  dropRecipients,
  dueReminders,
  linkRecipientMessages,
  type Channel,
} from './invitation-jobs-store';

/** The queue of invitation jobs (ADR 0044): payload `{ invitationJobId }`. */
export const INVITATION_QUEUE = 'participant-invitations';
/** The periodic reminder sweep (auto_reminder_configuration, auto_reminder_time_in_days). */
export const INVITATION_REMINDER_QUEUE = 'invitation-reminders';
export const INVITATION_BATCH = 200;
const REMINDER_INTERVAL_MS = HOUR;

export const templateTypeOf = (channel: Channel): TemplateType =>
  channel === 'email' ? 'TEST_INVITATION_EMAIL' : 'TEST_INVITATION_SMS';

export interface InvitationJobOptions {
  batchSize?: number;
  /** Called after each committed batch (the app: dispatch the outbox now; tests: interrupt the job). */
  afterBatch?: (queued: number) => void;
}

/**
 * The worker of an invitation job: batch by batch, each in one tenant transaction, the recipients without an
 * outbox message get their invitation (the project's template in their language, placeholders filled) queued in
 * the outbox and linked to it; progress is counted in the same transaction. A job interrupted anywhere resumes
 * with the recipients not yet linked, so nobody gets a message twice.
 */
export function invitationJob(db: Db, clock: Clock, options: InvitationJobOptions = {}): JobHandler {
  const batchSize = options.batchSize ?? INVITATION_BATCH;
  return async (job) => {
    const jobId = Number(job.payload.invitationJobId);
    const tenantId = job.tenantId;
    if (!tenantId || !Number.isInteger(jobId)) throw new Error('An invitation job needs a tenant and invitationJobId.');
    for (;;) {
      const queued = await withTenant(
        db,
        tenantId,
        async (trx) => (await queueRecipientBatch(trx, tenantId, jobId, batchSize, clock.now())).claimed,
      );
      if (queued === 0) break;
      options.afterBatch?.(queued);
    }
    await withTenant(db, tenantId, (trx) => addJobProgress(trx, jobId, 0, 'done', clock.now()));
  };
}

/**
 * One batch of an invitation job, in the caller's tenant transaction: up to `limit` recipients without an outbox
 * message get their invitation (the project's template in their language, placeholders filled) queued in the
 * outbox and linked to it (the idempotency key), progress counted. Returns how many recipients it claimed (0: none
 * left) and the outbox ids it queued. The worker runs it until empty; a single re-invite runs it once, inline.
 * Set-based: a batch is a fixed handful of statements whatever its size (ADR 0104), not a few per recipient.
 */
export async function queueRecipientBatch(
  trx: Db,
  tenantId: number,
  jobId: number,
  limit: number,
  now: Date,
): Promise<{ claimed: number; outboxIds: number[] }> {
  const recipients = await claimUnqueuedRecipients(trx, jobId, limit);
  if (recipients.length === 0) return { claimed: 0, outboxIds: [] };
  const templates = new Map<string, StoredTemplate | undefined>();
  const dialIns = new Map<string, string | null>();
  const dropped: { participantId: string; channel: Channel }[] = [];
  const sending: { participantId: string; channel: Channel; message: InvitationInput }[] = [];
  for (const r of recipients) {
    const langKey = `${r.channel}:${r.participant_language_id}`;
    if (!templates.has(langKey)) {
      templates.set(
        langKey,
        await findInvitationTemplate(trx, {
          projectId: r.project_id,
          type: templateTypeOf(r.channel),
          languageId: r.participant_language_id,
        }),
      );
      dialIns.set(langKey, await dialInNumberFor(trx, r.project_id, r.participant_language_id));
    }
    const template = templates.get(langKey);
    const to = (r.channel === 'email' ? r.email : r.phone_number)?.trim();
    const key = { participantId: r.participant_id, channel: r.channel };
    if (!r.is_active || !INVITABLE_STATUSES.includes(r.status) || !r.access_code || !to || template === undefined) {
      dropped.push(key);
      continue;
    }
    const values = {
      first_name: r.first_name ?? '',
      last_name: r.last_name ?? '',
      project_name: r.project_name,
      access_code: r.access_code,
      interview_ref_num: r.interview_ref_num ?? '',
      dial_in_number: dialIns.get(langKey) ?? '',
    };
    sending.push({ ...key, message: { tenantId, template, values, to, templateType: template.template_type } });
  }
  await dropRecipients(trx, jobId, dropped, now);
  const outboxIds = await enqueueMessages(
    trx,
    sending.map((s) => invitationMessage(s.message)),
    now,
  );
  const queued = sending.map((s, i) => ({ ...s, outboxMessageId: outboxIds[i]! }));
  await linkRecipientMessages(trx, jobId, queued);
  // The detail modal's tracking tabs read participant_messages (docs/product/participants.md#detail).
  await recordParticipantMessages(
    trx,
    queued.map((q) => ({
      tenantId,
      participantId: Number(q.participantId),
      outboxMessageId: q.outboxMessageId,
      channel: q.channel,
    })),
    now,
  );
  await addJobProgress(trx, jobId, recipients.length, 'running', now);
  return { claimed: recipients.length, outboxIds };
}

/**
 * The reminder sweep: invitations due a reminder become one reminder job per project and channel (queued on
 * INVITATION_QUEUE), and the sweep queues its own next run an hour later.
 */
export function invitationReminderJob(db: Db, clock: Clock, afterQueue: () => void = () => {}): JobHandler {
  return async () => {
    const now = clock.now();
    const due = await withSystem(db, (trx) => dueReminders(trx, now));
    const groups = new Map<string, typeof due>();
    for (const row of due) {
      const key = `${row.tenant_id}:${row.project_id}:${row.channel}`;
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    for (const rows of groups.values()) {
      const first = rows[0]!;
      await withTenant(db, first.tenant_id, async (trx) => {
        const id = await createReminderJob(
          trx,
          {
            tenantId: first.tenant_id,
            projectId: first.project_id,
            channel: first.channel,
            recipients: rows.map((r) => ({
              invitationJobId: r.invitation_job_id,
              participantId: r.participant_id,
              status: r.status,
            })),
          },
          now,
        );
        await enqueueJob(trx, {
          queue: INVITATION_QUEUE,
          tenantId: first.tenant_id,
          payload: { invitationJobId: id },
          runAt: now,
        });
      });
    }
    if (groups.size) afterQueue();
    await withSystem(db, (trx) => scheduleReminderSweep(trx, new Date(now.getTime() + REMINDER_INTERVAL_MS)));
  };
}

/** Queues the next reminder sweep at `at`. */
export async function scheduleReminderSweep(trx: Db, at: Date): Promise<void> {
  await enqueueJob(trx, {
    queue: INVITATION_REMINDER_QUEUE,
    tenantId: null,
    dedupeKey: `at:${at.toISOString()}`,
    maxAttempts: 3,
    runAt: at,
  });
}

/** On start: a reminder sweep is queued unless one is already waiting or running. */
export async function ensureReminderSweep(db: Db, clock: Clock): Promise<void> {
  await withSystem(db, async (trx) => {
    const waiting = await trx
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', INVITATION_REMINDER_QUEUE)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (!waiting) await scheduleReminderSweep(trx, clock.now());
  });
}
