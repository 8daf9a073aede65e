import { sql } from 'kysely';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject } from '../projects/projects-store';
import { readProjectLanguageConfig, saveProjectLanguageConfig } from './language-config-store';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;
let acmeProject: number;
let globexProject: number;

const check = (body: Record<string, unknown>, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('checkProjectCodeAndPhone', { token, operatingTenant, body });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, globexAdmin] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
  const now = t.clock.now();
  acmeProject = await withTenant(t.db, acme, async (trx) => {
    const id = await createProject(trx, { tenantId: acme, name: 'Code Check Acme', languageIds: [1, 2], now });
    await saveProjectLanguageConfig(trx, id, [
      { languageId: 1, projectCode: 'ACM-EN', dialInNumber: '+1 (800) 555-0911', ivrOption: 1, callDelayBy: 5 },
      { languageId: 2, projectCode: 'ACM-ES', dialInNumber: '800-555-0912', callDelayBy: 3 },
    ]);
    return id;
  });
  globexProject = await withTenant(t.db, globex, async (trx) => {
    const id = await createProject(trx, { tenantId: globex, name: 'Code Check Globex', languageIds: [1], now });
    await saveProjectLanguageConfig(trx, id, [
      { languageId: 1, projectCode: 'GLX-EN', dialInNumber: '+18005550911', callDelayBy: 5 },
    ]);
    return id;
  });
});
afterAll(() => t.close());

describe('project language configuration (store)', () => {
  test('stores codes, normalised dial-in numbers, IVR option and call delay per language', async () => {
    const configs = await withTenant(t.db, acme, (trx) => readProjectLanguageConfig(trx, acmeProject));
    expect(configs).toMatchObject([
      { languageId: 1, projectCode: 'ACM-EN', dialInNumber: '+18005550911', ivrOption: 1, callDelayBy: 5 },
      { languageId: 2, projectCode: 'ACM-ES', dialInNumber: '+18005550912', ivrOption: null, callDelayBy: 3 },
    ]);
  });

  test("refuses a code another tenant's project uses, naming that project and tenant, and changes nothing", async () => {
    const attempt = withTenant(t.db, acme, (trx) =>
      saveProjectLanguageConfig(trx, acmeProject, [{ languageId: 1, projectCode: 'glx-en', callDelayBy: 5 }]),
    );
    await expect(attempt).rejects.toMatchObject({
      statusCode: 422,
      options: {
        errors: [
          {
            field: 'projectMultiLanguageConfig[0].projectCode',
            message: 'Project code GLX-EN is already used by project Code Check Globex of Globex Logistics.',
          },
        ],
      },
    });
    const configs = await withTenant(t.db, acme, (trx) => readProjectLanguageConfig(trx, acmeProject));
    expect(configs[0]!.projectCode).toBe('ACM-EN');
  });

  test('applies the row rules with the form messages', async () => {
    const attempt = withTenant(t.db, acme, (trx) =>
      saveProjectLanguageConfig(trx, acmeProject, [
        { languageId: 1, projectCode: 'A B', ivrOption: 0, callDelayBy: null },
        { languageId: 3, projectCode: '', dialInNumber: 'call me', ivrOption: 16, callDelayBy: 16 },
        { languageId: 2, projectCode: 'DUP', callDelayBy: 5 },
        { languageId: 2, projectCode: 'dup', callDelayBy: 5 },
      ]),
    );
    await expect(attempt).rejects.toMatchObject({
      statusCode: 422,
      options: {
        errors: expect.arrayContaining([
          { field: 'projectMultiLanguageConfig[0].projectCode', message: 'White Space is not allowed' },
          { field: 'projectMultiLanguageConfig[0].ivrOption', message: 'Min value 1' },
          { field: 'projectMultiLanguageConfig[0].callDelayBy', message: 'you must specify a number' },
          { field: 'projectMultiLanguageConfig[1].language', message: 'Please select the language' },
          { field: 'projectMultiLanguageConfig[1].projectCode', message: 'Please enter the project code' },
          { field: 'projectMultiLanguageConfig[1].dialInNumber', message: 'Phone number is not valid' },
          { field: 'projectMultiLanguageConfig[1].ivrOption', message: 'Max value 15' },
          { field: 'projectMultiLanguageConfig[1].callDelayBy', message: 'Max value 15' },
          { field: 'projectMultiLanguageConfig[3].language', message: 'Please select the language' },
          { field: 'projectMultiLanguageConfig[3].projectCode', message: 'Duplicate project code configured' },
        ]),
      },
    });
  });

  test('duplicate dial-in numbers among the rows are refused unless the interview method is direct', async () => {
    const rows = [
      { languageId: 1, projectCode: 'ACM-EN', dialInNumber: '+18005550911', callDelayBy: 5 },
      { languageId: 2, projectCode: 'ACM-ES', dialInNumber: '8005550911', callDelayBy: 5 },
    ];
    await expect(
      withTenant(t.db, acme, (trx) => saveProjectLanguageConfig(trx, acmeProject, rows)),
    ).rejects.toMatchObject({
      options: {
        errors: [
          { field: 'projectMultiLanguageConfig[1].dialInNumber', message: 'Duplicate dial-in number configured' },
        ],
      },
    });
    const saved = await withTenant(t.db, acme, async (trx) => {
      const result = await saveProjectLanguageConfig(trx, acmeProject, rows, { directInterviewMethod: true });
      // Put the fixture back for the other tests.
      await saveProjectLanguageConfig(trx, acmeProject, [
        { languageId: 1, projectCode: 'ACM-EN', dialInNumber: '+1 (800) 555-0911', ivrOption: 1, callDelayBy: 5 },
        { languageId: 2, projectCode: 'ACM-ES', dialInNumber: '800-555-0912', callDelayBy: 3 },
      ]);
      return result;
    });
    expect(saved.map((c) => c.dialInNumber)).toEqual(['+18005550911', '+18005550911']);
  });

  test('the unique index holds across tenants even when the check is bypassed', async () => {
    const attempt = withTenant(t.db, acme, (trx) =>
      sql`UPDATE project_languages SET project_code = 'GLX-EN' WHERE project_id = ${acmeProject} AND language_id = 2`.execute(
        trx,
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
  });

  test('every demo project has a code and a dial-in number for each of its languages', async () => {
    const rows = await withTenant(t.db, acme, (trx) =>
      trx
        .selectFrom('project_languages as pl')
        .innerJoin('projects as p', 'p.id', 'pl.project_id')
        .select(['p.name', 'pl.project_code', 'pl.dial_in_number'])
        .where('p.name', 'not like', 'Code Check%')
        .execute(),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.project_code).toMatch(/^\d+$/);
      expect(row.dial_in_number).toMatch(/^\+1800555\d{4}$/);
    }
  });
});

describe('GET project/{id} with its language configuration', () => {
  test('answers the Multi Language Configuration rows of the project', async () => {
    const detail = await t.api.ok('getProject', { token: analyst, operatingTenant: acme, params: { id: acmeProject } });
    expect(detail.projectMultiLanguageConfig).toMatchObject([
      { language: 1, projectCode: 'ACM-EN', dialInNumber: '+18005550911', ivrOption: 1, callDelayBy: 5 },
      { language: 2, projectCode: 'ACM-ES', dialInNumber: '+18005550912', ivrOption: null, callDelayBy: 3 },
    ]);
  });
});

describe('POST project/check', () => {
  test("a code used by another tenant's project names that project and tenant", async () => {
    const response = await check({ projectCode: 'glx-en', projectId: acmeProject });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      projectCode: { 'glx-en': { project_name: 'Code Check Globex', tenant_name: 'Globex Logistics' } },
      phoneNumber: {},
    });
  });

  test("a free code, and the project's own code, answer an empty map", async () => {
    expect((await check({ projectCode: 'BRAND-NEW' })).body).toEqual({ projectCode: {}, phoneNumber: {} });
    expect((await check({ projectCode: 'ACM-EN', projectId: acmeProject })).body).toEqual({
      projectCode: {},
      phoneNumber: {},
    });
    // On create (no projectId) the project's own code is taken.
    expect((await check({ projectCode: 'ACM-EN', projectId: null })).body).toMatchObject({
      projectCode: { 'ACM-EN': { project_name: 'Code Check Acme', tenant_name: 'Acme Insurance' } },
    });
  });

  test('dial-in numbers used elsewhere list every other project, keyed by the number as asked', async () => {
    const response = await check({
      projectId: acmeProject,
      phoneNumber: ['(800) 555-0911', '+18005550912', '+1 800 555 0000'],
      interviewMethodId: 2,
    });
    expect(response.body).toEqual({
      projectCode: {},
      phoneNumber: { '(800) 555-0911': [{ tenant_name: 'Globex Logistics', project_name: 'Code Check Globex' }] },
    });
    const fromGlobex = await check({ projectId: globexProject, phoneNumber: ['+18005550911'] }, globexAdmin, globex);
    expect(fromGlobex.body).toEqual({
      projectCode: {},
      phoneNumber: { '+18005550911': [{ tenant_name: 'Acme Insurance', project_name: 'Code Check Acme' }] },
    });
  });

  test('a direct interview method shares numbers: nothing to confirm', async () => {
    const response = await check({ projectId: acmeProject, phoneNumber: ['(800) 555-0911'], interviewMethodId: 1 });
    expect(response.body).toEqual({ projectCode: {}, phoneNumber: {} });
  });

  test("another tenant's project id is not found; an empty request and an unknown method are refused", async () => {
    expect(
      (
        await t.api.fails('checkProjectCodeAndPhone', 404, {
          token: acmeAdmin,
          operatingTenant: acme,
          body: { projectCode: 'X1', projectId: globexProject },
        })
      ).message,
    ).toBe('Project not found.');
    expect(
      (
        await t.api.fails('checkProjectCodeAndPhone', 422, {
          token: acmeAdmin,
          operatingTenant: acme,
          body: { phoneNumber: [] },
        })
      ).code,
    ).toBe('NOTHING_TO_CHECK');
    await t.api.fails('checkProjectCodeAndPhone', 422, {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { phoneNumber: ['+18005550911'], interviewMethodId: 9 },
    });
    await t.api.fails('checkProjectCodeAndPhone', 400, {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { projectCode: 'X1', extra: true },
    });
  });

  test('a read-only role (no project create or update) is refused', async () => {
    expect(
      (
        await t.api.fails('checkProjectCodeAndPhone', 403, {
          token: analyst,
          operatingTenant: acme,
          body: { projectCode: 'X1' },
        })
      ).code,
    ).toBe('FORBIDDEN');
  });
});
