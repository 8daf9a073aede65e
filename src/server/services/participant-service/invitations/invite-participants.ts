/**
 * Invitations of named participants through the one invitation-job path (ADR 0044): on add and import (the
 * project's `invite_on_participant_create` / `sms_invite_on_participant_create`), on edit (`sent_invite_on_update`)
 * and the single re-invite. Each makes an invitation job whose recipients are keyed (job, participant, channel),
 * so a participant gets one message per job and channel, rendered by the same batch as a bulk invite.
 * docs/product/participants.md#invitations
 */
import type { Db } from '../../../platform/db/schema';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import { placeholdersIn } from '../../../../shared/template-rules';
import { dialInNumberFor } from '../../project-service';
import { INVITATION_QUEUE, queueRecipientBatch, templateTypeOf } from './invitation-job';
import {
  addJobProgress,
  createParticipantsInvitationJob,
  findProjectSettings,
  projectTemplates,
  type Channel,
} from './invitation-jobs-store';

const CHANNELS: readonly Channel[] = ['email', 'sms'];
const COMMUNICATION_FLAG: Record<Channel, string> = {
  email: 'enableEmailCommunication',
  sms: 'enableSMSCommunication',
};
const ON_CREATE_FLAG: Record<Channel, string> = {
  email: 'invite_on_participant_create',
  sms: 'sms_invite_on_participant_create',
};

/**
 * The channels on which the project sends invitations by itself when a participant is added (or edited with
 * sent_invite_on_update): the channel's communication flag and its on-create flag on, a template saved, and a
 * dial-in number when a template needs one. Anything missing: that channel sends nothing (no error: adding a
 * participant never fails for it).
 */
export async function automaticInvitationChannels(trx: Db, projectId: number): Promise<Channel[]> {
  const project = await findProjectSettings(trx, projectId);
  if (!project) return [];
  const settings = project.internal_settings as Record<string, unknown>;
  const channels: Channel[] = [];
  for (const channel of CHANNELS) {
    if (settings[COMMUNICATION_FLAG[channel]] !== true || settings[ON_CREATE_FLAG[channel]] !== true) continue;
    const templates = await projectTemplates(trx, projectId, templateTypeOf(channel));
    if (!templates.length) continue;
    const needsDialIn = templates.some((t) =>
      [...placeholdersIn(t.template_content), ...placeholdersIn(t.email_subject ?? '')].includes('dial_in_number'),
    );
    if (needsDialIn && !(await dialInNumberFor(trx, projectId, null))) continue;
    channels.push(channel);
  }
  return channels;
}

/**
 * Queues, in the caller's tenant transaction, one invitation job per channel for the named participants (the
 * eligible ones become its recipients, INVITATION_SCHEDULED) on the job queue; the caller wakes the job runner
 * (`ctx.deps.jobs.runSoon()`). Returns how many jobs were queued.
 */
export async function queueParticipantInvitations(
  trx: Db,
  input: {
    tenantId: number;
    projectId: number;
    participantIds: number[];
    channels: Channel[];
    createdBy: number | null;
  },
  now: Date,
): Promise<number> {
  let queued = 0;
  if (!input.participantIds.length) return 0;
  for (const channel of input.channels) {
    const job = await createParticipantsInvitationJob(trx, { ...input, channel }, now);
    if (job.total === 0) {
      await addJobProgress(trx, job.id, 0, 'done', now);
      continue;
    }
    await enqueueJob(trx, {
      queue: INVITATION_QUEUE,
      tenantId: input.tenantId,
      payload: { invitationJobId: job.id },
      runAt: now,
    });
    queued += 1;
  }
  return queued;
}

/**
 * The single re-invite of one participant on one channel: a one-recipient invitation job, rendered at once by the
 * job's own batch (so the answer can name the outbox message), then marked done. Returns the outbox id, or null
 * when the participant was not eligible.
 */
export async function inviteOneParticipantNow(
  trx: Db,
  input: { tenantId: number; projectId: number; participantId: number; channel: Channel; createdBy: number | null },
  now: Date,
): Promise<number | null> {
  const job = await createParticipantsInvitationJob(trx, { ...input, participantIds: [input.participantId] }, now);
  const batch = job.total ? await queueRecipientBatch(trx, input.tenantId, job.id, 1, now) : null;
  await addJobProgress(trx, job.id, 0, 'done', now);
  return batch?.outboxIds[0] ?? null;
}
