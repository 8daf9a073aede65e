/** The Secrets tab's operations and the rotation grace (docs/product/admin-clients-and-secrets.md#secrets, ADR 0023). */
import { createHmac } from 'node:crypto';
import { TenantSecretCipher } from '../../../platform/secrets/tenant-secret-cipher';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createUnprivilegedUser } from '../../../testing/create-unprivileged-user';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  reencryptTenantSecrets,
  signWebhookPayload,
  signWithTenantSecret,
  verifyWithTenantSecrets,
} from './tenant-secrets';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;
let analyst: SignedIn;
let cipher: TenantSecretCipher;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, globexAdmin, analyst] = await t.signInAs('admin@acme.test', 'dual@globex.test', 'analyst@acme.test');
  cipher = TenantSecretCipher.fromConfig(t.config);
});
afterAll(() => t.close());

const asAcme = () => ({ token: acmeAdmin, operatingTenant: acme });
const everything = () =>
  withSystem(t.db, async (trx) => ({
    secrets: await trx.selectFrom('tenant_secrets').selectAll().orderBy('id').execute(),
    values: await trx.selectFrom('tenant_secret_values').selectAll().orderBy('id').execute(),
  }));
const create = (name: string, kind: 'WEBHOOK_SIGNING_KEY' | 'CALLBACK_API_KEY' = 'WEBHOOK_SIGNING_KEY', extra = {}) =>
  t.api.ok('createTenantSecret', { ...asAcme(), body: { name, kind, ...extra } });
const hmac = (value: string, payload: string) => createHmac('sha256', value).update(payload).digest('hex');

test('the seed gives each customer tenant demo secrets, listed masked', async () => {
  const listed = await t.api.ok('listTenantSecrets', asAcme());
  expect(listed.map((s) => s.name)).toEqual(['CRM callback API key', 'Result webhook signing key']);
  for (const secret of listed) expect(secret.maskedValue).toMatch(/^••••••••[\x21-\x7e]{4}$/);
});

test('create: the value is shown once, stored encrypted, masked afterwards; never in another answer', async () => {
  const { secret, value } = await create('Results webhook', 'WEBHOOK_SIGNING_KEY', { gracePeriodSeconds: 3600 });
  expect(value).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  expect(secret).toMatchObject({ name: 'Results webhook', version: 1, gracePeriodSeconds: 3600, rotatedAt: null });
  expect(secret.maskedValue).toBe(`••••••••${value.slice(-4)}`);
  const stored = await everything();
  expect(JSON.stringify(stored)).not.toContain(value);
  expect(JSON.stringify(stored)).not.toContain(value.slice(6, 30));
  const listed = await t.api.call('listTenantSecrets', asAcme());
  expect(JSON.stringify(listed.body)).not.toContain(value);
  const trail = await withSystem(t.db, (trx) =>
    trx.selectFrom('audit_events').selectAll().where('activity', 'like', 'SECRET_%').execute(),
  );
  expect(trail.at(-1)).toMatchObject({ activity: 'SECRET_CREATED', tenant_id: acme, email: 'admin@acme.test' });
  expect(JSON.stringify(trail)).not.toContain(value);
});

test('create: a callback API key may be given; a webhook key may not; bad values and names refused, nothing stored', async () => {
  const given = await create('CRM key', 'CALLBACK_API_KEY', { value: 'crm-issued-key-0123456789' });
  expect(given.value).toBe('crm-issued-key-0123456789');
  const before = await everything();
  const refusals: [number, Record<string, unknown>][] = [
    [422, { name: 'W', kind: 'WEBHOOK_SIGNING_KEY', value: 'my-own-webhook-key-123456' }],
    [422, { name: 'Short', kind: 'CALLBACK_API_KEY', value: 'short' }],
    [422, { name: 'Spaces', kind: 'CALLBACK_API_KEY', value: 'has spaces in it 0123456789' }],
    [422, { name: '  ', kind: 'CALLBACK_API_KEY' }],
    [409, { name: 'crm KEY', kind: 'CALLBACK_API_KEY' }],
    [400, { name: 'Other', kind: 'SSH_KEY' }],
    [400, { name: 'Long grace', kind: 'CALLBACK_API_KEY', gracePeriodSeconds: 2592001 }],
  ];
  for (const [status, body] of refusals) await t.api.fails('createTenantSecret', status, { ...asAcme(), body });
  expect(await everything()).toEqual(before);
});

test('rotate: a new value shown once; the old one verifies during the grace period, then no more', async () => {
  const { secret, value: first } = await create('Rotating', 'WEBHOOK_SIGNING_KEY', { gracePeriodSeconds: 600 });
  const payload = '{"event":"result.created"}';
  const oldSignature = hmac(first, payload);
  const rotated = await t.api.ok('rotateTenantSecret', { ...asAcme(), params: { id: secret.id }, body: {} });
  expect(rotated.value).not.toBe(first);
  expect(rotated.secret).toMatchObject({ version: 2, maskedValue: `••••••••${rotated.value.slice(-4)}` });
  expect(rotated.secret.previousValidUntil).toBe(new Date(t.clock.now().getTime() + 600_000).toISOString());
  const listed = (await t.api.ok('listTenantSecrets', asAcme())).find((s) => s.id === secret.id)!;
  expect(listed).toMatchObject({ version: 2, previousValidUntil: rotated.secret.previousValidUntil });

  const verify = (signature: string) =>
    withTenant(t.db, acme, (trx) =>
      verifyWithTenantSecrets(trx, cipher, { secretId: secret.id, payload, signature, now: t.clock.now() }),
    );
  expect(await verify(oldSignature)).toEqual({ valid: true, version: 1 });
  expect(await verify(hmac(rotated.value, payload))).toEqual({ valid: true, version: 2 });
  expect(await verify(hmac('whsec_somebody-else', payload))).toEqual({ valid: false, version: null });
  const signed = await withTenant(t.db, acme, (trx) =>
    signWithTenantSecret(trx, cipher, { secretId: secret.id, payload, now: t.clock.now() }),
  );
  expect(signed).toEqual({ signature: hmac(rotated.value, payload), version: 2 });
  // Webhook deliveries sign with the current value of the newest webhook key: this one, made last.
  const delivered = await withTenant(t.db, acme, (trx) => signWebhookPayload(trx, cipher, payload, t.clock.now()));
  expect(delivered).toEqual(signed);

  t.clock.advance(599_000);
  expect((await verify(oldSignature)).valid).toBe(true);
  t.clock.advance(2000);
  expect((await verify(oldSignature)).valid).toBe(false);
  expect((await verify(hmac(rotated.value, payload))).valid).toBe(true);
  const after = (await t.api.ok('listTenantSecrets', asAcme())).find((s) => s.id === secret.id)!;
  expect(after.previousValidUntil).toBeNull();
});

test('an API key presented by a caller verifies against the current and in-grace values, in constant time', async () => {
  const { secret, value } = await create('Inbound key', 'CALLBACK_API_KEY');
  const rotated = await t.api.ok('rotateTenantSecret', {
    ...asAcme(),
    params: { id: secret.id },
    body: { value: 'replacement-key-from-the-crm-42' },
  });
  expect(rotated.value).toBe('replacement-key-from-the-crm-42');
  const check = (presented: string) =>
    withTenant(t.db, acme, (trx) =>
      verifyWithTenantSecrets(trx, cipher, { secretId: secret.id, presented, now: t.clock.now() }),
    );
  expect(await check(value)).toEqual({ valid: true, version: 1 });
  expect(await check('replacement-key-from-the-crm-42')).toEqual({ valid: true, version: 2 });
  expect((await check(`${value}x`)).valid).toBe(false);
});

test('delete: every value gone at once (no grace), 404 afterwards', async () => {
  const { secret } = await create('Short lived');
  expect(await t.api.ok('deleteTenantSecret', { ...asAcme(), params: { id: secret.id } })).toEqual({
    message: 'Secret deleted successfully',
  });
  const left = await everything();
  expect(left.secrets.map((s) => s.id)).not.toContain(secret.id);
  expect(left.values.map((v) => v.secret_id)).not.toContain(secret.id);
  await t.api.fails('deleteTenantSecret', 404, { ...asAcme(), params: { id: secret.id } });
  await t.api.fails('rotateTenantSecret', 404, { ...asAcme(), params: { id: secret.id }, body: {} });
});

test("tenant isolation: another tenant's secret is a 404 for rotate and delete, and cannot be verified", async () => {
  const { secret } = await create('Acme only');
  const before = await everything();
  const asGlobex = { token: globexAdmin, operatingTenant: globex, params: { id: secret.id } };
  await t.api.fails('rotateTenantSecret', 404, { ...asGlobex, body: {} });
  await t.api.fails('deleteTenantSecret', 404, asGlobex);
  expect((await t.api.ok('listTenantSecrets', asGlobex)).map((s) => s.id)).not.toContain(secret.id);
  await expect(
    withTenant(t.db, globex, (trx) =>
      verifyWithTenantSecrets(trx, cipher, { secretId: secret.id, presented: 'x', now: t.clock.now() }),
    ),
  ).rejects.toMatchObject({ statusCode: 404 });
  expect(await everything()).toEqual(before);
});

test('permissions: secrets.read to see, secrets.create/update/delete to change; nothing changed on refusal', async () => {
  const { secret } = await create('Guarded');
  const before = await everything();
  await t.api.fails('listTenantSecrets', 403, { token: analyst, operatingTenant: acme });
  const unprivileged = await createUnprivilegedUser(t);
  const nobody = await t.signIn(unprivileged.email);
  const as = { token: nobody, operatingTenant: unprivileged.tenantId, params: { id: secret.id } };
  await t.api.fails('createTenantSecret', 403, { ...as, body: { name: 'x', kind: 'CALLBACK_API_KEY' } });
  await t.api.fails('rotateTenantSecret', 403, { ...as, body: {} });
  await t.api.fails('deleteTenantSecret', 403, as);
  expect(await everything()).toEqual(before);
});

test('a new tenant-secrets key: values under the previous one are re-encrypted on start and still verify', async () => {
  const { secret, value } = await create('Key roll');
  // From the key derived from SIGNING_KEY_SECRET to TENANT_SECRETS_KEY: no previous setting needed.
  const rolled = TenantSecretCipher.fromConfig({ ...t.config, tenantSecretsKey: 'a-brand-new-tenant-secrets-key' });
  expect(rolled.kid).not.toBe(cipher.kid);
  expect(await withSystem(t.db, (trx) => reencryptTenantSecrets(trx, rolled))).toBeGreaterThan(0);
  expect(await withSystem(t.db, (trx) => reencryptTenantSecrets(trx, rolled))).toBe(0);
  const check = (with_: TenantSecretCipher) =>
    withTenant(t.db, acme, (trx) =>
      verifyWithTenantSecrets(trx, with_, { secretId: secret.id, presented: value, now: t.clock.now() }),
    );
  expect((await check(rolled)).valid).toBe(true);
  await expect(check(cipher)).rejects.toThrow(/TENANT_SECRETS_KEY/);
  // And back, with the setting as the previous key.
  const back = TenantSecretCipher.fromConfig({
    ...t.config,
    tenantSecretsKeyPrevious: 'a-brand-new-tenant-secrets-key',
  });
  expect(back.kid).toBe(cipher.kid);
  await withSystem(t.db, (trx) => reencryptTenantSecrets(trx, back));
  expect((await check(cipher)).valid).toBe(true);
});
