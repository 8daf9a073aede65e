/** Admin, roles and the permission matrix (docs/product/admin-roles-and-permissions.md#permission-save, docs/product/admin-roles-and-permissions.md#permission-matrix). */
import { permissionId } from '../../../../shared/permissions';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let voxscreen: number;
let acme: number;
let globex: number;
let provider: SignedIn;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;
const roleIds = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  ({ voxscreen, acme, globex } = await t.seededTenants());
  [provider, acmeAdmin, globexAdmin] = await t.signInAs('admin@voxscreen.test', 'admin@acme.test', 'dual@globex.test');
  for (const role of await t.api.ok('listRoles', { token: acmeAdmin, operatingTenant: acme }))
    roleIds.set(role.name, role.roleId);
});
afterAll(() => t.close());

const asAcme = { token: () => acmeAdmin, operatingTenant: () => acme };
const acmeCall = () => ({ token: asAcme.token(), operatingTenant: asAcme.operatingTenant() });

const userRow = (email: string) =>
  withSystem(t.db, (trx) => trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst());
const grants = (...names: string[]) => names.map((n) => ({ permissionId: permissionId(n), active: true }));
const activeOf = (matrix: { permissions: Record<string, { permission: string; active: boolean }[] | undefined> }) =>
  Object.values(matrix.permissions)
    .flatMap((group) => (group ?? []).filter((p) => p.active).map((p) => p.permission))
    .sort();

describe('roles and the permission matrix', () => {
  test("Create Role: 'Role Name is required', unique per account, starts with tenant.project.detail.read only", async () => {
    expect(
      (await t.api.fails('createRole', 422, { ...acmeCall(), body: { tenantId: acme, name: '  ' } })).errors,
    ).toEqual([{ field: 'name', message: 'Role Name is required' }]);
    const role = await t.api.ok('createRole', {
      ...acmeCall(),
      body: { tenantId: acme, name: 'Claims Reviewer', description: 'Reviews claims' },
    });
    expect(role).toMatchObject({ name: 'Claims Reviewer', description: 'Reviews claims', tenantId: acme });
    expect(
      (await t.api.fails('createRole', 409, { ...acmeCall(), body: { tenantId: acme, name: 'claims reviewer' } })).code,
    ).toBe('ROLE_EXISTS');
    expect(activeOf(await t.api.ok('getRolePermissions', { ...acmeCall(), query: { roleId: role.roleId } }))).toEqual([
      'tenant.project.detail.read',
    ]);
    expect(
      (await t.api.fails('createRole', 403, { ...acmeCall(), body: { tenantId: globex, name: 'Sneaky' } })).code,
    ).toBe('TENANT_FORBIDDEN');
  });

  test('a customer admin sees no internal group; the system tenant sees and may edit it', async () => {
    const customer = await t.api.ok('getRolePermissions', {
      ...acmeCall(),
      query: { roleId: roleIds.get('Analyst')! },
    });
    expect(customer.internalEditable).toBe(false);
    expect(customer.permissions.internal_permission).toBeUndefined();
    expect(customer.permissions.project_permission[0]).toMatchObject({
      permissionId: 36,
      permissionNumber: 36,
      permission: 'tenant.project.detail.read',
      resource: 'tenant.project.detail',
      access_type: 'read',
      active: true,
    });
    const voxRole = (await t.api.ok('listRoles', { token: provider, operatingTenant: voxscreen })).find(
      (r) => r.name === 'Tenant Support',
    )!;
    const system = await t.api.ok('getRolePermissions', {
      token: provider,
      operatingTenant: voxscreen,
      query: { roleId: voxRole.roleId },
    });
    expect(system.internalEditable).toBe(true);
    expect(system.permissions.internal_permission?.map((p) => p.permissionId)).toContain(80);
  });

  test('a role assigned with two permissions gives its user exactly those (plus tenant.project.detail.read)', async () => {
    const role = await t.api.ok('createRole', { ...acmeCall(), body: { tenantId: acme, name: 'Documents Only' } });
    const saved = await t.api.ok('saveRolePermissions', {
      ...acmeCall(),
      body: { tenantId: acme, roleId: role.roleId, accessList: grants('tenant.document.read', 'tenant.users.read') },
    });
    expect(saved.message).toBe('Role permission updated successfully');
    expect(activeOf(saved.data)).toEqual(['tenant.document.read', 'tenant.project.detail.read', 'tenant.users.read']);
    const agent = (await userRow('agent@acme.test'))!;
    await t.api.ok('updateUser', {
      ...acmeCall(),
      params: { id: agent.id },
      body: { firstName: 'Andre', lastName: 'Lewis', title: 'Call Center Agent', isActive: true, roleId: role.roleId },
    });
    const session = await t.signIn('agent@acme.test');
    const info = await t.api.ok('getUserInfo', { token: session, operatingTenant: acme });
    expect(info.rolePermission.permissions.map((p) => p.permission).sort()).toEqual([
      'tenant.document.read',
      'tenant.project.detail.read',
      'tenant.users.read',
    ]);
  });

  test('permission save keeps tenant.project.detail.read, deactivates unchecked ones', async () => {
    const role = await t.api.ok('createRole', { ...acmeCall(), body: { tenantId: acme, name: 'Keeper' } });
    await t.api.ok('saveRolePermissions', {
      ...acmeCall(),
      body: { tenantId: acme, roleId: role.roleId, accessList: grants('tenant.read', 'tenant.users.read') },
    });
    const saved = await t.api.ok('saveRolePermissions', {
      ...acmeCall(),
      body: {
        tenantId: acme,
        roleId: role.roleId,
        accessList: [
          { permissionId: permissionId('tenant.read'), active: false },
          { permissionId: 36, active: false },
        ],
      },
    });
    expect(activeOf(saved.data)).toEqual(['tenant.project.detail.read', 'tenant.users.read']);
  });

  test('a customer admin cannot touch the internal group (even listing id 80) nor grant what they lack', async () => {
    const role = await t.api.ok('createRole', { ...acmeCall(), body: { tenantId: acme, name: 'Internal Attempt' } });
    // Issue 11: refused and named, no longer dropped silently behind "updated successfully".
    const refused = await t.api.fails('saveRolePermissions', 403, {
      ...acmeCall(),
      body: {
        tenantId: acme,
        roleId: role.roleId,
        accessList: grants('tenant.roles.permissions.internal.read', 'tenant.audit.log.read', 'tenant.read'),
      },
    });
    expect(refused.code).toBe('INTERNAL_PERMISSION_REFUSED');
    expect(refused.errors?.map((e) => e.message)).toEqual([
      'tenant.roles.permissions.internal.read is an internal permission',
      'tenant.audit.log.read is an internal permission',
    ]);
    const saved = await t.api.ok('saveRolePermissions', {
      ...acmeCall(),
      body: { tenantId: acme, roleId: role.roleId, accessList: grants('tenant.read') },
    });
    expect(activeOf(saved.data)).toEqual(['tenant.project.detail.read', 'tenant.read']);
    const escalation = await t.api.fails('saveRolePermissions', 403, {
      ...acmeCall(),
      body: { tenantId: acme, roleId: role.roleId, accessList: grants('tenant.create') },
    });
    expect(escalation.code).toBe('PERMISSION_ESCALATION');
    expect(
      (
        await t.api.fails('saveRolePermissions', 422, {
          ...acmeCall(),
          body: { tenantId: acme, roleId: role.roleId, accessList: [{ permissionId: 9999, active: true }] },
        })
      ).code,
    ).toBe('UNKNOWN_PERMISSION');
  });

  test('the provider operating in a customer account keeps internal permissions only with an active id 80', async () => {
    const role = await t.api.ok('createRole', {
      token: provider,
      operatingTenant: acme,
      body: { tenantId: acme, name: 'Provider Liaison' },
    });
    const without = await t.api.fails('saveRolePermissions', 422, {
      token: provider,
      operatingTenant: acme,
      body: { tenantId: acme, roleId: role.roleId, accessList: grants('tenant.audit.log.read') },
    });
    expect(without.code).toBe('INTERNAL_PERMISSION_REFUSED');
    const withGate = await t.api.ok('saveRolePermissions', {
      token: provider,
      operatingTenant: acme,
      body: {
        tenantId: acme,
        roleId: role.roleId,
        accessList: grants('tenant.roles.permissions.internal.read', 'tenant.audit.log.read'),
      },
    });
    expect(activeOf(withGate.data)).toEqual([
      'tenant.audit.log.read',
      'tenant.project.detail.read',
      'tenant.roles.permissions.internal.read',
    ]);
    expect(withGate.data.internalEditable).toBe(false);
  });

  test("a customer admin of Acme cannot read or change Globex's roles, and nothing changes", async () => {
    const globexRole = (await t.api.ok('listRoles', { token: globexAdmin, operatingTenant: globex })).find(
      (r) => r.name === 'Analyst',
    )!;
    const before = await t.api.ok('getRolePermissions', {
      token: globexAdmin,
      operatingTenant: globex,
      query: { roleId: globexRole.roleId },
    });
    await t.api.fails('getRolePermissions', 404, { ...acmeCall(), query: { roleId: globexRole.roleId } });
    await t.api.fails('saveRolePermissions', 404, {
      ...acmeCall(),
      body: { tenantId: acme, roleId: globexRole.roleId, accessList: grants('tenant.read') },
    });
    expect(
      (
        await t.api.fails('saveRolePermissions', 403, {
          ...acmeCall(),
          body: { tenantId: globex, roleId: globexRole.roleId, accessList: grants('tenant.read') },
        })
      ).code,
    ).toBe('TENANT_FORBIDDEN');
    expect((await t.api.ok('listRoles', acmeCall())).map((r) => r.roleId)).not.toContain(globexRole.roleId);
    expect(
      await t.api.ok('getRolePermissions', {
        token: globexAdmin,
        operatingTenant: globex,
        query: { roleId: globexRole.roleId },
      }),
    ).toEqual(before);
  });
});

describe('listTenantRoles: the roles a caller may give (one rule with the user save)', () => {
  test("a Customer Admin is offered neither the call-center roles nor 'Voxscreen Admin', and the save agrees", async () => {
    const [acmeAdminToken] = await t.signInAs('admin@acme.test');
    const acmeId = await t.tenantId('Acme Insurance');
    const roles = await t.api.ok('listTenantRoles', { token: acmeAdminToken, operatingTenant: acmeId });
    const offered = roles.filter((role) => role.grantable).map((role) => role.name);
    expect(offered).toContain('Customer Admin');
    expect(offered).not.toContain('Voxscreen Admin');
    expect(offered.some((name) => name.startsWith('Call Center'))).toBe(false);
    // Every role the list refuses, the save refuses; every role it offers, the save accepts.
    for (const role of roles) {
      const response = await t.api.call('createUser', {
        token: acmeAdminToken,
        operatingTenant: acmeId,
        form: {
          tenantId: acmeId,
          firstName: 'Role',
          lastName: 'Probe',
          email: `probe-${role.roleId}@acme.test`,
          title: 'Probe',
          roleId: role.roleId,
          isActive: false,
        },
      });
      expect([role.name, response.status === 201]).toEqual([role.name, role.grantable]);
    }
  });

  test("the roles are the operating tenant's: no account is named, and another tenant's header is refused", async () => {
    const [acmeAdminToken, dualToken] = await t.signInAs('admin@acme.test', 'dual@globex.test');
    const acmeId = await t.tenantId('Acme Insurance');
    const globexId = await t.tenantId('Globex Logistics');
    const ids = (roles: Array<{ roleId: number }>) => roles.map((role) => role.roleId).sort();
    for (const [token, operatingTenant] of [
      [acmeAdminToken, acmeId],
      [dualToken, globexId],
    ] as const) {
      const offered = await t.api.ok('listTenantRoles', { token, operatingTenant });
      expect(ids(offered)).toEqual(ids(await t.api.ok('listRoles', { token, operatingTenant })));
    }
    await t.api.fails('listTenantRoles', 403, { token: acmeAdminToken, operatingTenant: globexId });
  });
});
