import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { ASSIGNED, CANNOT_REMOVE_DEFAULT, REMOVED, SELECT_USER_AND_ROLE } from './team-rules';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let dual: SignedIn;
let project: number;
let globexProject: number;
let adminId: number;
let analystId: number;
let agentId: number;
let analystRole: number;
let callCenterRole: number;

const asAdmin = { token: undefined as unknown as SignedIn, operatingTenant: 0 };
const team = (id = project) => t.api.ok('getProjectTeam', { ...asAdmin, params: { id } });
const teamRows = () =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('project_team_members').select(['user_id', 'role_id']).where('project_id', '=', project).execute(),
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst, dual] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
  Object.assign(asAdmin, { token: admin, operatingTenant: acme });
  await withSystem(t.db, async (trx) => {
    const firstProject = async (tenantId: number) =>
      (
        await trx
          .selectFrom('projects')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    project = await firstProject(acme);
    globexProject = await firstProject(globex);
    const userId = async (email: string) =>
      (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const ids = await Promise.all(['admin@acme.test', 'analyst@acme.test', 'agent@acme.test'].map(userId));
    [adminId, analystId, agentId] = ids as [number, number, number];
    const roleId = async (name: string) =>
      (
        await trx
          .selectFrom('roles')
          .select('id')
          .where('tenant_id', '=', acme)
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    analystRole = await roleId('Analyst');
    callCenterRole = await roleId('Call Center Agent');
    // A clean team for this suite: only the seeded default member stays.
    await trx
      .deleteFrom('project_team_members')
      .where('project_id', '=', project)
      .where('is_default', '=', false)
      .execute();
  });
});
afterAll(() => t.close());

describe('GET project/{id}/projectTeam', () => {
  test('lists the members with role and default flag; the seeded owner is a default user', async () => {
    const members = await team();
    expect(members.length).toBeGreaterThanOrEqual(1);
    expect(members.find((m) => m.userId === adminId)).toMatchObject({
      isDefaultUser: true,
      firstName: expect.any(String),
    });
  });

  test("another tenant's project is 404, and an analyst may read", async () => {
    await t.api.fails('getProjectTeam', 404, { ...asAdmin, params: { id: globexProject } });
    expect(
      await t.api.ok('getProjectTeam', { token: analyst, operatingTenant: acme, params: { id: project } }),
    ).toBeInstanceOf(Array);
  });
});

describe('GET project/user-role-List', () => {
  test('lists the tenant users with their project role when they have one', async () => {
    const users = await t.api.ok('listProjectUserRoles', { ...asAdmin, query: { tenantId: acme, projectId: project } });
    expect(users.find((u) => u.userId === adminId)).toMatchObject({ roleId: expect.any(Number), isDefaultUser: true });
    expect(users.find((u) => u.userId === analystId)).toMatchObject({ roleId: null, roleName: null });
  });

  test('another tenantId is 403; another tenant project is 404', async () => {
    await t.api.fails('listProjectUserRoles', 403, { ...asAdmin, query: { tenantId: globex, projectId: project } });
    await t.api.fails('listProjectUserRoles', 404, { ...asAdmin, query: { tenantId: acme, projectId: globexProject } });
  });
});

describe('POST project/{id}/assign and unassign', () => {
  const assign = (body: Record<string, unknown>, token = admin) =>
    t.api.call('assignProjectTeam', { token, operatingTenant: acme, params: { id: project }, body });

  test('no role or no user is 422 with the spec message; nothing changes', async () => {
    const before = await teamRows();
    for (const body of [
      { tenantId: acme, roleId: null, userIds: [analystId] },
      { tenantId: acme, roleId: analystRole, userIds: [] },
    ]) {
      const answer = await assign(body);
      expect(answer.status).toBe(422);
      expect((answer.body as { message: string }).message).toBe(SELECT_USER_AND_ROLE);
    }
    expect(await teamRows()).toEqual(before);
  });

  test('a call-center role, a user of another tenant and a member already on the team are refused', async () => {
    const before = await teamRows();
    expect((await assign({ tenantId: acme, roleId: callCenterRole, userIds: [analystId] })).status).toBe(422);
    const globexUser = await withSystem(t.db, (trx) =>
      trx.selectFrom('users').select('id').where('email', '=', 'dual@globex.test').executeTakeFirstOrThrow(),
    );
    expect((await assign({ tenantId: acme, roleId: analystRole, userIds: [globexUser.id] })).status).toBe(422);
    expect((await assign({ tenantId: acme, roleId: analystRole, userIds: [adminId] })).status).toBe(409);
    expect((await assign({ tenantId: globex, roleId: analystRole, userIds: [analystId] })).status).toBe(403);
    expect((await assign({ tenantId: acme, roleId: analystRole, userIds: [analystId] }, analyst)).status).toBe(403);
    expect(await teamRows()).toEqual(before);
  });

  test('assigns, lists, then removes a member', async () => {
    const answer = await assign({ tenantId: acme, roleId: analystRole, userIds: [analystId, agentId] });
    expect(answer).toMatchObject({ status: 200, body: { message: ASSIGNED } });
    const members = await team();
    expect(members.find((m) => m.userId === analystId)).toMatchObject({
      roleId: analystRole,
      roleName: 'Analyst',
      isDefaultUser: false,
    });
    const removed = await t.api.ok('unassignProjectTeam', {
      ...asAdmin,
      params: { id: project },
      body: { tenantId: acme, users: [agentId] },
    });
    expect(removed.message).toBe(REMOVED);
    expect((await team()).map((m) => m.userId)).not.toContain(agentId);
  });

  test('removing yourself is 403, a default user 422, a non-member 404, another tenant 403; nothing changes', async () => {
    const before = await teamRows();
    const unassign = (users: number[], tenantId = acme) =>
      t.api.call('unassignProjectTeam', { ...asAdmin, params: { id: project }, body: { tenantId, users } });
    expect((await unassign([adminId])).status).toBe(403);
    await withSystem(t.db, (trx) =>
      trx.updateTable('project_team_members').set({ is_default: true }).where('user_id', '=', analystId).execute(),
    );
    const defaultAnswer = await unassign([analystId]);
    expect(defaultAnswer).toMatchObject({ status: 422, body: { message: CANNOT_REMOVE_DEFAULT } });
    expect((await unassign([agentId])).status).toBe(404);
    expect((await unassign([analystId], globex)).status).toBe(403);
    expect(await teamRows()).toEqual(before);
  });

  test("the dual user operating in Acme cannot touch Globex's project through Acme", async () => {
    const answer = await t.api.call('assignProjectTeam', {
      token: dual,
      operatingTenant: acme,
      params: { id: globexProject },
      body: { tenantId: acme, roleId: analystRole, userIds: [analystId] },
    });
    expect(answer.status).toBe(404);
  });
});
