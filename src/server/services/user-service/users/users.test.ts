import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createUnprivilegedUser } from '../../../testing/create-unprivileged-user';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { NO_CONSOLE_PERMISSION_MESSAGE } from './users-handlers';

let t: TestApp;
let voxscreen: number;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let systemAdmin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ({ voxscreen, acme, globex } = await t.seededTenants());
  [acmeAdmin, systemAdmin] = await t.signInAs('admin@acme.test', 'admin@voxscreen.test');
});
afterAll(() => t.close());

describe('getUserInfo', () => {
  test("returns the spec's fields with the role's permissions and default notification preferences", async () => {
    const info = await t.api.ok('getUserInfo', { token: acmeAdmin, operatingTenant: acme });
    expect(info).toMatchObject({
      tenantId: acme,
      tenant: { tenantId: acme, tenantName: 'Acme Insurance', isSystemTenant: false },
      firstName: 'Alicia',
      lastName: 'Moreno',
      email: 'admin@acme.test',
      phoneNumber: null,
      image: null,
      isActive: true,
      tenantLogo: null,
      operatingTenant: acme,
      rolePermission: { roleName: 'Customer Admin' },
      notificationPreference: {
        resultAlert: 'OFF',
        time: [],
        displayTimezone: null,
        usedTimezone: null,
        pendingResultsNotification: 'OFF',
      },
    });
    const permissions = info.rolePermission.permissions.map((p) => p.permission);
    expect(permissions).toEqual(
      expect.arrayContaining(['tenant.read', 'tenant.users.read', 'callcenter.read', 'tenant.project.detail.read']),
    );
    expect(permissions).not.toContain('tenant.create');
    // A customer keeps its own integration secrets (docs/product/admin-clients-and-secrets.md#permissions).
    expect(permissions).toEqual(expect.arrayContaining(['secrets.read', 'secrets.create', 'secrets.update']));
    expect(permissions.filter((p) => p.includes('.internal.'))).toEqual([]);
  });

  test('operatingTenant echoes a tenant the user belongs to, and is null for any other (no 403: it is optional)', async () => {
    const dual = await t.signIn('dual@globex.test');
    expect((await t.api.ok('getUserInfo', { token: dual, operatingTenant: acme })).operatingTenant).toBe(acme);
    expect((await t.api.ok('getUserInfo', { token: dual, operatingTenant: voxscreen })).operatingTenant).toBeNull();
    expect((await t.api.ok('getUserInfo', { token: dual })).operatingTenant).toBeNull();
  });

  test("tenantLogo is the operating tenant's logo, else the home tenant's", async () => {
    const acmeLogo = Buffer.from('acme-logo-png');
    const voxLogo = Buffer.from('voxscreen-logo-png');
    await withSystem(t.db, async (trx) => {
      await trx.updateTable('tenants').set({ logo: acmeLogo }).where('id', '=', acme).execute();
      await trx.updateTable('tenants').set({ logo: voxLogo }).where('id', '=', voxscreen).execute();
    });
    try {
      expect((await t.api.ok('getUserInfo', { token: systemAdmin, operatingTenant: acme })).tenantLogo).toBe(
        acmeLogo.toString('base64'),
      );
      expect((await t.api.ok('getUserInfo', { token: systemAdmin, operatingTenant: globex })).tenantLogo).toBe(
        voxLogo.toString('base64'),
      );
      expect((await t.api.ok('getUserInfo', { token: systemAdmin })).tenantLogo).toBe(voxLogo.toString('base64'));
    } finally {
      await withSystem(t.db, (trx) => trx.updateTable('tenants').set({ logo: null }).execute());
    }
  });

  test('a malformed operatingTenant header is a 400', async () => {
    await t.api.fails('getUserInfo', 400, { token: acmeAdmin, headers: { operatingTenant: 'acme' } });
  });
});

test('recordUserLogin stores the time from the server clock and the users list shows it', async () => {
  const token = await t.signIn('analyst@acme.test');
  const recorded = await t.api.ok('recordUserLogin', { token });
  expect(recorded).toEqual({ lastLoginDateTime: t.clock.now().toISOString() });
  const users = await t.api.ok('listTenantUsers', { token: acmeAdmin, operatingTenant: acme, params: { id: acme } });
  expect(users.find((u) => u.email === 'analyst@acme.test')?.lastLoginDateTime).toBe(recorded.lastLoginDateTime);
});

test('getAuthorizer authorizes a role with permissions and explains the refusal for one without', async () => {
  expect(await t.api.ok('getAuthorizer', { token: acmeAdmin })).toEqual({ authorized: true });
  const user = await createUnprivilegedUser(t, { tenant: 'Authorizer Test', email: 'noaccess@authorizer.test' });
  const token = await t.signIn(user.email);
  expect(await t.api.ok('getAuthorizer', { token })).toEqual({
    authorized: false,
    authorization: { application: NO_CONSOLE_PERMISSION_MESSAGE },
  });
});

test("listUserActivities lists only the user's own events, newest first, limited", async () => {
  const token = await t.signIn('agent@acme.test', { ip: '10.1.1.1' });
  await t.api.call('userLogin', { body: { email: 'agent@acme.test', password: 'wrong-pass-1' }, ip: '10.1.1.2' });
  t.clock.advance(1000);
  await t.signIn('agent@acme.test', { ip: '10.1.1.3' });
  const { activities } = await t.api.ok('listUserActivities', { token, query: { limit: 2 } });
  expect(activities.map((a) => [a.activity, a.ip])).toEqual([
    ['LOGIN_SUCCESS', '10.1.1.3'],
    ['LOGIN_FAILURE', '10.1.1.2'],
  ]);
  const all = await t.api.ok('listUserActivities', { token });
  const agent = await withSystem(t.db, (trx) =>
    trx.selectFrom('audit_events').select('id').where('email', '=', 'agent@acme.test').execute(),
  );
  expect(all.activities).toHaveLength(agent.length);
});
