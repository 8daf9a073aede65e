import type { Insertable } from 'kysely';
import type { Db, OutboxMessages } from '../db/schema';

export interface EmailMessage {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  templateType: string;
  /** The bodies carry a one-time credential (a set-password link): redacted once sent or given up on. */
  redactAfterSend?: boolean;
}

/**
 * Stores an e-mail in the outbox inside the caller's transaction: it is sent only if that transaction
 * commits. Call `OutboxDispatcher.dispatchSoon()` after the commit to send it without waiting for the sweep.
 */
export async function enqueueEmail(trx: Db, message: EmailMessage, now: Date): Promise<number> {
  return (await enqueueMessages(trx, [{ channel: 'email', ...message }], now))[0]!;
}

type MessageFields = Omit<Insertable<OutboxMessages>, 'created_at' | 'next_attempt_at'>;

const emailFields = (message: EmailMessage): MessageFields => ({
  channel: 'email',
  tenant_id: message.tenantId,
  recipient: message.to,
  subject: message.subject,
  body_text: message.text,
  body_html: message.html,
  template_type: message.templateType,
  redact_after_send: message.redactAfterSend ?? false,
});

export interface SmsMessage {
  tenantId: number | null;
  to: string;
  text: string;
  templateType: string;
  /** Sender type and provider of the template (docs/product/communication-templates.md#sms-form); kept with the message for the SMS provider adapter. */
  sender: NonNullable<OutboxMessages['sms_sender']>;
  provider: string;
}

/** Stores an SMS in the outbox inside the caller's transaction, like enqueueEmail. */
export async function enqueueSms(trx: Db, message: SmsMessage, now: Date): Promise<number> {
  return (await enqueueMessages(trx, [{ channel: 'sms', ...message }], now))[0]!;
}

const smsFields = (message: SmsMessage): MessageFields => ({
  channel: 'sms',
  tenant_id: message.tenantId,
  recipient: message.to,
  subject: null,
  body_text: message.text,
  body_html: null,
  template_type: message.templateType,
  sms_sender: message.sender,
  sms_provider: message.provider,
});

export type NewOutboxMessage = ({ channel: 'email' } & EmailMessage) | ({ channel: 'sms' } & SmsMessage);

/**
 * The one insert of both channels: messages due at once, many in one statement (a bulk invitation's batch, ADR
 * 0104). Returns their outbox ids in the order given: an identity column numbers a multi-row insert's rows in
 * the order of its values, so the ids sorted ascending are that order.
 */
export async function enqueueMessages(trx: Db, messages: readonly NewOutboxMessage[], now: Date): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await trx
    .insertInto('outbox_messages')
    .values(
      messages.map((m) => ({
        ...(m.channel === 'email' ? emailFields(m) : smsFields(m)),
        created_at: now,
        next_attempt_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}
