import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

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

describe('listUserTenants', () => {
  test('lists the memberships sorted by name, marking the home tenant', async () => {
    expect(await t.api.ok('listUserTenants', { token: await t.signIn('dual@globex.test') })).toEqual([
      { tenantId: acme, tenantName: 'Acme Insurance', isPrimaryTenant: false, totalNumberOfInterviews: 0 },
      { tenantId: globex, tenantName: 'Globex Logistics', isPrimaryTenant: true, totalNumberOfInterviews: 0 },
    ]);
    expect((await t.api.ok('listUserTenants', { token: systemAdmin })).map((x) => x.tenantName)).toEqual([
      'Acme Insurance',
      'Globex Logistics',
      'Voxscreen',
    ]);
  });

  test('is empty for the user without tenants', async () => {
    expect(await t.api.ok('listUserTenants', { token: await t.signIn('nobody@voxscreen.test') })).toEqual([]);
  });
});

test('listLanguages is public and ordered by id', async () => {
  expect(await t.api.ok('listLanguages')).toEqual([
    { id: 1, shortCode: 'en', label: 'English' },
    { id: 2, shortCode: 'es', label: 'Español' },
    { id: 3, shortCode: 'tl', label: 'Tagalog' },
  ]);
});

describe('listTenants', () => {
  test('the system tenant sees every account, newest first by default', async () => {
    const page = await t.api.ok('listTenants', { token: systemAdmin, operatingTenant: voxscreen });
    expect(page.totalTenants).toBeGreaterThanOrEqual(3);
    const stamps = page.tenantList.map((x) => x.createTs);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(page.tenantList.find((x) => x.tenantId === voxscreen)).toMatchObject({
      isSystemTenant: true,
      isActive: true,
    });
  });

  test('a customer tenant sees only itself, even when operating as a system user', async () => {
    expect(await t.api.ok('listTenants', { token: acmeAdmin, operatingTenant: acme })).toEqual({
      tenantList: [expect.objectContaining({ tenantId: acme, tenantName: 'Acme Insurance' })],
      totalTenants: 1,
    });
    const inAcme = await t.api.ok('listTenants', { token: systemAdmin, operatingTenant: acme });
    expect(inAcme.tenantList.map((x) => x.tenantId)).toEqual([acme]);
  });

  test('searches, sorts by name and pages', async () => {
    const found = await t.api.ok('listTenants', {
      token: systemAdmin,
      operatingTenant: voxscreen,
      query: { search: 'GLOB' },
    });
    expect(found.tenantList.map((x) => x.tenantName)).toEqual(['Globex Logistics']);
    expect(found.totalTenants).toBe(1);
    const wildcard = await t.api.ok('listTenants', {
      token: systemAdmin,
      operatingTenant: voxscreen,
      query: { search: '%' },
    });
    expect(wildcard.totalTenants).toBe(0);

    const byName = await t.api.ok('listTenants', {
      token: systemAdmin,
      operatingTenant: voxscreen,
      query: { tenantName: 'asc' },
    });
    const names = byName.tenantList.map((x) => x.tenantName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const second = await t.api.ok('listTenants', {
      token: systemAdmin,
      operatingTenant: voxscreen,
      query: { tenantName: 'asc', pageSize: 1, pageNumber: 1 },
    });
    expect(second.tenantList.map((x) => x.tenantName)).toEqual([names[1]]);
    expect(second.totalTenants).toBe(byName.totalTenants);
  });

  test('a page size above 1000 is refused by the contract', async () => {
    await t.api.fails('listTenants', 400, {
      token: systemAdmin,
      operatingTenant: voxscreen,
      query: { pageSize: 1001 },
    });
  });
});

describe('getTenantAttributes', () => {
  test('groups the attributes by type, sorted by sequence, in English by default', async () => {
    const { tenantAttributes } = await t.api.ok('getTenantAttributes', { token: acmeAdmin, operatingTenant: acme });
    expect(Object.keys(tenantAttributes).sort()).toEqual([
      'ACCOUNT_TYPE',
      'CURRENCY',
      'CUSTOMER_SEGMENT',
      'SPECIAL_PRIVILEGE',
      'SPECIAL_RESTRICTION',
    ]);
    expect(tenantAttributes.SPECIAL_PRIVILEGE?.[0]).toEqual({
      attributeId: 1,
      description: 'No Privilege Access',
      sequence: 1,
    });
    for (const group of Object.values(tenantAttributes)) {
      expect(group.map((a) => a.sequence)).toEqual([...group.map((a) => a.sequence)].sort((a, b) => a - b));
    }
  });

  test('answers in Spanish, and falls back to English for Tagalog', async () => {
    const es = await t.api.ok('getTenantAttributes', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { language_id: 2 },
    });
    expect(es.tenantAttributes.CUSTOMER_SEGMENT?.[0]?.description).toBe('Seguros');
    const tl = await t.api.ok('getTenantAttributes', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { language_id: 3 },
    });
    const en = await t.api.ok('getTenantAttributes', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { language_id: 1 },
    });
    expect(tl).toEqual(en);
  });
});

test('listEmbedDashboardUrls returns the configured dashboards', async () => {
  expect(await t.api.ok('listEmbedDashboardUrls', { token: systemAdmin, operatingTenant: voxscreen })).toEqual([
    { title: 'Operations', url: 'https://dash.example.test/ops' },
    { title: 'Quality', url: 'https://bi.example.test/q' },
  ]);
});

describe('listTenantProjects', () => {
  test('the system tenant sees every account with its projects, sorted by name', async () => {
    const accounts = await t.api.ok('listTenantProjects', { token: systemAdmin, operatingTenant: voxscreen });
    const names = accounts.map((a) => a.tenantName);
    expect(names).toEqual(expect.arrayContaining(['Acme Insurance', 'Globex Logistics', 'Voxscreen']));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byId = new Map(accounts.map((a) => [a.tenantId, a.projects.map((p) => p.name)]));
    expect(byId.get(acme)).toEqual([
      'Annual Compliance Review 2025',
      'Branch Audit Pilot',
      'Claims Integrity 2026',
      'New Hire Screening',
      'Vendor Due Diligence',
    ]);
    expect(byId.get(globex)).toEqual([
      'Customs Broker Vetting',
      'Driver Onboarding',
      'Fleet Contractor Check',
      'Warehouse Safety Review',
    ]);
    expect(byId.get(voxscreen)).toEqual([]);
  });

  test('a customer tenant sees only itself', async () => {
    const accounts = await t.api.ok('listTenantProjects', { token: acmeAdmin, operatingTenant: acme });
    expect(accounts.map((a) => a.tenantId)).toEqual([acme]);
    expect(accounts[0]!.projects).toHaveLength(5);
  });
});

describe('listTenantUsers', () => {
  test('lists the users whose home is the operating tenant, sorted by name', async () => {
    const users = await t.api.ok('listTenantUsers', { token: acmeAdmin, operatingTenant: acme, params: { id: acme } });
    expect(users.map((u) => u.email)).toEqual(['admin@acme.test', 'agent@acme.test', 'analyst@acme.test']);
    expect(users[0]).toMatchObject({
      firstName: 'Alicia',
      lastName: 'Moreno',
      title: 'Risk Operations Manager',
      roleName: 'Customer Admin',
      isActive: true,
    });
  });

  test("another tenant's id is refused with 403, even for a member of both", async () => {
    const dual = await t.signIn('dual@globex.test');
    expect(
      (await t.api.fails('listTenantUsers', 403, { token: dual, operatingTenant: acme, params: { id: globex } })).code,
    ).toBe('TENANT_FORBIDDEN');
    await t.api.fails('listTenantUsers', 403, { token: acmeAdmin, operatingTenant: acme, params: { id: globex } });
  });
});

test('listCallCenters lists the operating tenant’s call centers with their languages and address', async () => {
  const centers = await t.api.ok('listCallCenters', { token: acmeAdmin, operatingTenant: acme });
  expect(centers).toHaveLength(1);
  expect(centers[0]).toMatchObject({
    name: 'Acme Central Call Center',
    callCenterStatus: 'Active',
    languages: [
      { id: 1, shortCode: 'en', label: 'English' },
      { id: 2, shortCode: 'es', label: 'Español' },
    ],
    address: { type: 'Call Center', city: 'Chicago', country: 'United States', countryId: null },
  });
  const globexCenters = await t.api.ok('listCallCenters', { token: systemAdmin, operatingTenant: globex });
  expect(globexCenters.map((c) => c.name)).toEqual(['Globex Manila Contact Center']);
});

test('getAppVersion gives major.minor from package.json, the release date and the support e-mail', async () => {
  expect(await t.api.ok('getAppVersion')).toEqual({
    majorVersion: 0,
    minorVersion: 1,
    releaseDate: '2026-11-01',
    email: 'support@voxscreen.test',
  });
});

test('getClientConfiguration exposes the restricted environment, feature flags and branding', async () => {
  expect(await t.api.ok('getClientConfiguration')).toEqual({
    restrictedEnvironment: false,
    featureFlags: { analyticReports: true, recordings: false },
    branding: { productName: 'Voxscreen', providerName: 'Voxscreen', adminRoleName: 'Voxscreen Admin' },
    supportEmail: 'support@voxscreen.test',
    dataServiceBaseUrl: '/api',
    idleTimeoutMs: 10_800_000,
  });
});
