import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createUnprivilegedUser } from '../../../testing/create-unprivileged-user';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createRole } from '../../user-service';

let t: TestApp;
let acme: number;
let globex: number;
let analyst: SignedIn;
let unprivileged: SignedIn;
let unprivilegedTenant: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  const user = await createUnprivilegedUser(t);
  unprivilegedTenant = user.tenantId;
  [analyst, unprivileged] = await Promise.all([t.signIn('analyst@acme.test'), t.signIn(user.email)]);
  await withTenant(t.db, globex, (trx) =>
    createRole(trx, {
      tenantId: globex,
      name: 'Globex Route Planner',
      description: 'Only Globex has it',
      now: t.clock.now(),
    }),
  );
});
afterAll(() => t.close());

describe('GET project/roles', () => {
  test("lists the operating tenant's roles by name, without the call-center roles, with their tenant", async () => {
    const roles = await t.api.ok('listProjectTeamRoles', {
      token: analyst,
      operatingTenant: acme,
      query: { tenantId: acme },
    });
    const names = roles.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Analyst', 'Customer Admin', 'Tenant Support']));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names.filter((n) => n.startsWith('Call Center'))).toEqual([]);
    expect(names).not.toContain('Globex Route Planner');
    for (const role of roles) expect(role.tenant).toEqual({ tenantId: acme, tenantName: 'Acme Insurance' });
    expect(roles.find((r) => r.name === 'Analyst')).toMatchObject({
      roleId: expect.any(Number),
      description: expect.any(String),
    });
  });

  test("another tenant's id is refused, even when the user may operate there", async () => {
    const dual = await t.signIn('dual@globex.test');
    expect(
      (
        await t.api.fails('listProjectTeamRoles', 403, {
          token: dual,
          operatingTenant: acme,
          query: { tenantId: globex },
        })
      ).code,
    ).toBe('TENANT_FORBIDDEN');
    const own = await t.api.ok('listProjectTeamRoles', {
      token: dual,
      operatingTenant: globex,
      query: { tenantId: globex },
    });
    expect(own.map((r) => r.name)).toContain('Globex Route Planner');
  });

  test('a role without project permissions is refused', async () => {
    const body = await t.api.fails('listProjectTeamRoles', 403, {
      token: unprivileged,
      operatingTenant: unprivilegedTenant,
      query: { tenantId: unprivilegedTenant },
    });
    expect(body.code).toBe('FORBIDDEN');
  });
});

describe('GET project/business-line/data', () => {
  test('answers the four cascading levels, every entry under an existing parent of the level above, and the tags', async () => {
    const data = await t.api.ok('getBusinessLineData', { token: analyst, operatingTenant: acme });
    expect(data.levels).toEqual([
      { key: 'INDUSTRY', label: 'Industry' },
      { key: 'BUSINESS_UNIT', label: 'Business Unit' },
      { key: 'BUSINESS_FUNCTION', label: 'Business Function' },
      { key: 'USE_CASE', label: 'Use Case' },
    ]);
    const byId = new Map(data.items.map((item) => [item.id, item]));
    const depth = (key: string) => data.levels.findIndex((l) => l.key === key);
    for (const item of data.items) {
      if (item.level === 'INDUSTRY') expect(item.parentId).toBeNull();
      else expect(depth(byId.get(item.parentId!)!.level)).toBe(depth(item.level) - 1);
    }
    const industries = data.items.filter((i) => i.level === 'INDUSTRY').map((i) => i.label);
    expect(industries).toEqual([
      'Insurance',
      'Banking and Financial Services',
      'Transportation and Logistics',
      'Public Sector',
    ]);
    // Every industry leads down to at least one use case.
    const hasChildren = (id: number) => data.items.some((i) => i.parentId === id);
    for (const item of data.items.filter((i) => i.level !== 'USE_CASE')) expect(hasChildren(item.id)).toBe(true);
    expect(data.tags.map((tag) => tag.value)).toContain('OTHER');
  });

  test('is the same reference data in every tenant, and needs a project permission', async () => {
    const dual = await t.signIn('dual@globex.test');
    const fromGlobex = await t.api.ok('getBusinessLineData', { token: dual, operatingTenant: globex });
    const fromAcme = await t.api.ok('getBusinessLineData', { token: analyst, operatingTenant: acme });
    expect(fromGlobex).toEqual(fromAcme);
    expect(
      (await t.api.fails('getBusinessLineData', 403, { token: unprivileged, operatingTenant: unprivilegedTenant }))
        .code,
    ).toBe('FORBIDDEN');
  });
});

describe('GET project/additional-json', () => {
  test('answers the form choices with one default each, and the ranges the server enforces', async () => {
    const options = await t.api.ok('getProjectFormOptions', { token: analyst, operatingTenant: acme });
    const lists = [
      options.interviewMethods,
      options.multilingualPhoneOptions,
      options.integrationMethods,
      options.accessCodeBehaviors,
      options.guideUrlOptions,
      options.irnVerificationMethods,
      options.phoneNumberStatuses,
      options.telcos,
    ];
    for (const list of lists) expect(list.filter((o) => o.default)).toHaveLength(1);
    // docs/product/project-lookups.md#form-options: default interview method 2; ivrOption and callDelayBy 1-15 (default 5, units of 3 s); IRN length 6-15.
    expect(options.interviewMethods.find((m) => m.default)).toMatchObject({ id: 2, key: 'DIAL_IN' });
    expect(options.directInterviewMethodIds).toEqual([1]);
    expect(options.ranges).toEqual({
      ivrOption: { min: 1, max: 15, default: null },
      callDelayBy: { min: 1, max: 15, default: 5 },
      irnLength: { min: 6, max: 15, default: 6 },
      autoReminderTimeInDays: { min: 1, max: 30, default: 3 },
    });
    expect(options.callDelayUnitSeconds).toBe(3);
    expect(options.questionnaireTypes).toHaveLength(6);
    expect(options.securityTypes).toEqual(['API_KEY', 'CLIENT_CREDENTIAL']);
    expect(options.lockedAdditionalFieldKeys).toEqual([
      'SMS_TEST_PHONE_NUMBER',
      'SMS_COUNTRY_CODE',
      'PROJECT_LANGUAGES',
    ]);
  });

  test('needs a project permission', async () => {
    expect(
      (await t.api.fails('getProjectFormOptions', 403, { token: unprivileged, operatingTenant: unprivilegedTenant }))
        .code,
    ).toBe('FORBIDDEN');
  });
});
