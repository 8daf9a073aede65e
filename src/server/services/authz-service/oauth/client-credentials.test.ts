/** The token endpoint of client applications (docs/product/admin-clients-and-secrets.md#token-endpoint, ADR 0022). */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { AppDeps } from '../../../platform/app-deps';
import { createAccessHook } from '../../../platform/auth/access-hook';
import { CLIENT_CHECK_TTL_MS, ClientPrincipalCache } from '../../../platform/auth/client-principal';
import { signingKeyEncryptionKey } from '../../../platform/auth/signing-key-secret';
import { SigningKeys } from '../../../platform/auth/signing-keys';
import { TokenService } from '../../../platform/auth/token-service';
import type { AccessRequirements } from '../../../platform/openapi/contract';
import { ChangeFeed } from '../../../platform/events/change-feed';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

const run = promisify(execFile);

let t: TestApp;
let acme: number;
let acmeAdmin: SignedIn;
let origin: string;

/** A port the OS hands out now, so PUBLIC_URL (and with it the sample command) names the listening server. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ config: { publicUrl: origin } });
  await t.app.listen({ port, host: '127.0.0.1' });
  ({ acme } = await t.seededTenants());
  [acmeAdmin] = await t.signInAs('admin@acme.test');
});
afterAll(() => t.close());

const register = (name = 'Telephony') =>
  t.api.ok('createClientApplication', { token: acmeAdmin, operatingTenant: acme, body: { clientName: name } });
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const tokenCall = (body: Record<string, string>, authorization?: string) =>
  t.api.call('issueClientToken', { body, ...(authorization && { headers: { authorization } }) });

test('the sample command of the card, pasted into a shell, obtains a token from the running server', async () => {
  const created = await register('Curl');
  expect(
    created.sampleCURLForAccessToken.startsWith(`curl -sS -X POST '${origin}/api/authz-service/v1/oauth/token'`),
  ).toBe(true);
  const { stdout } = await run('sh', ['-c', created.sampleCURLForAccessToken], { timeout: 20_000 });
  const answer = JSON.parse(stdout) as Record<string, unknown>;
  expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'results:write' });
  // The view's command, with the secret put where its placeholder stands, works the same way.
  const viewed = await t.api.ok('getClientApplication', {
    token: acmeAdmin,
    operatingTenant: acme,
    params: { id: created.id },
  });
  const command = viewed.sampleCURLForAccessToken.replace('<client-secret>', created.clientSecret);
  const again = JSON.parse((await run('sh', ['-c', command], { timeout: 20_000 })).stdout) as { access_token: string };
  expect(again.access_token).toEqual(expect.any(String));
});

test('a token: EdDSA, the client as subject, its tenant, the scope, one hour, no session', async () => {
  const created = await register();
  const response = await tokenCall({ grant_type: 'client_credentials' }, basic(created.clientId, created.clientSecret));
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const { access_token: token } = response.body as { access_token: string };
  expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
  const claims = decodeJwt(token);
  expect(claims).toMatchObject({
    sub: created.clientId,
    client_id: created.clientId,
    tid: acme,
    scope: 'results:write',
    aud: 'voxscreen-api',
    cv: 1,
  });
  expect(claims.sid).toBeUndefined();
  expect(claims.exp! - claims.iat!).toBe(3600);
  const verified = await t.app.inject({ method: 'GET', url: '/api/authz-service/.well-known/jwks.json' });
  expect(verified.statusCode).toBe(200);
});

test('client authentication in the form body works too; both methods at once is invalid_request', async () => {
  const created = await register();
  const inBody = await tokenCall({
    grant_type: 'client_credentials',
    client_id: created.clientId,
    client_secret: created.clientSecret,
    scope: 'results:write',
  });
  expect(inBody.status).toBe(200);
  const both = await tokenCall(
    { grant_type: 'client_credentials', client_secret: created.clientSecret },
    basic(created.clientId, created.clientSecret),
  );
  expect(both.status).toBe(400);
  expect(both.body).toMatchObject({ error: 'invalid_request' });
});

describe('the access hook takes a client token only where x-client-scopes asks for its scope', () => {
  const clientOperation: AccessRequirements = {
    public: false,
    permissions: [],
    permissionsAny: [],
    systemTenant: false,
    systemTenantOperating: false,
    operatingTenant: 'none',
    clientScopes: ['results:write'],
    accountScope: null,
  };
  let deps: AppDeps;
  let feed: ChangeFeed;
  beforeAll(async () => {
    const keys = await SigningKeys.load(t.db, t.clock, signingKeyEncryptionKey(t.config));
    // The client check is cached as the app caches it (ADR 0103), dropped by the changes this feed hears.
    feed = new ChangeFeed(t.db, null, t.app.log);
    await feed.start();
    deps = {
      db: t.db,
      clock: t.clock,
      tokens: new TokenService(keys, t.config.tokens, t.clock),
      clientPrincipals: new ClientPrincipalCache(t.db, () => t.clock.now().getTime(), feed),
    } as unknown as AppDeps;
  });
  afterAll(async () => {
    deps.clientPrincipals.close();
    await feed.stop();
  });
  const establishWith = async (
    using: AppDeps,
    access: AccessRequirements,
    headers: Record<string, string>,
  ): Promise<NonNullable<FastifyRequest['access']>> => {
    const request = { headers } as unknown as FastifyRequest;
    await createAccessHook(using, access)(request, {} as FastifyReply);
    return request.access!;
  };
  const establish = (access: AccessRequirements, headers: Record<string, string>) =>
    establishWith(deps, access, headers);
  const obtain = async (id: string, secret: string, scope?: string) => {
    const response = await tokenCall({ grant_type: 'client_credentials', ...(scope && { scope }) }, basic(id, secret));
    return `Bearer ${(response.body as { access_token: string }).access_token}`;
  };

  test('a fresh token: the client and its tenant are established', async () => {
    const created = await register();
    const access = await establish(clientOperation, {
      authorization: await obtain(created.clientId, created.clientSecret),
    });
    expect(access.client).toMatchObject({ clientId: created.clientId, tenant: { id: acme } });
    expect(access.operatingTenant).toMatchObject({ id: acme });
    expect(access.principal).toBeNull();
  });

  test('an hour later the token has expired: 401', async () => {
    const created = await register();
    const authorization = await obtain(created.clientId, created.clientSecret);
    t.clock.advance(3599 * 1000);
    await expect(establish(clientOperation, { authorization })).resolves.toBeTruthy();
    t.clock.advance(2 * 1000);
    await expect(establish(clientOperation, { authorization })).rejects.toMatchObject({ statusCode: 401 });
  });

  test('a regenerated secret or a deleted client ends the tokens issued before: 401', async () => {
    const created = await register();
    const asAdmin = { token: acmeAdmin, operatingTenant: acme, params: { id: created.id } };
    const authorization = await obtain(created.clientId, created.clientSecret);
    // Checked once, so the check is cached: the change must end it at once all the same.
    await expect(establish(clientOperation, { authorization })).resolves.toBeTruthy();
    const renewed = await t.api.ok('regenerateClientSecret', asAdmin);
    await expect(establish(clientOperation, { authorization })).rejects.toMatchObject({ statusCode: 401 });
    const fresh = await obtain(created.clientId, renewed.clientSecret);
    await expect(establish(clientOperation, { authorization: fresh })).resolves.toBeTruthy();
    await t.api.ok('deleteClientApplication', asAdmin);
    await expect(establish(clientOperation, { authorization: fresh })).rejects.toMatchObject({ statusCode: 401 });
  });

  test('a cached check ends at once when the account is deactivated, and serves again once it is active', async () => {
    const created = await register();
    const authorization = await obtain(created.clientId, created.clientSecret);
    await expect(establish(clientOperation, { authorization })).resolves.toBeTruthy();
    const setActive = (active: boolean) =>
      withSystem(t.db, (trx) => trx.updateTable('tenants').set({ is_active: active }).where('id', '=', acme).execute());
    await setActive(false);
    try {
      await expect(establish(clientOperation, { authorization })).rejects.toMatchObject({ statusCode: 401 });
    } finally {
      await setActive(true);
    }
    await expect(establish(clientOperation, { authorization })).resolves.toBeTruthy();
  });

  test('a cached check serves without reading, and never longer than its bound when no change is heard', async () => {
    const deaf = { subscribeAll: () => () => {}, onGap: () => () => {} };
    const cache = new ClientPrincipalCache(t.db, () => t.clock.now().getTime(), deaf);
    const blind = { ...deps, clientPrincipals: cache } as AppDeps;
    const created = await register();
    const authorization = await obtain(created.clientId, created.clientSecret);
    await expect(establishWith(blind, clientOperation, { authorization })).resolves.toBeTruthy();
    await withSystem(t.db, (trx) =>
      trx.updateTable('client_applications').set({ credential_version: 99 }).where('id', '=', created.id).execute(),
    );
    // Nothing heard: the kept check answers (no statement), until the bound has passed.
    t.clock.advance(CLIENT_CHECK_TTL_MS - 1);
    await expect(establishWith(blind, clientOperation, { authorization })).resolves.toBeTruthy();
    t.clock.advance(1);
    await expect(establishWith(blind, clientOperation, { authorization })).rejects.toMatchObject({ statusCode: 401 });
  });

  test('a scope the token lacks: 403; a user access token: 401; a client token on a user operation: 401', async () => {
    const created = await register();
    const authorization = await obtain(created.clientId, created.clientSecret);
    await withSystem(t.db, (trx) =>
      trx.updateTable('client_applications').set({ scopes: [] }).where('id', '=', created.id).execute(),
    );
    await expect(establish(clientOperation, { authorization })).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      establish(clientOperation, { authorization: `Bearer ${acmeAdmin.accessToken}`, 'id-token': acmeAdmin.idToken }),
    ).rejects.toMatchObject({ statusCode: 401 });
    const userOperation = { ...clientOperation, clientScopes: [] };
    await expect(establish(userOperation, { authorization })).rejects.toMatchObject({ statusCode: 401 });
    await expect(establish(userOperation, { authorization, 'id-token': acmeAdmin.idToken })).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe('refusals: RFC 6749 errors, nothing changed, no token', () => {
  test.each([
    ['no grant_type', {}, 'invalid_request', 400],
    ['another grant', { grant_type: 'password' }, 'unsupported_grant_type', 400],
    ['an unknown scope', { grant_type: 'client_credentials', scope: 'results:write admin' }, 'invalid_scope', 400],
  ])('%s → %s', async (_what, form, error, status) => {
    const created = await register();
    const response = await tokenCall(form, basic(created.clientId, created.clientSecret));
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error, error_description: expect.any(String), message: expect.any(String) });
    expect(JSON.stringify(response.body)).not.toContain('access_token');
  });

  test('a wrong secret, an unknown client, no credentials: invalid_client, 401 with WWW-Authenticate', async () => {
    const created = await register();
    const before = await withSystem(t.db, (trx) => trx.selectFrom('client_applications').selectAll().execute());
    for (const authorization of [
      basic(created.clientId, `${created.clientSecret}x`),
      basic('vxc_000000000000000000000000', created.clientSecret),
      undefined,
    ]) {
      const response = await tokenCall({ grant_type: 'client_credentials' }, authorization);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Basic realm="voxscreen"');
      expect(response.body).toMatchObject({
        error: 'invalid_client',
        error_description: 'Client authentication failed.',
      });
    }
    expect(await withSystem(t.db, (trx) => trx.selectFrom('client_applications').selectAll().execute())).toEqual(
      before,
    );
    const refused = await withSystem(t.db, (trx) =>
      trx.selectFrom('audit_events').selectAll().where('activity', '=', 'CLIENT_TOKEN_REFUSED').execute(),
    );
    expect(refused.some((r) => r.tenant_id === acme)).toBe(true);
    expect(JSON.stringify(refused)).not.toContain(created.clientSecret);
  });

  test('a deleted client and a regenerated secret: the old credentials are refused', async () => {
    const created = await register();
    const asAdmin = { token: acmeAdmin, operatingTenant: acme, params: { id: created.id } };
    const renewed = await t.api.ok('regenerateClientSecret', asAdmin);
    expect(
      (await tokenCall({ grant_type: 'client_credentials' }, basic(created.clientId, created.clientSecret))).status,
    ).toBe(401);
    expect(
      (await tokenCall({ grant_type: 'client_credentials' }, basic(created.clientId, renewed.clientSecret))).status,
    ).toBe(200);
    await t.api.ok('deleteClientApplication', asAdmin);
    expect(
      (await tokenCall({ grant_type: 'client_credentials' }, basic(created.clientId, renewed.clientSecret))).status,
    ).toBe(401);
  });

  test('JSON is not the token endpoint media type (415)', async () => {
    const created = await register();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authz-service/v1/oauth/token',
      headers: { 'content-type': 'application/json', authorization: basic(created.clientId, created.clientSecret) },
      payload: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(response.statusCode).toBe(415);
  });
});
