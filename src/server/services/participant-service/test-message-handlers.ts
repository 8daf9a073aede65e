import type { operations } from '../../../contracts/participant-service';
import { unprocessable } from '../../platform/http/http-error';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { enqueueEmail, enqueueSms } from '../../platform/outbox/enqueue-message';
import { escapeHtml } from '../../platform/outbox/escape-html';
import { fillPlaceholders, visibleText } from '../../../shared/template-rules';
import { findProject, findTemplate, requireProjectLanguage } from '../project-service/communication/template-store';

type TestMessageHandlers = Pick<ServiceHandlers<operations>, 'sendTestMessage'>;

/** Sample values a test message is filled with: the tester's own name, the project, and recognisable samples. */
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
      const values = { ...SAMPLE_VALUES, first_name: principal.firstName, last_name: principal.lastName, project_name: project.name };
      if (type === 'TEST_INVITATION_EMAIL') {
        const html = fillPlaceholders(template.template_content, values, escapeHtml);
        const id = await enqueueEmail(
          trx,
          {
            tenantId: ctx.operatingTenant.id,
            to: principal.email,
            subject: fillPlaceholders(template.email_subject ?? '', values),
            html,
            text: visibleText(html.replace(/<\/(p|div|li|h[1-3])>|<br\s*\/?>/gi, '\n')),
            templateType: type,
          },
          ctx.now(),
        );
        return { id, recipient: principal.email, message: 'Email Sent Successfully' };
      }
      if (!principal.phoneNumber) {
        throw unprocessable('Add a phone number to your profile to receive a test SMS.', 'PHONE_NUMBER_MISSING');
      }
      const id = await enqueueSms(
        trx,
        {
          tenantId: ctx.operatingTenant.id,
          to: principal.phoneNumber,
          text: fillPlaceholders(template.template_content, values),
          templateType: type,
          sender: template.sms_sender ?? 'PHONE_NUMBER',
          provider: template.sms_provider ?? '',
        },
        ctx.now(),
      );
      return { id, recipient: principal.phoneNumber, message: 'SMS Sent Successfully' };
    });
    ctx.deps.outbox.dispatchSoon();
    return { message: sent.message, outboxMessageId: sent.id, recipient: sent.recipient };
  },
};
