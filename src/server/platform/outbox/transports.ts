import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import net from 'node:net';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { EgressPolicy } from '../egress/egress-policy';
import type { Selectable } from 'kysely';
import type { OutboxMessages } from '../db/schema';
import { redactedBodies } from './redacted-bodies';

export type OutboxMessage = Selectable<OutboxMessages>;

export interface Transport {
  readonly name: string;
  /** Delivers one message; resolves to the provider's message id, throws when delivery failed. */
  send(message: OutboxMessage): Promise<string>;
  /**
   * The delivery events the transport knows of right after a successful send (the tracking tabs read them from
   * outbox_delivery_events); without it the dispatcher records one `sent` event.
   */
  deliveryEvents?(message: OutboxMessage): DeliveryEvent[];
}

/** A tracking event of an outbox message (e-mail: processed, delivered, bounce; SMS: queued, sent, delivered). */
export interface DeliveryEvent {
  event: string;
  data?: Record<string, unknown>;
}

/**
 * Default transport: writes each message as JSON to a folder, where developers can read it. A message carrying a
 * one-time credential is written with the credential redacted (it is not delivered to anyone: use SMTP_URL, e.g.
 * `npm run mail-catcher`, to receive set-password links locally).
 */
export class LocalFolderTransport implements Transport {
  readonly name = 'local';

  /** The folder made once, not once per message (ADR 0144); made again if it went away. */
  #folderMade: Promise<unknown> | null = null;

  constructor(private readonly folder: string) {}

  async send(message: OutboxMessage): Promise<string> {
    const file = join(this.folder, `${message.id}.json`);
    const { locked_until: _lock, ...fields } = message;
    const stored = { ...fields, ...(message.redact_after_send && redactedBodies(message)) };
    const text = `${JSON.stringify(stored, null, 2)}\n`;
    await this.#makeFolder();
    try {
      await writeFile(file, text, { mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#folderMade = null;
      await this.#makeFolder();
      await writeFile(file, text, { mode: 0o600 });
    }
    return `local:${message.id}`;
  }

  #makeFolder(): Promise<unknown> {
    // Messages hold personal data: readable by the server's user only (issue 11).
    this.#folderMade ??= mkdir(this.folder, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      this.#folderMade = null;
      throw error;
    });
    return this.#folderMade;
  }

  /** The local transport delivers at once: it reports what a provider's webhook would (ADR 0044). */
  deliveryEvents(message: OutboxMessage): DeliveryEvent[] {
    const data = { transport: 'local', recipient: message.recipient };
    return message.channel === 'email'
      ? [
          { event: 'processed', data },
          { event: 'delivered', data },
        ]
      : [
          { event: 'queued', data },
          { event: 'sent', data },
          { event: 'delivered', data },
        ];
  }
}

/**
 * nodemailer's hook for the connection: resolved and checked by the egress policy, a TCP connection to the checked
 * address; nodemailer then speaks SMTP over it and starts TLS as the URL says, with the relay's name for SNI.
 */
function relaySocket(policy: EgressPolicy) {
  return (
    options: SMTPTransport.Options,
    callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
  ) => {
    const host = options.host ?? 'localhost';
    const port = options.port ?? (options.secure ? 465 : 587);
    policy.resolve(host).then(
      ({ address, family }) => {
        const connection = net.connect({ host: address, port, family });
        const failed = (error: Error) => callback(error);
        connection.once('error', failed);
        connection.once('connect', () => {
          connection.off('error', failed); // from here on nodemailer handles the socket's errors
          callback(null, { connection });
        });
      },
      (error: Error) => callback(error),
    );
  };
}

export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  readonly #mailer: nodemailer.Transporter;

  /** `policy`: where the relay may be (ADR 0069); the relay's address is checked and connected to as checked. */
  constructor(
    url: string,
    private readonly from: string,
    policy: EgressPolicy = new EgressPolicy(),
  ) {
    // The transport object itself: createTransport({ url }) would parse the URL and drop getSocket.
    this.#mailer = nodemailer.createTransport(
      new SMTPTransport({ url, getSocket: relaySocket(policy) } as SMTPTransport.Options),
    );
  }

  async send(message: OutboxMessage): Promise<string> {
    if (message.channel !== 'email') throw new Error(`The SMTP transport cannot send ${message.channel}`);
    const info = await this.#mailer.sendMail({
      from: this.from,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body_text,
      ...(message.body_html && { html: message.body_html }),
      // Lets the receiving side (mail rules, the test catcher) tell messages apart without parsing the text.
      headers: { 'X-Voxscreen-Template': message.template_type, 'X-Voxscreen-Outbox-Id': String(message.id) },
    });
    return String(info.messageId);
  }
}

/**
 * Sends each channel through its own transport: e-mail through SMTP when configured, SMS through the local
 * folder until an SMS provider adapter is configured (none can be reached from here).
 */
export class ChannelTransport implements Transport {
  readonly name: string;

  constructor(private readonly byChannel: { email: Transport; sms: Transport }) {
    this.name = `email:${byChannel.email.name},sms:${byChannel.sms.name}`;
  }

  send(message: OutboxMessage): Promise<string> {
    return this.byChannel[message.channel].send(message);
  }

  deliveryEvents(message: OutboxMessage): DeliveryEvent[] {
    const transport = this.byChannel[message.channel];
    return transport.deliveryEvents?.(message) ?? [{ event: 'sent' }];
  }
}
