import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { LocalFolderTransport, SmtpTransport, type OutboxMessage } from './transports';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that keeps what it receives, and can be told to refuse recipients. */
async function startSmtpServer({ refuse = false } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refuse) callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

const message = (overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: 7,
  channel: 'email',
  tenant_id: null,
  recipient: 'someone@example.test',
  subject: 'Reset your Voxscreen password',
  body_text: 'Open this link: http://localhost/resetPassword?token=abc',
  body_html: '<p>Open this link</p>',
  template_type: 'PASSWORD_RESET',
  status: 'queued',
  attempts: 0,
  last_error: null,
  provider_message_id: null,
  created_at: new Date('2026-11-22T10:00:00Z'),
  next_attempt_at: new Date('2026-11-22T10:00:00Z'),
  locked_until: null,
  sent_at: null,
  sms_sender: null,
  sms_provider: null,
  ...overrides,
});

test('the SMTP transport delivers subject, text and HTML from the configured sender and returns the message id', async () => {
  const smtp = await startSmtpServer();
  try {
    const transport = new SmtpTransport(smtp.url, 'Voxscreen <support@voxscreen.test>');
    const id = await transport.send(message());
    expect(id).toMatch(/^<.+>$/);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('support@voxscreen.test');
    expect(mail!.to).toEqual(['someone@example.test']);
    expect(mail!.data).toContain('Subject: Reset your Voxscreen password');
    expect(mail!.data).toContain('Open this link: http://localhost/resetPassword?token=abc');
    expect(mail!.data).toContain('text/html');
  } finally {
    await smtp.close();
  }
});

test('a refused recipient makes send throw, so the dispatcher keeps the message for another attempt', async () => {
  const smtp = await startSmtpServer({ refuse: true });
  try {
    const transport = new SmtpTransport(smtp.url, 'Voxscreen <support@voxscreen.test>');
    await expect(transport.send(message())).rejects.toThrow(/mailbox unavailable|550/);
    expect(smtp.received).toHaveLength(0);
  } finally {
    await smtp.close();
  }
});

test('the SMTP transport refuses an SMS instead of e-mailing it', async () => {
  const transport = new SmtpTransport('smtp://127.0.0.1:1', 'Voxscreen <support@voxscreen.test>');
  await expect(
    transport.send(
      message({ channel: 'sms', recipient: '+15555550100', sms_sender: 'PHONE_NUMBER', sms_provider: 'TWILIO' }),
    ),
  ).rejects.toThrow(/cannot send sms/);
});

test('the local transport keeps each message readable by the server user only (it holds live links)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'voxscreen-outbox-'));
  try {
    const folder = join(dir, 'outbox');
    expect(await new LocalFolderTransport(folder).send(message())).toBe('local:7');
    expect(statSync(join(folder, '7.json')).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
