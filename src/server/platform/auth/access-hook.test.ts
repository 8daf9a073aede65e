import { SignJWT, base64url, decodeJwt, generateKeyPair } from 'jose';
import { HOUR } from '../clock';
import { withSystem, withTenant } from '../tenancy/with-tenant';
import { setUserActive } from '../../services/user-service';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { INACTIVE_ACCOUNT_MESSAGE } from './access-hook';
import { signingKeyEncryptionKey } from './signing-key-secret';
import { SigningKeys } from './signing-keys';
import { TOKEN_SCOPE } from './token-service';

let t: TestApp;
let keys: SigningKeys;
let acme: number;

beforeAll(async () => {
  t = await createTestApp();
  keys = await SigningKeys.load(t.db, t.clock, signingKeyEncryptionKey(t.config));
  acme = await t.tenantId('Acme Insurance');
});
afterAll(() => t.close());

const userInfo = (token: SignedIn) => t.api.call('getUserInfo', { token });
const expectRefused = async (token: SignedIn) => {
  const answer = await userInfo(token);
  expect({ status: answer.status, code: (answer.body as { code?: string }).code }).toEqual({
    status: 401,
    code: 'UNAUTHORIZED',
  });
};

/** Re-signs a token's claims with changes, using the server's own key unless told otherwise. */
async function forge(
  token: string,
  change: {
    claims?: Record<string, unknown>;
    audience?: string;
    issuer?: string;
    typ?: string;
    key?: CryptoKey;
    kid?: string;
  } = {},
) {
  const { iss, aud, ...claims } = decodeJwt(token);
  return new SignJWT({ ...claims, ...change.claims })
    .setProtectedHeader({ alg: 'EdDSA', kid: change.kid ?? keys.kid, typ: change.typ ?? 'at+jwt' })
    .setIssuer(change.issuer ?? String(iss))
    .setAudience(change.audience ?? String(aud))
    .sign(change.key ?? keys.privateKey);
}

test('a genuine token pair is accepted (control)', async () => {
  expect((await userInfo(await t.signIn('analyst@acme.test'))).status).toBe(200);
});

test('the forging helper produces accepted tokens when nothing is changed (control)', async () => {
  const real = await t.signIn('analyst@acme.test');
  expect((await userInfo({ ...real, accessToken: await forge(real.accessToken) })).status).toBe(200);
});

test("an unsigned token (alg 'none') is refused", async () => {
  const real = await t.signIn('analyst@acme.test');
  const [, payload] = real.accessToken.split('.');
  const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid: keys.kid }));
  await expectRefused({ ...real, accessToken: `${header}.${payload}.` });
});

test('a token signed with another key, or naming an unknown key id, is refused', async () => {
  const real = await t.signIn('analyst@acme.test');
  const stranger = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  await expectRefused({ ...real, accessToken: await forge(real.accessToken, { key: stranger.privateKey }) });
  await expectRefused({ ...real, accessToken: await forge(real.accessToken, { kid: 'unknown-key' }) });
});

test('a tampered token is refused', async () => {
  const real = await t.signIn('analyst@acme.test');
  const [header, payload, signature] = real.accessToken.split('.') as [string, string, string];
  const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
  const admin = await withSystem(t.db, (trx) =>
    trx.selectFrom('users').select('id').where('email', '=', 'admin@voxscreen.test').executeTakeFirstOrThrow(),
  );
  const raised = base64url.encode(JSON.stringify({ ...claims, sub: String(admin.id) }));
  await expectRefused({ ...real, accessToken: `${header}.${raised}.${signature}` });
  const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
  await expectRefused({ ...real, accessToken: `${header}.${payload}.${flipped}` });
});

test('a wrong audience or issuer is refused', async () => {
  const real = await t.signIn('analyst@acme.test');
  await expectRefused({ ...real, accessToken: await forge(real.accessToken, { audience: 'some-other-api' }) });
  await expectRefused({
    ...real,
    accessToken: await forge(real.accessToken, { issuer: 'https://evil.example/api/authz-service' }),
  });
});

test('the two tokens cannot stand in for each other', async () => {
  const real = await t.signIn('analyst@acme.test');
  await expectRefused({ accessToken: real.idToken, idToken: real.idToken });
  await expectRefused({ accessToken: real.accessToken, idToken: real.accessToken });
});

test('an id token of another session is refused', async () => {
  const first = await t.signIn('analyst@acme.test');
  const second = await t.signIn('analyst@acme.test');
  const other = await t.signIn('agent@acme.test');
  await expectRefused({ accessToken: first.accessToken, idToken: second.idToken });
  await expectRefused({ accessToken: first.accessToken, idToken: other.idToken });
});

test('a token is refused once expired (86400 s, on the server clock)', async () => {
  const token = await t.signIn('analyst@acme.test');
  const start = t.clock.now();
  try {
    t.clock.advance(86_399_000);
    expect((await userInfo(token)).status).toBe(200);
    t.clock.advance(2000);
    await expectRefused(token);
  } finally {
    t.clock.set(start);
  }
});

test('a token with a session id that does not exist is refused', async () => {
  const real = await t.signIn('analyst@acme.test');
  const claims = { sid: 999_999 };
  await expectRefused({
    accessToken: await forge(real.accessToken, { claims }),
    idToken: await forge(real.idToken, { claims, typ: 'JWT' }),
  });
});

test('logout ends the session on the server: the same tokens are refused afterwards', async () => {
  const token = await t.signIn('analyst@acme.test');
  expect(await t.api.ok('logoutUser', { token })).toEqual({ message: 'You have been signed out.' });
  await expectRefused(token);
  await t.api.fails('logoutUser', 401, { token });
  const audit = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('audit_events')
      .select(['activity', 'ip'])
      .where('email', '=', 'analyst@acme.test')
      .where('activity', '=', 'LOGOUT')
      .execute(),
  );
  expect(audit.length).toBeGreaterThanOrEqual(1);
});

test('deactivating a user ends their sessions at once', async () => {
  const token = await t.signIn('agent@acme.test');
  const agent = await withSystem(t.db, (trx) =>
    trx.selectFrom('users').select('id').where('email', '=', 'agent@acme.test').executeTakeFirstOrThrow(),
  );
  await withTenant(t.db, acme, (trx) => setUserActive(trx, { userId: agent.id, active: false, now: t.clock.now() }));
  try {
    await expectRefused(token);
    const open = await withSystem(t.db, (trx) =>
      trx.selectFrom('sessions').select('id').where('user_id', '=', agent.id).where('ended_at', 'is', null).execute(),
    );
    expect(open).toEqual([]);
  } finally {
    await withTenant(t.db, acme, (trx) => setUserActive(trx, { userId: agent.id, active: true, now: t.clock.now() }));
  }
});

test('an inactive home account answers 403 with the application-level authorization text', async () => {
  const token = await t.signIn('dual@globex.test');
  const globex = await t.tenantId('Globex Logistics');
  await withSystem(t.db, (trx) =>
    trx.updateTable('tenants').set({ is_active: false }).where('id', '=', globex).execute(),
  );
  try {
    const body = await t.api.fails('getUserInfo', 403, { token });
    expect(body).toEqual({
      message: INACTIVE_ACCOUNT_MESSAGE,
      code: 'ACCOUNT_INACTIVE',
      authorization: { application: INACTIVE_ACCOUNT_MESSAGE },
    });
    expect((await t.api.fails('getAuthorizer', 403, { token })).authorization).toBeDefined();
  } finally {
    await withSystem(t.db, (trx) =>
      trx.updateTable('tenants').set({ is_active: true }).where('id', '=', globex).execute(),
    );
  }
});

test('every 403 writes an ACCESS_DENIED audit record naming the user, the route and the IP', async () => {
  const token = await t.signIn('analyst@acme.test');
  const globex = await t.tenantId('Globex Logistics');
  await t.api.fails('listCallCenters', 403, { token, operatingTenant: globex, ip: '10.20.30.40' });
  const denial = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('audit_events')
      .selectAll()
      .where('activity', '=', 'ACCESS_DENIED')
      .where('ip', '=', '10.20.30.40')
      .executeTakeFirstOrThrow(),
  );
  expect(denial).toMatchObject({ email: 'analyst@acme.test', tenant_id: acme });
  expect(denial.detail).toMatchObject({
    method: 'GET',
    route: '/api/user-service/v1/callcenter/callcenterlist',
    code: 'TENANT_FORBIDDEN',
    operatingTenant: String(globex),
  });
});

test('the access token carries the documented scope', () => {
  expect(TOKEN_SCOPE).toBe('openid profile email read:results read:tenant');
});

test('sessions expire server-side with their tokens even if a token were re-signed with a later expiry', async () => {
  const real = await t.signIn('analyst@acme.test');
  const start = t.clock.now();
  try {
    t.clock.advance(25 * HOUR);
    const later = Math.floor(t.clock.now().getTime() / 1000) + 3600;
    await expectRefused({
      accessToken: await forge(real.accessToken, { claims: { exp: later } }),
      idToken: await forge(real.idToken, { claims: { exp: later }, typ: 'JWT' }),
    });
  } finally {
    t.clock.set(start);
  }
});
