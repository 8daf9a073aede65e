import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { createTenant } from '../../user-service';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  createResultConfigTemplate,
  defaultResultConfigTypes,
  ensureDefaultResultConfigTemplate,
  listResultConfigTemplates,
} from './result-config-store';
import { RESULT_ICONS } from '../../../../shared/result-config-rules';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let dual: SignedIn;

const list = (body: Record<string, unknown>, token = acmeAdmin, operatingTenant = acme) =>
  t.api.ok('listResultConfigTemplates', { token, operatingTenant, body: body as { page: number; pageSize: number } });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, dual] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
  // Newer templates for Acme, one at a time so their order is known.
  for (const name of ['Claims Display', 'Hiring Display', 'Claims Spanish']) {
    t.clock.advance(60_000);
    await withTenant(t.db, acme, (trx) =>
      createResultConfigTemplate(trx, {
        tenantId: acme,
        templateName: name,
        templateType: { RED_GREEN_RESULTS: defaultResultConfigTypes().RED_GREEN_RESULTS! },
        now: t.clock.now(),
      }),
    );
  }
  await withTenant(t.db, globex, (trx) =>
    createResultConfigTemplate(trx, {
      tenantId: globex,
      templateName: 'Globex Only',
      templateType: defaultResultConfigTypes(),
      now: t.clock.now(),
    }),
  );
});
afterAll(() => t.close());

describe('POST result-config/list', () => {
  test("pages the tenant's templates newest first with the total; every account has the seeded default", async () => {
    const first = await list({ page: 0, pageSize: 2 });
    expect(first.total_template).toBe(5);
    expect(first.template.map((x) => x.template_name)).toEqual(['Claims Spanish', 'Hiring Display']);
    const second = await list({ page: 1, pageSize: 2 });
    // The seed's two templates share their creation time: the later id first.
    expect(second.template.map((x) => x.template_name)).toEqual(['Claims Display', 'Claims Review Display']);
    expect((await list({ page: 2, pageSize: 2 })).template.map((x) => x.template_name)).toEqual(['Standard Results']);
    expect((await list({ page: 3, pageSize: 2 })).template).toEqual([]);
  });

  test('the default template shows every result code of both sets with its texts, badge code and icon choices', async () => {
    const { template } = await list({ page: 0, pageSize: 25, search: 'standard' });
    expect(template).toHaveLength(1);
    const standard = template[0]!;
    expect(Object.keys(standard.template_type)).toEqual(['PRECISION_RESULTS', 'RED_GREEN_RESULTS']);
    expect(standard.template_type.PRECISION_RESULTS!.map((r) => r.result_type)).toEqual([
      'HR',
      'PR',
      'AR',
      'LR',
      'CM',
      'AD',
      'NC',
      'DC',
      'NP',
    ]);
    expect(standard.template_type.RED_GREEN_RESULTS!.map((r) => r.result_type)).toEqual(['R', 'G', 'NC', 'DC', 'NP']);
    expect(standard.template_type.PRECISION_RESULTS![0]).toEqual({
      result: 'High Risk',
      result_es: 'Riesgo alto',
      result_type: 'HR',
      result_type_es: 'HR',
      icon_id: 1,
      icons: RESULT_ICONS,
    });
    expect(new Date(standard.create_date).getTime()).not.toBeNaN();
  });

  test('search filters names case-insensitively and treats % and _ literally', async () => {
    expect((await list({ page: 0, pageSize: 25, search: 'CLAIMS' })).template.map((x) => x.template_name)).toEqual([
      'Claims Spanish',
      'Claims Display',
      'Claims Review Display',
    ]);
    expect((await list({ page: 0, pageSize: 25, search: '%' })).total_template).toBe(0);
  });

  test("never lists another tenant's templates", async () => {
    const fromGlobex = await list({ page: 0, pageSize: 25 }, dual, globex);
    expect(fromGlobex.template.map((x) => x.template_name)).toEqual([
      'Globex Only',
      'Claims Review Display',
      'Standard Results',
    ]);
    expect((await list({ page: 0, pageSize: 25, search: 'Globex' })).total_template).toBe(0);
  });

  test('needs tenant.result.config.read; a bad page is a 400', async () => {
    expect(
      (
        await t.api.fails('listResultConfigTemplates', 403, {
          token: analyst,
          operatingTenant: acme,
          body: { page: 0, pageSize: 25 },
        })
      ).code,
    ).toBe('FORBIDDEN');
    await t.api.fails('listResultConfigTemplates', 400, {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { page: -1, pageSize: 25 },
    });
    await t.api.fails('listResultConfigTemplates', 400, {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { page: 0, pageSize: 25, sort: 'x' },
    });
  });
});

describe('result-config store', () => {
  test('refuses a repeated name (409), unknown codes and icons (422); the default is added only once', async () => {
    const create = (templateName: string, templateType = defaultResultConfigTypes()) =>
      withTenant(t.db, acme, (trx) =>
        createResultConfigTemplate(trx, { tenantId: acme, templateName, templateType, now: t.clock.now() }),
      );
    await expect(create('claims display')).rejects.toMatchObject({
      statusCode: 409,
      options: { code: 'TEMPLATE_NAME_EXISTS' },
    });
    await expect(
      create(' ', { bad_type: [{ result: '', result_es: '', result_type: 'XX', result_type_es: '', icon_id: 99 }] }),
    ).rejects.toMatchObject({
      statusCode: 422,
      options: {
        errors: expect.arrayContaining([
          { field: 'template_name', message: 'Template name is required' },
          { field: 'template_type.bad_type', message: 'Template type names are upper case with underscores' },
          { field: 'template_type.bad_type[0].result_type', message: 'Unknown or repeated result type' },
          { field: 'template_type.bad_type[0].icon_id', message: 'Unknown icon' },
        ]),
      },
    });
    await withTenant(t.db, acme, (trx) => ensureDefaultResultConfigTemplate(trx, acme, t.clock.now()));
    expect((await list({ page: 0, pageSize: 25 })).total_template).toBe(5);
  });

  test('a new account starts with the default template', async () => {
    const { tenant } = await withSystem(t.db, (trx) =>
      createTenant(trx, { name: 'Fresh Templates Inc', now: t.clock.now() }),
    );
    const { templates } = await withTenant(t.db, tenant.id, (trx) =>
      listResultConfigTemplates(trx, { tenantId: tenant.id, page: 0, pageSize: 25 }),
    );
    expect(templates.map((x) => x.templateName)).toEqual(['Standard Results']);
    expect(templates[0]!.templateType).toEqual(defaultResultConfigTypes());
  });
});
