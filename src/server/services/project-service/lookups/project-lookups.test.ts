import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createUnprivilegedUser } from '../../../testing/create-unprivileged-user';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createRole } from '../../user-service/create-role';

let t: TestApp;
let acme: number;
let globex: number;
let analyst: SignedIn;
let unprivileged: SignedIn;
let unprivilegedTenant: number;

beforeAll(async () => {
  t = await createTestApp();
  [acme, globex] = await Promise.all([t.tenantId('Acme Insurance'), t.tenantId('Globex Logistics')]);
  const user = await createUnprivilegedUser(t);
  unprivilegedTenant = user.tenantId;
  [analyst, unprivileged] = await Promise.all([t.signIn('analyst@acme.test'), t.signIn(user.email)]);
  await withTenant(t.db, globex, (trx) => createRole(trx, { tenantId: globex, name: 'Globex Route Planner', description: 'Only Globex has it', now: t.clock.now() }));
});
afterAll(() => t.close());

describe('GET project/roles', () => {
  test("lists the operating tenant's roles by name, without the call-center roles, with their tenant", async () => {
    const roles = await t.api.ok('listProjectTeamRoles', { token: analyst, operatingTenant: acme, query: { tenantId: acme } });
    const names = roles.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Analyst', 'Customer Admin', 'Tenant Support']));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names.filter((n) => n.startsWith('Call Center'))).toEqual([]);
    expect(names).not.toContain('Globex Route Planner');
    for (const role of roles) expect(role.tenant).toEqual({ tenantId: acme, tenantName: 'Acme Insurance' });
    expect(roles.find((r) => r.name === 'Analyst')).toMatchObject({ roleId: expect.any(Number), description: expect.any(String) });
  });

  test("another tenant's id is refused, even when the user may operate there", async () => {
    const dual = await t.signIn('dual@globex.test');
    expect((await t.api.fails('listProjectTeamRoles', 403, { token: dual, operatingTenant: acme, query: { tenantId: globex } })).code).toBe('TENANT_FORBIDDEN');
    const own = await t.api.ok('listProjectTeamRoles', { token: dual, operatingTenant: globex, query: { tenantId: globex } });
    expect(own.map((r) => r.name)).toContain('Globex Route Planner');
  });

  test('a role without project permissions is refused', async () => {
    const body = await t.api.fails('listProjectTeamRoles', 403, { token: unprivileged, operatingTenant: unprivilegedTenant, query: { tenantId: unprivilegedTenant } });
    expect(body.code).toBe('FORBIDDEN');
  });
});
