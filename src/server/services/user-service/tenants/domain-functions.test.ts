import { HttpError } from '../../../platform/http/http-error';
import { permissionId } from '../../../../shared/permissions';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createRole } from '../roles/roles-store';
import { createTenant } from './create-tenant';
import { addUserToTenant } from '../users/users-store';
import { createUser } from '../users/users-store';
import { setRolePermissions } from '../roles/roles-store';

let t: TestApp;
let acme: number;
let voxscreen: number;
beforeAll(async () => {
  t = await createTestApp();
  [acme, voxscreen] = await Promise.all([t.tenantId('Acme Insurance'), t.tenantId('Voxscreen')]);
});
afterAll(() => t.close());

const grant = (...names: string[]) => names.map((n) => ({ permissionId: permissionId(n), active: true }));
const revoke = (...names: string[]) => names.map((n) => ({ permissionId: permissionId(n), active: false }));

async function newRole(tenantId: number, name: string) {
  return withTenant(t.db, tenantId, (trx) => createRole(trx, { tenantId, name, now: t.clock.now() }));
}

async function save(
  tenantId: number,
  tenantIsSystem: boolean,
  roleId: number,
  accessList: { permissionId: number; active: boolean }[],
) {
  return withTenant(t.db, tenantId, (trx) => setRolePermissions(trx, { tenantId, tenantIsSystem, roleId, accessList }));
}

describe('setRolePermissions (docs/product/admin-roles-and-permissions.md#permission-save)', () => {
  test('tenant.project.detail.read is always granted', async () => {
    const role = await newRole(acme, 'Reader');
    expect(await save(acme, false, role, grant('tenant.document.read'))).toEqual([
      'tenant.document.read',
      'tenant.project.detail.read',
    ]);
    expect(await save(acme, false, role, revoke('tenant.project.detail.read'))).toContain('tenant.project.detail.read');
  });

  test('a non-system tenant without an active id 80 cannot grant internal permissions', async () => {
    const role = await newRole(acme, 'Sneaky');
    const held = await save(
      acme,
      false,
      role,
      grant('tenant.read', 'tenant.audit.log.read', 'tenant.project.detail.internal.read'),
    );
    expect(held).toEqual(['tenant.read', 'tenant.project.detail.read']);
  });

  test('with id 80 active, or in the system tenant, internal permissions are kept', async () => {
    const customer = await newRole(acme, 'Provider Liaison');
    expect(
      await save(acme, false, customer, grant('tenant.roles.permissions.internal.read', 'tenant.audit.log.read')),
    ).toEqual(expect.arrayContaining(['tenant.roles.permissions.internal.read', 'tenant.audit.log.read']));
    const system = await newRole(voxscreen, 'Auditor');
    expect(await save(voxscreen, true, system, grant('tenant.audit.log.read'))).toContain('tenant.audit.log.read');
  });

  test('a customer save without id 80 leaves internal permissions granted by the provider as they were', async () => {
    const role = await newRole(acme, 'Managed');
    await save(
      acme,
      false,
      role,
      grant('tenant.roles.permissions.internal.read', 'tenant.audit.log.read', 'tenant.read'),
    );
    const held = await save(acme, false, role, [
      ...revoke('tenant.audit.log.read', 'tenant.read'),
      ...grant('tenant.users.read'),
    ]);
    expect(held).toEqual(expect.arrayContaining(['tenant.audit.log.read', 'tenant.users.read']));
    expect(held).not.toContain('tenant.read');
  });

  test('unchecked entries become inactive and unlisted ones keep their state', async () => {
    const role = await newRole(acme, 'Editor');
    await save(acme, false, role, grant('tenant.read', 'tenant.users.read'));
    expect(await save(acme, false, role, revoke('tenant.read'))).toEqual([
      'tenant.users.read',
      'tenant.project.detail.read',
    ]);
  });

  test('an unknown permission id is a 422', async () => {
    const role = await newRole(acme, 'Typo');
    await expect(save(acme, false, role, [{ permissionId: 9999, active: true }])).rejects.toMatchObject({
      statusCode: 422,
      options: { code: 'UNKNOWN_PERMISSION' },
    });
  });

  test("a role of another tenant cannot be changed from this tenant's scope", async () => {
    const globex = await t.tenantId('Globex Logistics');
    const foreign = await newRole(globex, 'Foreign');
    await expect(save(acme, false, foreign, grant('tenant.read'))).rejects.toThrow();
  });
});

describe('createTenant, createRole, createUser', () => {
  test('account names are unique regardless of case', async () => {
    await expect(
      withSystem(t.db, (trx) => createTenant(trx, { name: ' acme insurance ', now: t.clock.now() })),
    ).rejects.toMatchObject({
      statusCode: 409,
      options: { code: 'TENANT_EXISTS' },
    });
  });

  test('role names are unique per tenant regardless of case', async () => {
    await expect(newRole(acme, 'customer admin')).rejects.toBeInstanceOf(HttpError);
  });

  test('e-mail addresses are unique across all tenants, even those the scope cannot see', async () => {
    await expect(
      withTenant(t.db, acme, (trx) =>
        createUser(trx, {
          tenantId: acme,
          email: 'DUAL@globex.test',
          firstName: 'A',
          lastName: 'B',
          now: t.clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, options: { code: 'EMAIL_EXISTS' } });
  });

  test("a membership's role must belong to the tenant of the membership", async () => {
    const voxRole = await withTenant(t.db, voxscreen, (trx) =>
      trx.selectFrom('roles').select('id').where('name', '=', 'Voxscreen Admin').executeTakeFirstOrThrow(),
    );
    const userId = await withTenant(t.db, acme, (trx) =>
      createUser(trx, {
        tenantId: acme,
        email: 'escalate@acme.test',
        firstName: 'E',
        lastName: 'S',
        now: t.clock.now(),
      }),
    );
    await expect(
      withSystem(t.db, (trx) =>
        addUserToTenant(trx, { userId, tenantId: acme, roleId: voxRole.id, now: t.clock.now() }),
      ),
    ).rejects.toThrow(/foreign key/);
  });

  test('a new tenant comes with the standard roles and permissions', async () => {
    const { tenant, roles } = await withSystem(t.db, (trx) =>
      createTenant(trx, { name: 'Initech', now: t.clock.now() }),
    );
    expect(tenant).toMatchObject({ name: 'Initech', is_system: false, is_active: true });
    expect([...roles.keys()]).toHaveLength(7);
    const held = await withTenant(t.db, tenant.id, (trx) =>
      trx
        .selectFrom('role_permissions')
        .select('permission_id')
        .where('role_id', '=', roles.get('Customer Admin')!)
        .execute(),
    );
    expect(held.length).toBeGreaterThan(50);
  });
});
