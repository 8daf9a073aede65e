import type { components } from '../../../../contracts/project-service';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { RESULT_ICONS } from '../../../../shared/result-config-rules';
import { chooseProjectResultTemplate } from './result-config-store';

type Input = components['schemas']['ResultConfigTemplateInput'];

let t: TestApp;
let acme: number;
let globex: number;
let voxscreen: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let dual: SignedIn;
let support: SignedIn;

const input = (name: string, hr = 'Elevated'): Input => ({
  template_name: name,
  template_type: {
    PRECISION_RESULTS: [
      { result: hr, result_es: 'Elevado', result_type: 'HR', result_type_es: 'HR', icon_id: 1 },
      { result: 'Other', result_es: 'Otro', result_type: 'D', result_type_es: '', icon_id: 7 },
    ],
  },
});

const create = (body: unknown, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('createResultConfigTemplate', { token, operatingTenant, body });

/** Every template of a tenant, straight from the table (what a refusal must leave alone). */
const stored = (tenantId: number) =>
  withTenant(t.db, tenantId, (trx) => trx.selectFrom('result_config_templates').selectAll().orderBy('id').execute());

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex, voxscreen } = await t.seededTenants());
  [acmeAdmin, analyst, dual, support] = await t.signInAs(
    'admin@acme.test',
    'analyst@acme.test',
    'dual@globex.test',
    'support@voxscreen.test',
  );
});
afterAll(() => t.close());

describe('GET result-config/view-template', () => {
  test('answers every template type with its codes (all 12 together), no texts and the default icons', async () => {
    const blank = await t.api.ok('getBlankResultConfigTemplate', { token: acmeAdmin, operatingTenant: acme });
    expect(blank.template_name).toBe('');
    expect(Object.keys(blank.template_type)).toEqual(['PRECISION_RESULTS', 'RED_GREEN_RESULTS']);
    const codes = new Set(Object.values(blank.template_type).flatMap((rows) => rows.map((r) => r.result_type)));
    expect([...codes].sort()).toEqual(['AD', 'AR', 'CM', 'D', 'DC', 'G', 'HR', 'LR', 'NC', 'NP', 'PR', 'R']);
    expect(blank.template_type.RED_GREEN_RESULTS![0]).toEqual({
      result: '',
      result_es: '',
      result_type: 'R',
      result_type_es: 'R',
      icon_id: 1,
      icons: RESULT_ICONS,
    });
  });

  test('needs tenant.result.config.read', async () => {
    await t.api.fails('getBlankResultConfigTemplate', 403, { token: analyst, operatingTenant: acme });
  });
});

describe('POST result-config/create-template', () => {
  test('stores the template and answers the spec message; the list and get show it', async () => {
    const response = await create({ ...input('  Hiring Badges  ') });
    expect(response.status).toBe(201);
    const body = response.body as { message: string; template: components['schemas']['ResultConfigTemplate'] };
    expect(body.message).toBe('Template Created Successfully');
    expect(body.template.template_name).toBe('Hiring Badges');
    // An empty Spanish result type takes the code.
    expect(body.template.template_type.PRECISION_RESULTS![1]!.result_type_es).toBe('D');
    const got = await t.api.ok('getResultConfigTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: body.template.id },
    });
    expect(got).toEqual(body.template);
    const listed = await t.api.ok('listResultConfigTemplates', {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { page: 0, pageSize: 25 },
    });
    expect(listed.template[0]!.template_name).toBe('Hiring Badges');
  });

  test('accepts rows sent back with their icon list', async () => {
    const blank = await t.api.ok('getBlankResultConfigTemplate', { token: acmeAdmin, operatingTenant: acme });
    const filled = Object.fromEntries(
      Object.entries(blank.template_type).map(([type, rows]) => [
        type,
        rows.map((r) => ({ ...r, result: `Text ${r.result_type}` })),
      ]),
    );
    expect((await create({ template_name: 'From Blank', template_type: filled })).status).toBe(201);
  });

  test('refuses a missing name, unknown or repeated codes, empty texts and unknown icons (422), changing nothing', async () => {
    const before = await stored(acme);
    const response = await create({
      template_name: ' ',
      template_type: {
        lower_case: [
          { result: ' ', result_es: '', result_type: 'HR', result_type_es: 'HR', icon_id: 99 },
          { result: 'Again', result_es: '', result_type: 'HR', result_type_es: 'HR', icon_id: 1 },
        ],
      },
    });
    expect(response.status).toBe(422);
    expect((response.body as { errors: unknown[] }).errors).toEqual([
      { field: 'template_name', message: 'Template name is required' },
      { field: 'template_type.lower_case', message: 'Template type names are upper case with underscores' },
      { field: 'template_type.lower_case[0].result', message: 'Result text is required' },
      { field: 'template_type.lower_case[0].icon_id', message: 'Unknown icon' },
      { field: 'template_type.lower_case[1].result_type', message: 'Unknown or repeated result type' },
    ]);
    expect((await create({ template_name: 'x'.repeat(101), template_type: input('a').template_type })).status).toBe(
      422,
    );
    expect((await create({ template_name: 'No Types', template_type: {} })).status).toBe(422);
    expect(await stored(acme)).toEqual(before);
  });

  test('refuses a name the account has (any case) with 409; another account may use it', async () => {
    const before = await stored(acme);
    const response = await create(input('standard results'));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: 'A template with this name already exists.' });
    expect(await stored(acme)).toEqual(before);
    expect((await create(input('Hiring Badges'), dual, globex)).status).toBe(201);
  });

  test('refuses a body outside the contract (400): unknown fields, unknown codes', async () => {
    expect((await create({ ...input('Extra'), extra: 1 })).status).toBe(400);
    const body = input('Bad Code');
    (body.template_type.PRECISION_RESULTS![0] as { result_type: string }).result_type = 'PD';
    expect((await create(body)).status).toBe(400);
  });

  test('needs tenant.result.config.create: a read-only role is refused and nothing is stored', async () => {
    const before = await stored(voxscreen);
    expect((await create(input('Support Try'), support, voxscreen)).status).toBe(403);
    expect((await create(input('Analyst Try'), analyst, acme)).status).toBe(403);
    expect(await stored(voxscreen)).toEqual(before);
  });
});

describe('GET, PUT and DELETE result-config/{id}', () => {
  let id: number;
  beforeAll(async () => {
    const created = await t.api.ok('createResultConfigTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      body: input('Editable'),
    });
    id = created.template.id;
  });

  test('update replaces the name and rows and answers the spec message', async () => {
    const updated = await t.api.ok('updateResultConfigTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id },
      body: input('Editable Renamed', 'Very High'),
    });
    expect(updated.message).toBe('Template Update Successfully');
    expect(updated.template.template_name).toBe('Editable Renamed');
    expect(updated.template.template_type.PRECISION_RESULTS![0]!.result).toBe('Very High');
    // Keeping its own name (another case) is not a clash.
    await t.api.ok('updateResultConfigTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id },
      body: input('EDITABLE renamed', 'Very High'),
    });
  });

  test('update refuses bad rules (422), a taken name (409) and a read-only role (403), changing nothing', async () => {
    const before = await stored(acme);
    const put = (body: unknown, token = acmeAdmin) =>
      t.api.call('updateResultConfigTemplate', { token, operatingTenant: acme, params: { id }, body });
    expect((await put({ ...input(''), template_name: '' })).status).toBe(422);
    expect((await put(input('Standard Results'))).status).toBe(409);
    expect((await put(input('Analyst Rename'), analyst)).status).toBe(403);
    expect(await stored(acme)).toEqual(before);
  });

  test("another tenant's template is 404 for get, update and delete, and stays as it was", async () => {
    const before = await stored(acme);
    const asGlobex = { token: dual, operatingTenant: globex, params: { id } };
    expect((await t.api.fails('getResultConfigTemplate', 404, asGlobex)).message).toBe('Template not found.');
    await t.api.fails('updateResultConfigTemplate', 404, { ...asGlobex, body: input('Taken Over') });
    await t.api.fails('deleteResultConfigTemplate', 404, asGlobex);
    expect(await stored(acme)).toEqual(before);
  });

  test('a template a project uses cannot be deleted (409); once unused it is deleted with the spec message', async () => {
    const project = await withTenant(t.db, acme, (trx) =>
      trx.selectFrom('projects').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow(),
    );
    await withTenant(t.db, acme, (trx) => chooseProjectResultTemplate(trx, project.id, id));
    const before = await stored(acme);
    const refused = await t.api.fails('deleteResultConfigTemplate', 409, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id },
    });
    expect(refused.message).toBe('This template is used by a project and cannot be deleted.');
    expect(await stored(acme)).toEqual(before);

    await withTenant(t.db, acme, (trx) => chooseProjectResultTemplate(trx, project.id, null));
    await t.api.fails('deleteResultConfigTemplate', 403, { token: analyst, operatingTenant: acme, params: { id } });
    const deleted = await t.api.ok('deleteResultConfigTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id },
    });
    expect(deleted).toEqual({ message: 'Template Deleted Successfully' });
    await t.api.fails('getResultConfigTemplate', 404, { token: acmeAdmin, operatingTenant: acme, params: { id } });
  });

  test('get needs tenant.result.config.read; a path that is not an id is not a template', async () => {
    await t.api.fails('getResultConfigTemplate', 403, { token: analyst, operatingTenant: acme, params: { id } });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/project-service/v1/result-config/abc',
      headers: {
        authorization: `Bearer ${acmeAdmin.accessToken}`,
        'id-token': acmeAdmin.idToken,
        operatingTenant: String(acme),
      },
    });
    // An id path parameter matches digits only, so literal siblings always win (platform/openapi/register-operations.ts).
    expect(response.statusCode).toBe(404);
  });
});
