import type { operations } from '../../../contracts/participant-service';
import { unprocessable } from '../../platform/http/http-error';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { findProject, findTemplate, requireProjectLanguage } from '../project-service/communication/template-store';
import { dialInNumberFor } from '../project-service/lookups/language-config-store';
import { enqueueInvitation } from './invitation-message';

type TestMessageHandlers = Pick<ServiceHandlers<operations>, 'sendTestMessage'>;

/**
 * Sample values a test message is filled with where the project has no real one: the tester's own name and
 * the project's name and dial-in number are real, the access code and IRN recognisable samples.
 */
const SAMPLE_VALUES = { access_code: '123-456-789', dial_in_number: '+1 800 555 0100', interview_ref_num: 'TEST-000001' };

export const testMessageHandlers: TestMessageHandlers = {
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
      const id = await enqueueInvitation(trx, { tenantId: ctx.operatingTenant.id, template, values, to, templateType: type }, ctx.now());
      return { id, recipient: to, message: type === 'TEST_INVITATION_EMAIL' ? 'Email Sent Successfully' : 'SMS Sent Successfully' };
    });
    ctx.deps.outbox.dispatchSoon();
    return { message: sent.message, outboxMessageId: sent.id, recipient: sent.recipient };
  },
};
