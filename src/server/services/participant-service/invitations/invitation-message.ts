import type { Db } from '../../../platform/db/schema';
import { enqueueEmail, enqueueSms } from '../../../platform/outbox/enqueue-message';
import { escapeHtml } from '../../../platform/outbox/escape-html';
import { fillPlaceholders, visibleText } from '../../../../shared/template-rules';
import type { StoredTemplate } from '../../project-service';

/**
 * Fills a saved invitation template (e-mail: subject and HTML body with escaped values, plus a text part; SMS:
 * the text) and queues it in the outbox in the caller's transaction. Returns the outbox id.
 */
export async function enqueueInvitation(
  trx: Db,
  message: {
    tenantId: number;
    template: StoredTemplate;
    values: Record<string, string>;
    to: string;
    templateType: string;
  },
  now: Date,
): Promise<number> {
  const { template, values } = message;
  if (template.template_type === 'TEST_INVITATION_EMAIL') {
    const html = fillPlaceholders(template.template_content, values, escapeHtml);
    return enqueueEmail(
      trx,
      {
        tenantId: message.tenantId,
        to: message.to,
        subject: fillPlaceholders(template.email_subject ?? '', values),
        html,
        text: visibleText(html.replace(/<\/(p|div|li|h[1-3])>|<br\s*\/?>/gi, '\n')),
        templateType: message.templateType,
      },
      now,
    );
  }
  return enqueueSms(
    trx,
    {
      tenantId: message.tenantId,
      to: message.to,
      text: fillPlaceholders(template.template_content, values),
      templateType: message.templateType,
      sender: template.sms_sender ?? 'PHONE_NUMBER',
      provider: template.sms_provider ?? '',
    },
    now,
  );
}
