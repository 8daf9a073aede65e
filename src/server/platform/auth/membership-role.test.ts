/** ADR 0008: the role lives on the membership; the operating tenant's membership role is what counts. */
import { withTenant } from '../tenancy/with-tenant';
import { setMembershipRole } from '../../services/user-service';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let acme: number;
let globex: number;
let dualId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  dualId = (
    await t.db.selectFrom('users').select('id').where('email', '=', 'dual@globex.test').executeTakeFirstOrThrow()
  ).id;
  // dual@globex.test: Customer Admin at home (Globex), made Analyst in Acme.
  await withTenant(t.db, acme, async (trx) => {
    const analyst = await trx.selectFrom('roles').select('id').where('name', '=', 'Analyst').executeTakeFirstOrThrow();
    expect(await setMembershipRole(trx, { userId: dualId, tenantId: acme, roleId: analyst.id })).toBe(true);
  });
});
afterAll(() => t.close());

test("userInfo carries the operating tenant's membership role, and the home role without a tenant", async () => {
  const token = await t.signIn('dual@globex.test');
  const inAcme = await t.api.ok('getUserInfo', { token, operatingTenant: acme });
  expect(inAcme.rolePermission.roleName).toBe('Analyst');
  expect(inAcme.rolePermission.permissions.map((p) => p.permission)).not.toContain('tenant.users.read');
  const inGlobex = await t.api.ok('getUserInfo', { token, operatingTenant: globex });
  expect(inGlobex.rolePermission.roleName).toBe('Customer Admin');
  expect((await t.api.ok('getUserInfo', { token })).rolePermission.roleName).toBe('Customer Admin');
});

test('the access hook checks permissions against the membership role of the operating tenant', async () => {
  const token = await t.signIn('dual@globex.test');
  await t.api.ok('listTenantUsers', { token, operatingTenant: globex, params: { id: globex } });
  const refused = await t.api.fails('listTenantUsers', 403, { token, operatingTenant: acme, params: { id: acme } });
  expect(refused.code).toBe('FORBIDDEN');
});

test('a user who belongs to no tenant has no role and is left to the no-tenant screen', async () => {
  const token = await t.signIn('nobody@voxscreen.test');
  expect(await t.api.ok('getAuthorizer', { token })).toEqual({ authorized: true });
  expect((await t.api.ok('getUserInfo', { token })).rolePermission).toEqual({
    roleId: null,
    roleName: null,
    permissions: [],
  });
  expect(await t.api.ok('listUserTenants', { token })).toEqual([]);
});

test('a membership role of another tenant is refused by the database', async () => {
  const globexAnalyst = await withTenant(t.db, globex, (trx) =>
    trx.selectFrom('roles').select('id').where('name', '=', 'Analyst').executeTakeFirstOrThrow(),
  );
  await expect(
    withTenant(t.db, acme, (trx) =>
      setMembershipRole(trx, { userId: dualId, tenantId: acme, roleId: globexAnalyst.id }),
    ),
  ).rejects.toThrow();
});

test("row-level security: inside Acme's scope another account's row cannot be updated, nor a token issued for it", async () => {
  const updated = await withTenant(t.db, acme, (trx) =>
    trx.updateTable('tenants').set({ sales_person: 'x@y.test' }).where('id', '=', globex).executeTakeFirst(),
  );
  expect(Number(updated.numUpdatedRows)).toBe(0);
  const own = await withTenant(t.db, acme, (trx) =>
    trx.updateTable('tenants').set({ sales_person: 'own@acme.test' }).where('id', '=', acme).executeTakeFirst(),
  );
  expect(Number(own.numUpdatedRows)).toBe(1);
  await expect(
    withTenant(t.db, acme, (trx) =>
      trx.updateTable('tenants').set({ is_system: true }).where('id', '=', acme).execute(),
    ),
  ).rejects.toThrow(/permission denied/);
  await expect(
    withTenant(t.db, acme, (trx) =>
      trx
        .insertInto('password_reset_tokens')
        .values({ user_id: dualId, tenant_id: globex, token_hash: 'x', created_at: new Date(), expires_at: new Date() })
        .execute(),
    ),
  ).rejects.toThrow(/row-level security/);
});
