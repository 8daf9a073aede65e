import type { Db } from '../db/schema';

export interface EmailMessage {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  templateType: string;
}

/**
 * Stores an e-mail in the outbox inside the caller's transaction: it is sent only if that transaction
 * commits. Call `OutboxDispatcher.dispatchSoon()` after the commit to send it without waiting for the sweep.
 */
export async function enqueueEmail(trx: Db, message: EmailMessage, now: Date): Promise<number> {
  const row = await trx
    .insertInto('outbox_messages')
    .values({
      channel: 'email',
      tenant_id: message.tenantId,
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html,
      template_type: message.templateType,
      created_at: now,
      next_attempt_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
