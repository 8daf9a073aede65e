import type { operations } from '../../../contracts/participant-service';
import type { ParticipantStatus } from '../../platform/db/schema';
import { HttpError, notFound, unprocessable } from '../../platform/http/http-error';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { placeholdersIn, type TemplateType } from '../../../shared/template-rules';
import { findInvitationTemplate } from '../project-service/communication/template-store';
import { dialInNumberFor } from '../project-service/lookups/language-config-store';
import { enqueueInvitation } from './invitation-message';

type ReinviteHandlers = Pick<ServiceHandlers<operations>, 'reinviteParticipant'>;

/** Statuses whose row offers the send-email / send-SMS action (001 §4). */
export const INVITABLE_STATUSES: readonly ParticipantStatus[] = [
  'INVITATION_SENT',
  'INVITATION_RESENT',
  'NEW_PARTICIPANT',
  'ATTEMPTED_INCOMPLETE',
  'INVITATION_SCHEDULED',
  'ATTEMPTED_PARTIAL',
  'UNDELIVERED',
];
/** A call attempt says more than an invitation: these keep their status when invited again. */
const KEPT_STATUSES: readonly ParticipantStatus[] = ['ATTEMPTED_INCOMPLETE', 'ATTEMPTED_PARTIAL'];

const conflict = (message: string, code: string) => new HttpError(409, message, { code });

export const reinviteHandlers: ReinviteHandlers = {
  async reinviteParticipant({ params, query }, ctx) {
    const channel = query.invitation_type;
    const templateType: TemplateType = channel === 'email' ? 'TEST_INVITATION_EMAIL' : 'TEST_INVITATION_SMS';
    const sent = await ctx.inTenant(async (trx) => {
      const participant = await trx
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
        .where('pa.id', '=', params.id)
        .forUpdate('pa')
        .executeTakeFirst();
      if (!participant) throw notFound('Participant not found.');
      if (!participant.is_active) throw conflict('This participant is inactive and cannot be invited.', 'PARTICIPANT_INACTIVE');
      if (!INVITABLE_STATUSES.includes(participant.status)) {
        throw conflict(`A participant in status ${participant.status} cannot be invited again.`, 'INVITATION_NOT_ALLOWED');
      }
      const to = channel === 'email' ? participant.email?.trim() : participant.phone_number?.trim();
      if (!to) {
        throw channel === 'email'
          ? unprocessable('This participant has no e-mail address.', 'EMAIL_MISSING', [{ field: 'email', message: 'This participant has no e-mail address.' }])
          : unprocessable('This participant has no phone number.', 'PHONE_NUMBER_MISSING', [{ field: 'phoneNumber', message: 'This participant has no phone number.' }]);
      }
      if (!participant.access_code) {
        throw unprocessable('This participant has no access code yet.', 'ACCESS_CODE_MISSING', [{ field: 'accessCode', message: 'This participant has no access code yet.' }]);
      }
      const template = await findInvitationTemplate(trx, {
        projectId: participant.project_id,
        type: templateType,
        languageId: participant.participant_language_id,
      });
      if (!template) {
        throw unprocessable(`Save the project's ${channel === 'email' ? 'e-mail' : 'SMS'} invitation template first.`, 'TEMPLATE_NOT_SAVED');
      }
      const dialIn = await dialInNumberFor(trx, participant.project_id, participant.participant_language_id);
      const used = new Set([...placeholdersIn(template.template_content), ...placeholdersIn(template.email_subject ?? '')]);
      if (!dialIn && used.has('dial_in_number')) {
        throw unprocessable('The project has no dial-in number configured.', 'DIAL_IN_NUMBER_MISSING');
      }
      const values = {
        first_name: participant.first_name ?? '',
        last_name: participant.last_name ?? '',
        project_name: participant.project_name,
        access_code: participant.access_code,
        interview_ref_num: participant.interview_ref_num ?? '',
        dial_in_number: dialIn ?? '',
      };
      const id = await enqueueInvitation(trx, { tenantId: ctx.operatingTenant.id, template, values, to, templateType }, ctx.now());
      const status: ParticipantStatus = KEPT_STATUSES.includes(participant.status) ? participant.status : 'INVITATION_RESENT';
      await trx.updateTable('participants').set({ status, updated_at: ctx.now() }).where('id', '=', participant.id).execute();
      return { id, to, status, participantId: Number(participant.id) };
    });
    ctx.deps.outbox.dispatchSoon();
    return {
      message: channel === 'email' ? 'Invitation email has been sent to participant' : 'Invitation SMS has been sent to participant',
      outboxMessageId: sent.id,
      recipient: sent.to,
      participantId: sent.participantId,
      status: sent.status,
    };
  },
};
