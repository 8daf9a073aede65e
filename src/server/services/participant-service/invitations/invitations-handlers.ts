import type { operations } from '../../../../contracts/participant-service';
import type { ParticipantStatus } from '../../../platform/db/schema';
import { HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { INVITABLE_STATUSES, STATUSES_KEPT_WHEN_INVITED } from '../../../../shared/participant-rules';
import { placeholdersIn, type TemplateType } from '../../../../shared/template-rules';
import {
  dialInNumberFor,
  findInvitationTemplate,
  findProject,
  findTemplate,
  requireProjectLanguage,
} from '../../project-service';
import { enqueueInvitation } from './invitation-message';
import { inviteOneParticipantNow } from './invite-participants';
import { lockParticipantForInvitation, setParticipantStatus } from './invitations-store';

type InvitationsHandlers = Pick<ServiceHandlers<operations>, 'sendTestMessage' | 'reinviteParticipant'>;

/**
 * Sample values a test message is filled with where the project has no real one: the tester's own name and
 * the project's name and dial-in number are real, the access code and IRN recognisable samples.
 */
const SAMPLE_VALUES = {
  access_code: '123-456-789',
  dial_in_number: '+1 800 555 0100',
  interview_ref_num: 'TEST-000001',
};

const conflict = (message: string, code: string) => new HttpError(409, message, { code });

export const invitationsHandlers: InvitationsHandlers = {
  async sendTestMessage({ query }, ctx) {
    const principal = ctx.principal();
    const type = query.templateType;
    const key = { projectId: query.projectId, type, languageId: query.language_id };
    const sent = await ctx.inTenant(async (trx) => {
      const project = await findProject(trx, key.projectId);
      requireProjectLanguage(project, key.languageId);
      const template = await findTemplate(trx, key);
      if (!template) throw unprocessable('Save the template before sending a test.', 'TEMPLATE_NOT_SAVED');
      const dialIn = await dialInNumberFor(trx, project.id, key.languageId);
      const values = {
        ...SAMPLE_VALUES,
        ...(dialIn && { dial_in_number: dialIn }),
        first_name: principal.firstName,
        last_name: principal.lastName,
        project_name: project.name,
      };
      const to = type === 'TEST_INVITATION_EMAIL' ? principal.email : principal.phoneNumber;
      if (!to) throw unprocessable('Add a phone number to your profile to receive a test SMS.', 'PHONE_NUMBER_MISSING');
      const id = await enqueueInvitation(
        trx,
        { tenantId: ctx.operatingTenant.id, template, values, to, templateType: type },
        ctx.now(),
      );
      return {
        id,
        recipient: to,
        message: type === 'TEST_INVITATION_EMAIL' ? 'Email Sent Successfully' : 'SMS Sent Successfully',
      };
    });
    ctx.deps.outbox.dispatchSoon();
    return { message: sent.message, outboxMessageId: sent.id, recipient: sent.recipient };
  },

  async reinviteParticipant({ params, query }, ctx) {
    const channel = query.invitation_type;
    const templateType: TemplateType = channel === 'email' ? 'TEST_INVITATION_EMAIL' : 'TEST_INVITATION_SMS';
    const sent = await ctx.inTenant(async (trx) => {
      const participant = await lockParticipantForInvitation(trx, params.id);
      if (!participant) throw notFound('Participant not found.');
      if (!participant.is_active)
        throw conflict('This participant is inactive and cannot be invited.', 'PARTICIPANT_INACTIVE');
      if (!INVITABLE_STATUSES.includes(participant.status)) {
        throw conflict(
          `A participant in status ${participant.status} cannot be invited again.`,
          'INVITATION_NOT_ALLOWED',
        );
      }
      const to = channel === 'email' ? participant.email?.trim() : participant.phone_number?.trim();
      if (!to) {
        throw channel === 'email'
          ? unprocessable('This participant has no e-mail address.', 'EMAIL_MISSING', [
              { field: 'email', message: 'This participant has no e-mail address.' },
            ])
          : unprocessable('This participant has no phone number.', 'PHONE_NUMBER_MISSING', [
              { field: 'phoneNumber', message: 'This participant has no phone number.' },
            ]);
      }
      if (!participant.access_code) {
        throw unprocessable('This participant has no access code yet.', 'ACCESS_CODE_MISSING', [
          { field: 'accessCode', message: 'This participant has no access code yet.' },
        ]);
      }
      const template = await findInvitationTemplate(trx, {
        projectId: participant.project_id,
        type: templateType,
        languageId: participant.participant_language_id,
      });
      if (!template) {
        throw unprocessable(
          `Save the project's ${channel === 'email' ? 'e-mail' : 'SMS'} invitation template first.`,
          'TEMPLATE_NOT_SAVED',
        );
      }
      const dialIn = await dialInNumberFor(trx, participant.project_id, participant.participant_language_id);
      const used = new Set([
        ...placeholdersIn(template.template_content),
        ...placeholdersIn(template.email_subject ?? ''),
      ]);
      if (!dialIn && used.has('dial_in_number')) {
        throw unprocessable('The project has no dial-in number configured.', 'DIAL_IN_NUMBER_MISSING');
      }
      // The job path of every invitation (ADR 0044): a one-recipient job, rendered now by the job's batch.
      const id = await inviteOneParticipantNow(
        trx,
        {
          tenantId: ctx.operatingTenant.id,
          projectId: participant.project_id,
          participantId: Number(participant.id),
          channel,
          createdBy: ctx.principal().userId,
        },
        ctx.now(),
      );
      if (id === null) throw conflict('This participant cannot be invited now.', 'INVITATION_NOT_ALLOWED');
      const status: ParticipantStatus = STATUSES_KEPT_WHEN_INVITED.includes(participant.status)
        ? participant.status
        : 'INVITATION_RESENT';
      await setParticipantStatus(trx, Number(participant.id), status, ctx.now());
      return { id, to, status, participantId: Number(participant.id) };
    });
    ctx.deps.outbox.dispatchSoon();
    return {
      message:
        channel === 'email'
          ? 'Invitation email has been sent to participant'
          : 'Invitation SMS has been sent to participant',
      outboxMessageId: sent.id,
      recipient: sent.to,
      participantId: sent.participantId,
      status: sent.status,
    };
  },
};
