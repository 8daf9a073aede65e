import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailCatcher } from '../../testing/mail-catcher';
import { EgressPolicy } from '../egress/egress-policy';
import { LocalFolderTransport, SmtpTransport, type OutboxMessage } from './transports';

/** The catcher listens on loopback, which the egress policy allows only when told to (ADR 0069). */
const loopback = new EgressPolicy(['127.0.0.0/8']);

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
  redact_after_send: false,
  ...overrides,
});

test('the SMTP transport delivers subject, text and HTML with the template and outbox id, and returns the message id', async () => {
  const smtp = await startMailCatcher();
  try {
    const transport = new SmtpTransport(smtp.url, 'Voxscreen <support@voxscreen.test>', loopback);
    const id = await transport.send(message());
    expect(id).toMatch(/^<.+>$/);
    expect(smtp.received).toEqual([
      expect.objectContaining({
        id: 7,
        recipient: 'someone@example.test',
        subject: 'Reset your Voxscreen password',
        body_text: 'Open this link: http://localhost/resetPassword?token=abc',
        body_html: '<p>Open this link</p>',
        template_type: 'PASSWORD_RESET',
      }),
    ]);
  } finally {
    await smtp.close();
  }
});

test('a refused recipient makes send throw, so the dispatcher keeps the message for another attempt', async () => {
  const smtp = await startMailCatcher({ refuse: true });
  try {
    const transport = new SmtpTransport(smtp.url, 'Voxscreen <support@voxscreen.test>', loopback);
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

test('the local transport keeps each message readable by the server user only', async () => {
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

test('the local transport makes its folder once, and again when the folder went away (ADR 0144)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'voxscreen-outbox-'));
  try {
    const folder = join(dir, 'outbox');
    const transport = new LocalFolderTransport(folder);
    await Promise.all([transport.send(message()), transport.send(message({ id: 8 }))]);
    rmSync(folder, { recursive: true });
    expect(await transport.send(message({ id: 9 }))).toBe('local:9');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(join(folder, '9.json'), 'utf8'))).toMatchObject({ id: 9 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the local transport writes a message carrying a set-password link with the link redacted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'voxscreen-outbox-'));
  try {
    const transport = new LocalFolderTransport(dir);
    const html = '<a href="http://localhost/resetPassword?token=abc">Set password</a>';
    await transport.send(message({ redact_after_send: true, body_html: html }));
    const written = readFileSync(join(dir, '7.json'), 'utf8');
    expect(written).not.toContain('token=abc');
    expect(JSON.parse(written)).toMatchObject({
      body_text: 'Open this link: http://localhost/resetPassword?token=[redacted]',
      body_html: '<a href="http://localhost/resetPassword?token=[redacted]">Set password</a>',
    });
    await transport.send(message({ id: 8 }));
    expect(readFileSync(join(dir, '8.json'), 'utf8')).toContain('token=abc');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Issue 26 finding 2: SMTP is an outbound connection like any other.
test('a relay on an address the egress policy refuses is not connected to', async () => {
  const smtp = await startMailCatcher();
  try {
    const refused = new SmtpTransport(smtp.url, 'Voxscreen <support@voxscreen.test>', new EgressPolicy());
    await expect(refused.send(message())).rejects.toThrow(/loopback address/);
    const numeric = new SmtpTransport(
      `smtp://2130706433:${smtp.port}`,
      'Voxscreen <support@voxscreen.test>',
      new EgressPolicy(),
    );
    await expect(numeric.send(message())).rejects.toThrow(/loopback address/);
    expect(smtp.received).toHaveLength(0);
  } finally {
    await smtp.close();
  }
});
