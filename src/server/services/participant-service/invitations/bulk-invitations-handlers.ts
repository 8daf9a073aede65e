import type { operations } from '../../../../contracts/participant-service';
import type { Db } from '../../../platform/db/schema';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { placeholdersIn } from '../../../../shared/template-rules';
import { dialInNumberFor } from '../../project-service';
import { selectionOf } from '../participants/participant-selection';
import { INVITATION_QUEUE, templateTypeOf } from './invitation-job';
import {
  countSelection,
  createInvitationJob,
  findProjectSettings,
  projectTemplates,
  readInvitationJob,
  type Channel,
} from './invitation-jobs-store';

type BulkHandlers = Pick<
  ServiceHandlers<operations>,
  'verifyBulkInvitation' | 'bulkInviteParticipants' | 'getInvitationJob'
>;
type BulkBody = operations['bulkInviteParticipants']['requestBody']['content']['application/json'];

const TEST_READ = 'tenant.project.participant.test.read';
const conflict = (message: string, code: string) => new HttpError(409, message, { code });
const channelName = (channel: Channel) => (channel === 'email' ? 'Email' : 'SMS');

/** docs/product/participants.md#invitations "Bulk invite success" (the spec's spelling kept). */
export const scheduledMessage = (channel: Channel, n: number) =>
  `${channelName(channel)} inivitation have been scheduled for ${n} selected participants (Participant status will update approximately in 10 minutes)`;

/**
 * The project-level rules of a bulk invitation (409): the channel's communication flag on, a template saved for
 * it, and a dial-in number when a template needs one. Then the participant counts.
 */
async function checkInvitation(trx: Db, body: BulkBody) {
  const channel = body.invitationType;
  const project = await findProjectSettings(trx, body.projectId);
  if (!project) throw notFound('Project not found.');
  const flag = channel === 'email' ? 'enableEmailCommunication' : 'enableSMSCommunication';
  if (project.internal_settings[flag] !== true) {
    throw conflict(`${channelName(channel)} communication is not enabled for this project.`, 'COMMUNICATION_DISABLED');
  }
  const templates = await projectTemplates(trx, project.id, templateTypeOf(channel));
  if (!templates.length) {
    throw conflict(
      `Save the project's ${channel === 'email' ? 'e-mail' : 'SMS'} invitation template first.`,
      'TEMPLATE_NOT_SAVED',
    );
  }
  const needsDialIn = templates.some((t) =>
    [...placeholdersIn(t.template_content), ...placeholdersIn(t.email_subject ?? '')].includes('dial_in_number'),
  );
  if (needsDialIn && !(await dialInNumberFor(trx, project.id, null))) {
    throw conflict('The project has no dial-in number configured.', 'DIAL_IN_NUMBER_MISSING');
  }
  const counts = await countSelection(trx, selectionOf(body), channel);
  if (counts.eligible === 0) {
    throw conflict(
      counts.selected === 0
        ? 'No participants are selected.'
        : `None of the ${counts.selected} selected participants can be invited by ${channelName(channel)} (only active participants with an access code, ${channel === 'email' ? 'an e-mail address' : 'a phone number'} and an invitable status can).`,
      'NO_ELIGIBLE_PARTICIPANTS',
    );
  }
  return counts;
}

function guard(
  body: BulkBody,
  ctx: { operatingTenant: { id: number }; principal(): { permissions: ReadonlySet<string> } },
) {
  if (body.testParticipant && !ctx.principal().permissions.has(TEST_READ)) throw forbidden();
}

export const bulkInvitationsHandlers: BulkHandlers = {
  async verifyBulkInvitation({ body }, ctx) {
    guard(body, ctx);
    const counts = await ctx.inTenant((trx) => checkInvitation(trx, body));
    const noAction = counts.selected - counts.eligible;
    const channel = channelName(body.invitationType);
    if (noAction > 0) {
      throw new HttpError(
        417,
        `${noAction} of the ${counts.selected} selected participants cannot be invited by ${channel} and will get no action (only active participants with an access code, ${body.invitationType === 'email' ? 'an e-mail address' : 'a phone number'} and an invitable status can). Send the ${channel} invitation to the other ${counts.eligible}?`,
        { code: 'SOME_NOT_ELIGIBLE' },
      );
    }
    return {
      message: `Send the ${channel} invitation to ${counts.eligible} selected participants?`,
      eligible: counts.eligible,
      noAction,
    };
  },

  async bulkInviteParticipants({ body }, ctx) {
    guard(body, ctx);
    const principal = ctx.principal();
    const job = await ctx.inTenant(async (trx) => {
      const counts = await checkInvitation(trx, body);
      const created = await createInvitationJob(
        trx,
        {
          tenantId: ctx.operatingTenant.id,
          projectId: body.projectId,
          channel: body.invitationType,
          createdBy: principal.userId,
          selection: selectionOf(body),
          selected: counts.selected,
        },
        ctx.now(),
      );
      await enqueueJob(trx, {
        queue: INVITATION_QUEUE,
        tenantId: ctx.operatingTenant.id,
        payload: { invitationJobId: created.id },
        runAt: ctx.now(),
      });
      return readInvitationJob(trx, created.id);
    });
    ctx.deps.jobs.runSoon();
    return { message: scheduledMessage(body.invitationType, job!.total), job: jobOut(job!) };
  },

  async getInvitationJob({ params }, ctx) {
    const job = await ctx.inTenant((trx) => readInvitationJob(trx, params.jobId));
    if (!job) throw notFound('Invitation job not found.');
    return jobOut(job);
  },
};

function jobOut(job: NonNullable<Awaited<ReturnType<typeof readInvitationJob>>>) {
  return {
    id: Number(job.id),
    projectId: job.project_id,
    channel: job.channel,
    kind: job.kind,
    status: job.status,
    total: job.total,
    processed: job.processed,
    sent: Number(job.sent),
    undelivered: Number(job.undelivered),
    noAction: job.no_action + Number(job.dropped),
    createdAt: job.created_at.toISOString(),
    finishedAt: job.finished_at ? job.finished_at.toISOString() : null,
  };
}
