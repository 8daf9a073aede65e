import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOUR, MINUTE } from '../../../platform/clock';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from '../../../seed/demo-data';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { INVALID_RESET_TOKEN_MESSAGE, RESET_REQUESTED_MESSAGE } from './password-reset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVALID_TOKEN = { code: 'INVALID_RESET_TOKEN', message: 'This password reset link is invalid or has expired.' };

async function outboxFor(recipient: string) {
  return withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute(),
  );
}

/** Requests a reset and returns the token from the e-mailed link. */
async function requestReset(email: string): Promise<string> {
  const before = (await t.sentTo(email)).length;
  expect(await t.api.ok('requestPasswordReset', { body: { email } })).toEqual({ message: RESET_REQUESTED_MESSAGE });
  const messages = await t.sentTo(email);
  expect(messages).toHaveLength(before + 1);
  const link = /http:\/\/voxscreen\.test\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(messages.at(-1)!.body_text);
  expect(link).not.toBeNull();
  return link![1]!;
}

test('a reset e-mails a one-time link through the outbox; the token sets a new password once', async () => {
  const email = 'analyst@acme.test';
  const session = await t.signIn(email);
  const token = await requestReset(email);

  const [message] = (await t.sentTo(email)).slice(-1);
  expect(message).toMatchObject({
    channel: 'email',
    subject: 'Reset your Voxscreen password',
    template_type: 'PASSWORD_RESET',
    tenant_id: await t.tenantId('Acme Insurance'),
  });
  expect(message!.body_html).toContain(`href="http://voxscreen.test/resetPassword?token=${token}"`);
  const stored = await withSystem(t.db, (trx) =>
    trx.selectFrom('password_reset_tokens').select('token_hash').execute(),
  );
  expect(stored.map((s) => s.token_hash)).not.toContain(token);

  expect(await t.api.ok('confirmPasswordReset', { body: { token, password: 'n3w-Passw0rd' } })).toEqual({
    message: 'Your password has been changed. Please sign in with your new password.',
  });
  expect((await t.api.call('userLogin', { body: { email, password: DEMO_PASSWORD } })).status).toBe(401);
  expect((await t.api.call('userLogin', { body: { email, password: 'n3w-Passw0rd' } })).status).toBe(200);
  expect((await t.api.call('getUserInfo', { token: session })).status).toBe(401);

  expect(await t.api.fails('confirmPasswordReset', 422, { body: { token, password: 'an0ther-Passw0rd' } })).toEqual(
    INVALID_TOKEN,
  );

  const audit = await withSystem(t.db, (trx) =>
    trx.selectFrom('audit_events').select('activity').where('email', '=', email).execute(),
  );
  expect(audit.map((a) => a.activity)).toEqual(expect.arrayContaining(['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET']));
});

test('a link expires after one hour', async () => {
  const token = await requestReset('agent@acme.test');
  const start = t.clock.now();
  try {
    t.clock.advance(HOUR + 1000);
    expect(await t.api.fails('confirmPasswordReset', 422, { body: { token, password: 'n3w-Passw0rd' } })).toEqual(
      INVALID_TOKEN,
    );
  } finally {
    t.clock.set(start);
  }
  t.clock.advance(59 * MINUTE);
  expect((await t.api.call('confirmPasswordReset', { body: { token, password: 'n3w-Passw0rd' } })).status).toBe(200);
});

test('an unknown token is refused', async () => {
  expect(
    await t.api.fails('confirmPasswordReset', 422, { body: { token: 'not-a-token', password: 'n3w-Passw0rd' } }),
  ).toEqual(INVALID_TOKEN);
  expect(INVALID_RESET_TOKEN_MESSAGE).toBe(INVALID_TOKEN.message);
});

test('the new password needs 8 characters with a letter and a digit; a refused one does not use up the link', async () => {
  const token = await requestReset('admin@voxscreen.test');
  for (const weak of ['short1a', 'onlyletters', '1234567890']) {
    expect(await t.api.fails('confirmPasswordReset', 422, { body: { token, password: weak } })).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Password must be at least 8 characters and contain a letter and a digit.',
      errors: [
        { field: 'password', message: 'Password must be at least 8 characters and contain a letter and a digit.' },
      ],
    });
  }
  expect((await t.api.call('confirmPasswordReset', { body: { token, password: 'g00d-enough' } })).status).toBe(200);
});

test('an unknown address gets the same answer and no e-mail', async () => {
  const before = await withSystem(t.db, (trx) => trx.selectFrom('outbox_messages').select('id').execute());
  expect(await t.api.ok('requestPasswordReset', { body: { email: 'ghost@nowhere.test' } })).toEqual({
    message: RESET_REQUESTED_MESSAGE,
  });
  const after = await withSystem(t.db, (trx) => trx.selectFrom('outbox_messages').select('id').execute());
  expect(after).toHaveLength(before.length);
});

test('the e-mail address is matched lower-cased', async () => {
  const before = (await outboxFor('dual@globex.test')).length;
  await t.api.ok('requestPasswordReset', { body: { email: ' DUAL@Globex.test' } });
  expect(await outboxFor('dual@globex.test')).toHaveLength(before + 1);
});

test('more than three requests within an hour send no further e-mail, with the same answer', async () => {
  const email = 'support@voxscreen.test';
  for (let i = 0; i < 3; i += 1) await requestReset(email);
  const count = (await outboxFor(email)).length;
  expect(await t.api.ok('requestPasswordReset', { body: { email } })).toEqual({ message: RESET_REQUESTED_MESSAGE });
  expect(await outboxFor(email)).toHaveLength(count);
});

test('a newer link replaces the older ones, and a password set through it leaves no link usable', async () => {
  const email = 'admin@acme.test';
  const first = await requestReset(email);
  const second = await requestReset(email);
  expect(await t.api.fails('confirmPasswordReset', 422, { body: { token: first, password: 'n3w-Passw0rd' } })).toEqual(
    INVALID_TOKEN,
  );
  expect((await t.api.call('confirmPasswordReset', { body: { token: second, password: 'n3w-Passw0rd' } })).status).toBe(
    200,
  );
  const unused = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('password_reset_tokens')
      .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
      .select('password_reset_tokens.id')
      .where('users.email', '=', email)
      .where('used_at', 'is', null)
      .execute(),
  );
  expect(unused).toEqual([]);
});

test('once sent, the outbox row keeps the e-mail with its link redacted', async () => {
  const email = 'agent@acme.test';
  const token = await requestReset(email);
  const [row] = (await outboxFor(email)).slice(-1);
  expect(row).toMatchObject({ status: 'sent', redact_after_send: true });
  expect(row!.body_text).toContain('http://voxscreen.test/resetPassword?token=[redacted]');
  expect(row!.body_html).toContain('href="http://voxscreen.test/resetPassword?token=[redacted]"');
  expect(JSON.stringify(row)).not.toContain(token);
  const file = readFileSync(join(t.dataDir, 'outbox', `${row!.id}.json`), 'utf8');
  expect(file).toContain('token=[redacted]');
  expect(file).not.toContain(token);
});

test('the outbox sends the e-mail after the commit with the local transport', async () => {
  await requestReset('nobody@voxscreen.test');
  await t.app.close(); // waits for the dispatch in flight
  const [message] = (await outboxFor('nobody@voxscreen.test')).slice(-1);
  expect(message).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: `local:${message!.id}` });
});
