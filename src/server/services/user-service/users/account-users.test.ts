/** Admin, the users of an account (docs/product/admin-users.md#user-list, docs/product/admin-users.md#rules, docs/product/admin-users.md#calls). */
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { FormValue, SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;
const roleIds = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, globexAdmin] = await t.signInAs('admin@acme.test', 'dual@globex.test');
  for (const role of await t.api.ok('listRoles', { token: acmeAdmin, operatingTenant: acme }))
    roleIds.set(role.name, role.roleId);
});
afterAll(() => t.close());

const asAcme = { token: () => acmeAdmin, operatingTenant: () => acme };
const acmeCall = () => ({ token: asAcme.token(), operatingTenant: asAcme.operatingTenant() });

const newUser = (overrides: Record<string, FormValue> = {}): Record<string, FormValue> => ({
  tenantId: acme,
  firstName: 'Milton',
  lastName: 'Waddams',
  email: 'Milton@Acme.test',
  title: 'Collator',
  roleId: roleIds.get('Analyst')!,
  isActive: true,
  ...overrides,
});

const userRow = (email: string) =>
  withSystem(t.db, (trx) => trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst());

describe('users', () => {
  test('Add User: created Active in the operating account with the role, invited to set a password, listed', async () => {
    const created = await t.api.ok('createUser', { ...acmeCall(), form: newUser() });
    expect(created).toMatchObject({
      tenantId: acme,
      email: 'milton@acme.test',
      roleName: 'Analyst',
      isActive: true,
      title: 'Collator',
      privilegeId: null,
    });
    const mail = await withSystem(t.db, (trx) =>
      trx.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'milton@acme.test').execute(),
    );
    expect(mail.map((m) => m.template_type)).toEqual(['USER_INVITATION']);
    const listed = await t.api.ok('listAccountUsers', { ...acmeCall(), params: { tenantId: acme } });
    expect(listed.find((u) => u.email === 'milton@acme.test')).toMatchObject({
      roleName: 'Analyst',
      isActive: true,
      lastLoginDateTime: null,
    });
    expect(await t.api.ok('getUser', { ...acmeCall(), params: { id: created.id } })).toEqual(created);
  });

  test('Add User rules of docs/product/admin-users.md#rules answer 422 with their messages', async () => {
    const body = await t.api.fails('createUser', 422, {
      ...acmeCall(),
      form: newUser({ firstName: '', lastName: ' ', title: '', email: 'bad', roleId: null }),
    });
    expect(body.errors).toEqual([
      { field: 'firstName', message: 'First Name is required' },
      { field: 'lastName', message: 'Last Name is required' },
      { field: 'title', message: 'Title is required' },
      { field: 'email', message: 'Email is invalid' },
      { field: 'roleId', message: 'Please select role' },
    ]);
    const privilege = await t.api.fails('createUser', 422, {
      ...acmeCall(),
      form: newUser({ email: 'p@acme.test', privilegeId: 1 }),
    });
    expect(privilege.errors).toEqual([
      { field: 'privilegeId', message: 'This field is not used in this environment.' },
    ]);
    expect(
      (await t.api.fails('createUser', 409, { ...acmeCall(), form: newUser({ email: 'DUAL@globex.test' }) })).code,
    ).toBe('EMAIL_EXISTS');
  });

  test("an e-mail taken outside the caller's tenants is refused without saying that it exists", async () => {
    for (const email of ['Nobody@Voxscreen.test', 'support@voxscreen.test']) {
      const body = await t.api.fails('createUser', 409, { ...acmeCall(), form: newUser({ email }) });
      expect(body).toMatchObject({
        code: 'EMAIL_UNAVAILABLE',
        message: 'This e-mail address cannot be used for a new user.',
        errors: [{ field: 'email', message: 'Email cannot be used' }],
      });
      expect(JSON.stringify(body)).not.toMatch(/exist|voxscreen/i);
    }
    // A member of the caller's tenant (home elsewhere) is still named as taken.
    const member = await t.api.fails('createUser', 409, {
      ...acmeCall(),
      form: newUser({ email: 'dual@globex.test' }),
    });
    expect(member).toMatchObject({
      code: 'EMAIL_EXISTS',
      message: 'A user with the e-mail dual@globex.test already exists.',
    });
  });

  test('the call-center roles are not offered; a role beyond the caller is refused; a foreign role is unknown', async () => {
    for (const name of ['Call Center Admin', 'Call Center Supervisor', 'Call Center Agent']) {
      const body = await t.api.fails('createUser', 422, {
        ...acmeCall(),
        form: newUser({ email: 'cc@acme.test', roleId: roleIds.get(name)! }),
      });
      expect(body.errors).toEqual([{ field: 'roleId', message: 'Please select role' }]);
    }
    const escalation = await t.api.fails('createUser', 403, {
      ...acmeCall(),
      form: newUser({ email: 'esc@acme.test', roleId: roleIds.get('Voxscreen Admin')! }),
    });
    expect(escalation.code).toBe('PERMISSION_ESCALATION');
    const globexRole = (await t.api.ok('listRoles', { token: globexAdmin, operatingTenant: globex }))[0]!.roleId;
    const foreign = await t.api.fails('createUser', 422, {
      ...acmeCall(),
      form: newUser({ email: 'foreign@acme.test', roleId: globexRole }),
    });
    expect(foreign.errors).toEqual([{ field: 'roleId', message: 'Please select role' }]);
    expect(await userRow('esc@acme.test')).toBeUndefined();
  });

  test("a customer admin of Acme cannot read, edit, delete or create Globex's users, and nothing changes", async () => {
    const globexUser = (await userRow('dual@globex.test'))!;
    await t.api.fails('getUser', 404, { ...acmeCall(), params: { id: globexUser.id } });
    await t.api.fails('updateUser', 404, {
      ...acmeCall(),
      params: { id: globexUser.id },
      body: { firstName: 'X', lastName: 'Y', title: 'Z', isActive: false },
    });
    await t.api.fails('deleteUser', 404, { ...acmeCall(), params: { id: globexUser.id } });
    expect((await t.api.fails('listAccountUsers', 403, { ...acmeCall(), params: { tenantId: globex } })).code).toBe(
      'TENANT_FORBIDDEN',
    );
    expect(
      (
        await t.api.fails('createUser', 403, {
          ...acmeCall(),
          form: newUser({ tenantId: globex, email: 'in@globex.test' }),
        })
      ).code,
    ).toBe('TENANT_FORBIDDEN');
    expect(await userRow('dual@globex.test')).toEqual(globexUser);
    expect(await userRow('in@globex.test')).toBeUndefined();
    // The session of the Globex user still works.
    await t.api.ok('getUserInfo', { token: globexAdmin, operatingTenant: globex });
  });

  test('Edit User: names, title, role and status change, the e-mail cannot; deactivation ends the sessions at once', async () => {
    const analyst = (await userRow('analyst@acme.test'))!;
    const session = await t.signIn('analyst@acme.test');
    await t.api.ok('getUserInfo', { token: session, operatingTenant: acme });
    const edited = await t.api.ok('updateUser', {
      ...acmeCall(),
      params: { id: analyst.id },
      body: {
        firstName: 'Nora',
        lastName: 'Patel-Shah',
        title: 'Senior Analyst',
        isActive: false,
        roleId: roleIds.get('Customer Admin')!,
      },
    });
    expect(edited).toMatchObject({
      lastName: 'Patel-Shah',
      title: 'Senior Analyst',
      isActive: false,
      roleName: 'Customer Admin',
      email: 'analyst@acme.test',
    });
    expect((await t.api.call('getUserInfo', { token: session, operatingTenant: acme })).status).toBe(401);
    expect(
      (await t.api.call('userLogin', { body: { email: 'analyst@acme.test', password: 'Voxscreen!2026' } })).status,
    ).toBe(401);
    await t.api.ok('updateUser', {
      ...acmeCall(),
      params: { id: analyst.id },
      body: {
        firstName: 'Nora',
        lastName: 'Patel',
        title: 'Risk Analyst',
        isActive: true,
        roleId: roleIds.get('Analyst')!,
      },
    });
    await t.signIn('analyst@acme.test');
    const rules = await t.api.fails('updateUser', 422, {
      ...acmeCall(),
      params: { id: analyst.id },
      body: { firstName: '', lastName: '', title: '', isActive: true },
    });
    expect(rules.errors).toEqual([
      { field: 'firstName', message: 'First Name is required' },
      { field: 'lastName', message: 'Last Name is required' },
      { field: 'title', message: 'Title is required' },
    ]);
    await t.api.fails('updateUser', 400, {
      ...acmeCall(),
      params: { id: analyst.id },
      body: { firstName: 'N', lastName: 'P', title: 'T', isActive: true, email: 'new@acme.test' },
    });
  });

  test('nobody deactivates or deletes themselves', async () => {
    const me = (await userRow('admin@acme.test'))!;
    const body = await t.api.fails('updateUser', 422, {
      ...acmeCall(),
      params: { id: me.id },
      body: { firstName: 'Alicia', lastName: 'Moreno', title: 'Risk Operations Manager', isActive: false },
    });
    expect(body.errors).toEqual([{ field: 'isActive', message: 'You cannot deactivate yourself.' }]);
    expect((await t.api.fails('deleteUser', 422, { ...acmeCall(), params: { id: me.id } })).code).toBe('SELF_DELETE');
  });

  test('Delete: the user and their memberships go, their open session answers 401 on its next call', async () => {
    const created = await t.api.ok('createUser', {
      ...acmeCall(),
      form: newUser({ email: 'temp@acme.test', firstName: 'Tom', lastName: 'Smykowski' }),
    });
    const [invitation] = await t.sentTo('temp@acme.test');
    const token = invitation!.body_text;
    await t.api.ok('confirmPasswordReset', {
      body: { token: /token=([A-Za-z0-9_-]+)/.exec(token)![1]!, password: 'Temp-Passw0rd!' },
    });
    const session = await t.signIn('temp@acme.test', { password: 'Temp-Passw0rd!' });
    expect(await t.api.ok('deleteUser', { ...acmeCall(), params: { id: created.id } })).toEqual({
      data: 'User Tom Smykowski Deleted Successfully',
    });
    expect((await t.api.call('getUserInfo', { token: session, operatingTenant: acme })).status).toBe(401);
    expect(await userRow('temp@acme.test')).toBeUndefined();
    await t.api.fails('deleteUser', 404, { ...acmeCall(), params: { id: created.id } });
  });
});
