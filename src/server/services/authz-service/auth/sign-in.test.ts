import { decodeJwt, decodeProtectedHeader } from 'jose';
import { MINUTE, HOUR } from '../../../platform/clock';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from '../../../seed/demo-data';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createUser } from '../../user-service';
import { IP_BLOCKED_MESSAGE } from './sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVALID = { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' };
const login = (email: string, password: string, ip: string) =>
  t.api.call('userLogin', { body: { email, password }, ip });

async function auditOf(email: string) {
  return withSystem(t.db, (trx) =>
    trx.selectFrom('audit_events').selectAll().where('email', '=', email).orderBy('id').execute(),
  );
}

test('a successful sign-in returns EdDSA-signed access and id tokens for a new session', async () => {
  const response = await t.api.ok('userLogin', {
    body: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    ip: '10.0.0.1',
  });
  expect(response).toMatchObject({
    token_type: 'Bearer',
    expires_in: 86400,
    scope: 'openid profile email read:results read:tenant',
  });

  const header = decodeProtectedHeader(response.access_token);
  expect(header).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
  const jwks = await t.api.ok('getJwks');
  expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
  expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
  expect(jwks.keys[0]).not.toHaveProperty('d');

  const access = decodeJwt(response.access_token);
  const id = decodeJwt(response.id_token);
  const user = await withSystem(t.db, (trx) =>
    trx.selectFrom('users').select('id').where('email', '=', 'admin@acme.test').executeTakeFirstOrThrow(),
  );
  expect(access).toMatchObject({
    sub: String(user.id),
    iss: 'http://voxscreen.test/api/authz-service',
    aud: 'voxscreen-api',
    scope: 'openid profile email read:results read:tenant',
  });
  expect(access.exp! - access.iat!).toBe(86400);
  expect(access.iat).toBe(Math.floor(t.clock.now().getTime() / 1000));
  expect(id).toMatchObject({
    sub: String(user.id),
    sid: access.sid,
    email: 'admin@acme.test',
    name: 'Alicia Moreno',
    aud: 'voxscreen-console',
  });
  const session = await withSystem(t.db, (trx) =>
    trx.selectFrom('sessions').selectAll().where('id', '=', Number(access.sid)).executeTakeFirstOrThrow(),
  );
  expect(session).toMatchObject({ user_id: user.id, ended_at: null, ip: '10.0.0.1' });
});

test('the e-mail is compared lower-cased and trimmed', async () => {
  expect((await login('  Admin@ACME.test ', DEMO_PASSWORD, '10.0.0.2')).status).toBe(200);
});

test('unknown user, wrong password, inactive user and user without password get the identical answer', async () => {
  const now = t.clock.now();
  const acme = await t.tenantId('Acme Insurance');
  await withTenant(t.db, acme, async (trx) => {
    const base = { tenantId: acme, firstName: 'Ina', lastName: 'Active', now };
    await createUser(trx, {
      ...base,
      email: 'inactive@acme.test',
      isActive: false,
      passwordHash: await t.passwords.hash(DEMO_PASSWORD),
    });
    await createUser(trx, { ...base, email: 'nopassword@acme.test', passwordHash: null });
  });
  const answers = await Promise.all([
    login('ghost@acme.test', DEMO_PASSWORD, '10.0.1.1'),
    login('analyst@acme.test', 'wrong-password-1', '10.0.1.2'),
    login('inactive@acme.test', DEMO_PASSWORD, '10.0.1.3'),
    login('nopassword@acme.test', '', '10.0.1.4'),
  ]);
  for (const answer of answers)
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: INVALID });
});

describe('account lockout', () => {
  const email = 'analyst@acme.test';
  const attacker = '203.0.113.5';

  test('five failures from one IP lock the account for that IP only, until 15 minutes have passed', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(email, `wrong-${i}-pass`, attacker)).status).toBe(401);

    const locked = await login(email, DEMO_PASSWORD, attacker);
    const unknown = await login('nobody-here@acme.test', DEMO_PASSWORD, attacker);
    const wrong = await login('agent@acme.test', 'wrong-password-9', attacker);
    expect({ status: locked.status, body: locked.body }).toEqual({ status: 401, body: INVALID });
    expect(locked.body).toEqual(unknown.body);
    expect(locked.body).toEqual(wrong.body);
    expect(Object.keys(locked.headers).sort()).toEqual(Object.keys(wrong.headers).sort());

    expect((await login(email, DEMO_PASSWORD, '198.51.100.7')).status).toBe(200);

    t.clock.advance(14 * MINUTE);
    expect((await login(email, DEMO_PASSWORD, attacker)).status).toBe(401);
    t.clock.advance(MINUTE + 1000);
    expect((await login(email, DEMO_PASSWORD, attacker)).status).toBe(200);
  });

  test('a successful sign-in clears the earlier failures of that account from that IP', async () => {
    const ip = '203.0.113.6';
    for (let i = 0; i < 4; i += 1) await login(email, `wrong-${i}-pass`, ip);
    expect((await login(email, DEMO_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await login(email, `wrong-${i}-pass`, ip);
    expect((await login(email, DEMO_PASSWORD, ip)).status).toBe(200);
  });
});

describe('IP blocking', () => {
  const ip = '192.0.2.66';

  test('failures across three accounts, ten in all within 15 minutes, block the IP for an hour', async () => {
    const accounts = ['admin@acme.test', 'agent@acme.test', 'support@voxscreen.test'];
    for (let i = 0; i < 10; i += 1) {
      const answer = await login(accounts[i % 3]!, `wrong-${i}-pass`, ip);
      expect(answer.status).toBe(401);
    }
    const blocked = await t.api.fails('userLogin', 403, {
      body: { email: 'dual@globex.test', password: DEMO_PASSWORD },
      ip,
    });
    expect(blocked).toEqual({ code: 'IP_BLOCKED', message: IP_BLOCKED_MESSAGE });
    expect(IP_BLOCKED_MESSAGE).toBe(
      'Your IP address has been blocked due to security guidelines. This may be because of unusual activity or location-based policies.',
    );
    expect((await login('dual@globex.test', DEMO_PASSWORD, '192.0.2.67')).status).toBe(200);

    t.clock.advance(59 * MINUTE);
    expect((await login('dual@globex.test', DEMO_PASSWORD, ip)).status).toBe(403);
    t.clock.advance(HOUR - 59 * MINUTE + 1000);
    expect((await login('dual@globex.test', DEMO_PASSWORD, ip)).status).toBe(200);
  });

  test('many failures on one account alone do not block the IP', async () => {
    const single = '192.0.2.80';
    for (let i = 0; i < 12; i += 1) await login('admin@voxscreen.test', `wrong-${i}-pass`, single);
    expect((await login('support@voxscreen.test', DEMO_PASSWORD, single)).status).toBe(200);
  });
});

test('every success and failure leaves an audit record with who, what, IP and UTC time', async () => {
  const email = 'agent@acme.test';
  const ip = '10.9.9.9';
  const before = (await auditOf(email)).length;
  await login(email, 'wrong-password-1', ip);
  const at = t.clock.now();
  await login(email, DEMO_PASSWORD, ip);
  const events = (await auditOf(email)).slice(before);
  expect(events.map((e) => [e.activity, e.ip])).toEqual([
    ['LOGIN_FAILURE', ip],
    ['LOGIN_SUCCESS', ip],
  ]);
  expect(events[0]!.detail).toEqual({ reason: 'WRONG_PASSWORD' });
  expect(events[1]!.event_time.toISOString()).toBe(at.toISOString());
  expect(events[1]!.user_id).not.toBeNull();
  expect(events[1]!.tenant_id).toBe(await t.tenantId('Acme Insurance'));
});

test('passwords are stored as salted scrypt hashes', async () => {
  const rows = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('users')
      .select('password_hash')
      .where('email', 'in', ['admin@acme.test', 'analyst@acme.test'])
      .execute(),
  );
  const [a, b] = rows.map((r) => r.password_hash!);
  expect(a).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  expect(a).not.toBe(b);
  expect(a).not.toContain(DEMO_PASSWORD);
});
