import type { SignedIn } from '../../../testing/api-client';
import { createUnprivilegedUser } from '../../../testing/create-unprivileged-user';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { NO_CONSOLE_PERMISSION_MESSAGE } from '../users/users-handlers';

let t: TestApp;
let voxscreen: number;
let acme: number;
let acmeAdmin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ({ voxscreen, acme } = await t.seededTenants());
  [acmeAdmin] = await t.signInAs('admin@acme.test');
});
afterAll(() => t.close());

// The console opens a session with this one call (ADR 0083) and then refreshes each part with its own operation:
// both must give the same answers, or the shell would change when the first refresh comes in.
describe('getSessionBootstrap', () => {
  test('answers what the five operations answer, for the operating tenant of the header', async () => {
    const dual = await t.signIn('dual@globex.test');
    for (const [token, operatingTenant] of [
      [acmeAdmin, acme],
      [dual, acme],
      [dual, undefined],
      [dual, voxscreen],
    ] as const) {
      const options = { token, ...(operatingTenant === undefined ? {} : { operatingTenant }) };
      const bootstrap = await t.api.ok('getSessionBootstrap', options);
      expect(bootstrap).toEqual({
        authorizer: await t.api.ok('getAuthorizer', options),
        userInfo: await t.api.ok('getUserInfo', options),
        tenants: await t.api.ok('listUserTenants', options),
        configuration: await t.api.ok('getClientConfiguration', {}),
        languages: await t.api.ok('listLanguages', {}),
      });
    }
  });

  test('carries the refusal of a role without console permissions', async () => {
    const user = await createUnprivilegedUser(t, { tenant: 'Bootstrap Test', email: 'noaccess@bootstrap.test' });
    const bootstrap = await t.api.ok('getSessionBootstrap', { token: await t.signIn(user.email) });
    expect(bootstrap.authorizer).toEqual({
      authorized: false,
      authorization: { application: NO_CONSOLE_PERMISSION_MESSAGE },
    });
    expect(bootstrap.tenants.map((tenant) => tenant.tenantName)).toEqual(['Bootstrap Test']);
  });

  test('needs a session', async () => {
    await t.api.fails('getSessionBootstrap', 401, {});
  });
});
