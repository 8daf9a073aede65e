import { sql, type Insertable } from 'kysely';
import { GENERIC_PLAN } from '../db/pglite-dialect';
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
 * 0104), one array a column through `unnest`, so its text and plan do not change with the batch's size (ADR 0227).
 * Returns their outbox ids in the order given: the rows are inserted in that order (ORDER BY the ordinality), and an
 * identity column numbers them as they come, so the ids sorted ascending are that order.
 */
export async function enqueueMessages(trx: Db, messages: readonly NewOutboxMessage[], now: Date): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((m) => (m.channel === 'email' ? emailFields(m) : smsFields(m)));
  const column = <K extends keyof MessageFields>(key: K) => rows.map((row) => row[key] ?? null);
  const { rows: inserted } = await sql<{ id: string }>`${sql.raw(GENERIC_PLAN)}
    INSERT INTO outbox_messages (channel, tenant_id, recipient, subject, body_text, body_html, template_type,
                                 redact_after_send, sms_sender, sms_provider, created_at, next_attempt_at)
    SELECT m.channel, m.tenant_id, m.recipient, m.subject, m.body_text, m.body_html, m.template_type,
           coalesce(m.redact_after_send, false), m.sms_sender, m.sms_provider, ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${column('channel')}::text[], ${column('tenant_id')}::int[], ${column('recipient')}::text[],
                ${column('subject')}::text[], ${column('body_text')}::text[], ${column('body_html')}::text[],
                ${column('template_type')}::text[], ${column('redact_after_send')}::boolean[],
                ${column('sms_sender')}::text[], ${column('sms_provider')}::text[])
      WITH ORDINALITY AS m(channel, tenant_id, recipient, subject, body_text, body_html, template_type,
                           redact_after_send, sms_sender, sms_provider, n)
    ORDER BY m.n
    RETURNING id`.execute(trx);
  return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
}
