import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createTenant } from './create-tenant';

let t: TestApp;
let providerAdmin: SignedIn;
let support: SignedIn;
let dual: SignedIn;
let fresh: number;

beforeAll(async () => {
  t = await createTestApp();
  [providerAdmin, support, dual] = await t.signInAs(
    'admin@voxscreen.test',
    'support@voxscreen.test',
    'dual@globex.test',
  );
  // An account someone just created: nobody of the provider is a member of it.
  fresh = await withSystem(t.db, async (trx) => {
    const { tenant } = await createTenant(trx, { name: 'Initech', isActive: true, now: t.clock.now() });
    return tenant.id;
  });
});
afterAll(() => t.close());

describe('provider admins operate in every account (ADR 0020)', () => {
  test('the chooser lists every active account for a provider admin, the new one included', async () => {
    const tenants = await t.api.ok('listUserTenants', { token: providerAdmin });
    const all = await withSystem(t.db, (trx) =>
      trx.selectFrom('tenants').select('name').where('is_active', '=', true).execute(),
    );
    expect(tenants.map((x) => x.tenantName).sort()).toEqual(all.map((x) => x.name).sort());
    expect(tenants.find((x) => x.tenantId === fresh)?.tenantName).toBe('Initech');
  });

  test('a provider admin works in the new account with their own role; others stay out', async () => {
    const roles = await t.api.ok('listRoles', { token: providerAdmin, operatingTenant: fresh });
    expect(roles.every((role) => role.tenantId === fresh)).toBe(true);
    const info = await t.api.ok('getUserInfo', { token: providerAdmin, operatingTenant: fresh });
    expect(info.rolePermission.permissions.map((p) => p.permission)).toContain('tenant.create');

    // Tenant Support (system tenant, no tenant.create) and a customer admin are no members of it.
    expect((await t.api.ok('listUserTenants', { token: support })).map((x) => x.tenantId)).not.toContain(fresh);
    await t.api.fails('listRoles', 403, { token: support, operatingTenant: fresh });
    expect((await t.api.ok('listUserTenants', { token: dual })).map((x) => x.tenantId)).not.toContain(fresh);
    await t.api.fails('listRoles', 403, { token: dual, operatingTenant: fresh });
  });

  test('an inactive account is neither listed nor operable', async () => {
    await withSystem(t.db, (trx) =>
      trx.updateTable('tenants').set({ is_active: false }).where('id', '=', fresh).execute(),
    );
    expect((await t.api.ok('listUserTenants', { token: providerAdmin })).map((x) => x.tenantId)).not.toContain(fresh);
    await t.api.fails('listRoles', 403, { token: providerAdmin, operatingTenant: fresh });
  });
});
