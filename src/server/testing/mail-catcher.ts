import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the catcher received it, in the shape of an outbox row (what tests read). */
export interface CaughtMail {
  /** The sender's outbox id (X-Voxscreen-Outbox-Id), so the newest is the highest. */
  id: number;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  template_type: string;
  created_at: string;
}

export interface MailCatcher {
  url: string;
  port: number;
  received: CaughtMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that parses and keeps every message it receives (and writes each to
 * `folder/<id>.json`, 0600, when given): where tests and developers receive set-password links, which the
 * outbox itself never keeps readable once sent. `refuse` makes it answer 550 to every recipient.
 */
export async function startMailCatcher(options: { folder?: string; refuse?: boolean } = {}): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  if (options.folder) mkdirSync(options.folder, { recursive: true, mode: 0o700 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (options.refuse) callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const header = (name: string) => {
            const value = parsed.headers.get(name);
            return typeof value === 'string' ? value : '';
          };
          for (const to of session.envelope.rcptTo) {
            const mail: CaughtMail = {
              id: Number(header('x-voxscreen-outbox-id')) || received.length + 1,
              recipient: to.address,
              subject: parsed.subject ?? null,
              body_text: parsed.text ?? '',
              body_html: typeof parsed.html === 'string' ? parsed.html : null,
              template_type: header('x-voxscreen-template'),
              created_at: new Date().toISOString(),
            };
            received.push(mail);
            if (options.folder) {
              const file = join(options.folder, `${mail.id}-${received.length}.json`);
              writeFileSync(file, `${JSON.stringify(mail, null, 2)}\n`, { mode: 0o600 });
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
