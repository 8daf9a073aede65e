import type { Db } from '../../../platform/db/schema';
import { enqueueMessages, type NewOutboxMessage } from '../../../platform/outbox/enqueue-message';
import { escapeHtml } from '../../../platform/outbox/escape-html';
import { fillPlaceholders, visibleText } from '../../../../shared/template-rules';
import type { StoredTemplate } from '../../project-service';

export interface InvitationInput {
  tenantId: number;
  template: StoredTemplate;
  values: Record<string, string>;
  to: string;
  templateType: string;
}

/**
 * A saved invitation template filled for one participant: e-mail, the subject and an HTML body with escaped values
 * plus a text part; SMS, the text.
 */
export function invitationMessage(message: InvitationInput): NewOutboxMessage {
  const { template, values } = message;
  if (template.template_type === 'TEST_INVITATION_EMAIL') {
    const html = fillPlaceholders(template.template_content, values, escapeHtml);
    return {
      channel: 'email',
      tenantId: message.tenantId,
      to: message.to,
      subject: fillPlaceholders(template.email_subject ?? '', values),
      html,
      text: visibleText(html.replace(/<\/(p|div|li|h[1-3])>|<br\s*\/?>/gi, '\n')),
      templateType: message.templateType,
    };
  }
  return {
    channel: 'sms',
    tenantId: message.tenantId,
    to: message.to,
    text: fillPlaceholders(template.template_content, values),
    templateType: message.templateType,
    sender: template.sms_sender ?? 'PHONE_NUMBER',
    provider: template.sms_provider ?? '',
  };
}

/** Fills an invitation (invitationMessage) and queues it in the outbox in the caller's transaction; its outbox id. */
export async function enqueueInvitation(trx: Db, message: InvitationInput, now: Date): Promise<number> {
  const [id] = await enqueueMessages(trx, [invitationMessage(message)], now);
  return id!;
}
