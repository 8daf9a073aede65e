import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;
let provider: SignedIn;

interface Detail {
  projectId: number;
  name: string;
  parentId: number | null;
  statusId: number | null;
  projectLanguagesData: { value: number }[];
  projectMultiLanguageConfig: { language: number; projectCode: string; dialInNumber: string | null }[];
  [key: string]: unknown;
}

const create = (body: Record<string, unknown>, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('createProject', { token, operatingTenant, body });
const update = (id: number, body: Record<string, unknown>, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('updateProject', { token, operatingTenant, params: { id }, body });
const get = (id: number, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('getProject', { token, operatingTenant, params: { id } });

const projectCount = (tenant: number) =>
  withTenant(t.db, tenant, async (trx) =>
    Number(
      (
        await trx
          .selectFrom('projects')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

const twoLanguages = (prefix: string) => ({
  projectLanguagesData: [{ value: 1 }, { value: 2 }],
  projectMultiLanguageConfig: [
    { language: 1, projectCode: `${prefix}-EN`, dialInNumber: '+1 800 555 0701', callDelayBy: 5 },
    { language: 2, projectCode: `${prefix}-ES`, dialInNumber: '+1 800 555 0702', ivrOption: 2, callDelayBy: 3 },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, globexAdmin, provider] = await t.signInAs(
    'admin@acme.test',
    'analyst@acme.test',
    'dual@globex.test',
    'admin@voxscreen.test',
  );
});
afterAll(() => t.close());

describe('POST project/ (create)', () => {
  test('creates with defaults, languages and rows; the answer omits internal fields the caller may not read', async () => {
    const res = await create({ name: '  Form Create  ', description: 'Pilot', ...twoLanguages('FC1') });
    expect(res.status).toBe(201);
    const body = res.body as Detail;
    expect(body).toMatchObject({
      name: 'Form Create',
      description: 'Pilot',
      statusId: 1,
      stageId: 1,
      stageSequence: 1,
      questionaire_type: 'PRECISION_QUESTIONNAIRE',
      isBusinessLineOptional: true,
      clientAPIUrl1: { security_type: 'API_KEY', additional_fields: [] },
      resourcesPassword: null,
      projectLanguagesData: [
        { value: 1, label: 'English' },
        { value: 2, label: 'Español' },
      ],
    });
    expect(body.projectMultiLanguageConfig).toMatchObject([
      { language: 1, projectCode: 'FC1-EN', dialInNumber: '+18005550701', callDelayBy: 5 },
      { language: 2, projectCode: 'FC1-ES', dialInNumber: '+18005550702', ivrOption: 2, callDelayBy: 3 },
    ]);
    expect(body).not.toHaveProperty('irnLength');
    expect(body).not.toHaveProperty('block_irn_on_call_logs');
  });

  test('internal fields take their defaults and are read with the internal permission', async () => {
    const created = (await create({ name: 'Form Defaults' })).body as Detail;
    const asProvider = (await get(created.projectId, provider)).body as Detail;
    expect(asProvider).toMatchObject({
      irnLength: 6,
      call_delay_by_in_sec: 5,
      auto_reminder_time_in_days: 3,
      defaultCustomerInterviewMethodId: 2,
      block_irn_on_call_logs: true,
      unblock_irn_after_nc_result: true,
      unblock_irn_after_dc_result: true,
      retake_restricted_24_hours: true,
      result_auto_release: false,
    });
  });

  test('the rules of docs/product/project-form.md#rules answer 422 with the form messages and create nothing', async () => {
    const before = await projectCount(acme);
    const res = await create({
      name: 'x'.repeat(100),
      projectLanguagesData: [{ value: 1 }, { value: 2 }],
      projectMultiLanguageConfig: [
        { language: 1, projectCode: 'DUP 1', dialInNumber: '+18005550800', ivrOption: 16, callDelayBy: 0 },
        { language: 2, projectCode: 'FCR', dialInNumber: '800 555 0800', matchingPhoneNumber: '+18005550800' },
        { language: 3, projectCode: 'fcr', callDelayBy: 5 },
      ],
      clientAPIUrl1: { result_callback_url: 'not a url', additional_fields: [{ key: '', value: 'a b' }] },
    });
    expect(res.status).toBe(422);
    expect((res.body as { errors: unknown[] }).errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Project name should be less than 100 character' },
        { field: 'projectMultiLanguageConfig[0].projectCode', message: 'White Space is not allowed' },
        { field: 'projectMultiLanguageConfig[0].ivrOption', message: 'Max value 15' },
        { field: 'projectMultiLanguageConfig[0].callDelayBy', message: 'Min value 1' },
        { field: 'projectMultiLanguageConfig[1].dialInNumber', message: 'Duplicate dial-in number configured' },
        {
          field: 'projectMultiLanguageConfig[1].matchingPhoneNumber',
          message: 'Duplicate matching phone number configured',
        },
        { field: 'projectMultiLanguageConfig[1].callDelayBy', message: 'you must specify a number' },
        { field: 'projectMultiLanguageConfig[2].language', message: 'Please select the language' },
        { field: 'projectMultiLanguageConfig[2].projectCode', message: 'Duplicate project code configured' },
        { field: 'clientAPIUrl1.result_callback_url', message: 'Please enter a valid URL' },
        { field: 'clientAPIUrl1.additional_fields[0].key', message: 'Please select the key' },
      ]),
    );
    expect((await create({ name: '   ' })).body).toMatchObject({
      errors: [{ field: 'name', message: 'Project Name is required' }],
    });
    expect(await projectCount(acme)).toBe(before);
  });

  test('a project code another tenant uses is refused, naming that project and tenant; nothing is created', async () => {
    const acmeProject = (await create({ name: 'Form Code Owner', ...twoLanguages('FCO') })).body as Detail;
    expect(acmeProject.projectMultiLanguageConfig).toHaveLength(2);
    const before = await projectCount(globex);
    const res = await create(
      {
        name: 'Form Code Thief',
        projectLanguagesData: [{ value: 1 }],
        projectMultiLanguageConfig: [{ language: 1, projectCode: 'fco-en', callDelayBy: 5 }],
      },
      globexAdmin,
      globex,
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      errors: [
        {
          field: 'projectMultiLanguageConfig[0].projectCode',
          message: 'Project code FCO-EN is already used by project Form Code Owner of Acme Insurance.',
        },
      ],
    });
    expect(await projectCount(globex)).toBe(before);
  });

  test('additional-field values lose their whitespace', async () => {
    const res = await create({
      name: 'Form Additional',
      clientAPIUrl1: {
        participant_callback_url: 'https://client.example/participants',
        security_type: 'CLIENT_CREDENTIAL',
        client_credential: { clientid: 'abc', tokenuri: 'https://client.example/token', authourization: 'Bearer ' },
        additional_fields: [{ key: 'SMS_COUNTRY_CODE', value: ' + 1 ' }],
      },
    });
    expect(res.status).toBe(201);
    expect((res.body as Detail).clientAPIUrl1).toMatchObject({
      security_type: 'CLIENT_CREDENTIAL',
      additional_fields: [{ key: 'SMS_COUNTRY_CODE', value: '+1' }],
    });
  });
});

describe('permission-gated fields', () => {
  test('a customer admin sending internal fields, Status or the business-line switch is refused (403), nothing created', async () => {
    const before = await projectCount(acme);
    for (const body of [
      { name: 'Gate 1', irnLength: 8 },
      { name: 'Gate 2', result_auto_release: true },
      { name: 'Gate 3', statusId: 2 },
      { name: 'Gate 4', isBusinessLineOptional: false },
    ]) {
      const res = await create(body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FIELD_NOT_PERMITTED' });
    }
    expect(await projectCount(acme)).toBe(before);
  });

  test('a field sent with its stored value is no change and passes', async () => {
    const res = await create({ name: 'Gate Same', statusId: 1, stageId: 1, block_irn_on_call_logs: true });
    expect(res.status).toBe(201);
  });

  test('the provider admin sets internal fields, with their rules', async () => {
    const bad = await create(
      {
        name: 'Internal Bad',
        irnLength: 5,
        sender_name: 'y'.repeat(31),
        enable_indivisual_result_email: true,
        result_email_recipient: '',
      },
      provider,
    );
    expect(bad.status).toBe(422);
    expect((bad.body as { errors: unknown[] }).errors).toEqual(
      expect.arrayContaining([
        { field: 'irnLength', message: 'Min value 6' },
        { field: 'sender_name', message: 'Email sender name should be less than 30 character' },
        { field: 'result_email_recipient', message: 'Emails are required' },
      ]),
    );
    const invalid = await create(
      { name: 'Internal Emails', enable_indivisual_result_email: true, result_email_recipient: 'a@b.co, nope' },
      provider,
    );
    expect(invalid.body).toMatchObject({
      errors: [{ field: 'result_email_recipient', message: 'Invalid email address(es)' }],
    });
    const good = await create(
      { name: 'Internal Good', irnLength: 9, result_auto_release: true, statusId: 2, sender_name: 'Acme HR' },
      provider,
    );
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ irnLength: 9, result_auto_release: true, statusId: 2, active: false });
    const asCustomer = (await get((good.body as Detail).projectId)).body as Detail;
    expect(asCustomer).not.toHaveProperty('irnLength');
    expect(asCustomer).not.toHaveProperty('sender_name');
  });

  test('a customer admin may not change a saved business line; the provider admin may, with its rule', async () => {
    const created = (await create({ name: 'Business Line' })).body as Detail;
    const line = [
      { value: 'INSURANCE', label: 'Insurance', currentFieldKey: 'INDUSTRY', currentFieldlabel: 'Industry' },
    ];
    const refused = await update(created.projectId, { name: 'Business Line', businessLine: line });
    expect(refused.status).toBe(403);
    const required = await update(
      created.projectId,
      { name: 'Business Line', businessLine: line, isBusinessLineOptional: false },
      provider,
    );
    expect(required.status).toBe(422);
    expect(required.body).toMatchObject({
      errors: expect.arrayContaining([{ field: 'businessLine[1].value', message: 'Business line is required' }]),
    });
    const optional = await update(created.projectId, { name: 'Business Line', businessLine: line }, provider);
    expect(optional.status).toBe(200);
    expect(optional.body).toMatchObject({ businessLine: line, isBusinessLineOptional: true });
  });

  test('the File Download Password is answered and written only with its permission', async () => {
    const created = (await create({ name: 'Password', resourcesPassword: 'S3cret!' })).body as Detail;
    expect(created.resourcesPassword).toBe('S3cret!');
    const asAnalyst = (await get(created.projectId, analyst)).body as Detail;
    expect(asAnalyst.name).toBe('Password');
    expect(asAnalyst).not.toHaveProperty('resourcesPassword');
  });
});

describe('PUT project/{id}', () => {
  test('saves the form; languages and rows follow; fields left out keep their values', async () => {
    const created = (await create({ name: 'Form Update', note: 'keep', ...twoLanguages('FU1') })).body as Detail;
    const res = await update(created.projectId, {
      name: 'Form Update 2',
      tags: ['FRAUD', 'FRAUD', ' HIRING '],
      projectLanguagesData: [{ value: 1 }],
      projectMultiLanguageConfig: [{ language: 1, projectCode: 'FU1-EN2', dialInNumber: null, callDelayBy: 4 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Form Update 2',
      note: 'keep',
      tags: ['FRAUD', 'HIRING'],
      projectLanguagesData: [{ value: 1, label: 'English' }],
      projectMultiLanguageConfig: [{ language: 1, projectCode: 'FU1-EN2', dialInNumber: null, callDelayBy: 4 }],
    });
  });

  test('a refused save changes nothing', async () => {
    const created = (await create({ name: 'Form Refused', ...twoLanguages('FR1') })).body as Detail;
    const res = await update(created.projectId, {
      name: 'Form Refused 2',
      projectMultiLanguageConfig: [{ language: 1, projectCode: 'FR1 EN', callDelayBy: 5 }],
    });
    expect(res.status).toBe(422);
    const after = (await get(created.projectId)).body as Detail;
    expect(after.name).toBe('Form Refused');
    expect(after.projectMultiLanguageConfig.map((r) => r.projectCode)).toEqual(['FR1-EN', 'FR1-ES']);
    expect((await update(created.projectId, { name: 'Form Refused 3', stageId: 3 })).status).toBe(403);
    expect(((await get(created.projectId)).body as Detail).name).toBe('Form Refused');
  });

  test('unknown references are 422, not 500', async () => {
    const created = (await create({ name: 'Form References' })).body as Detail;
    const res = await update(created.projectId, { name: 'x', languageId: 99, parentId: created.projectId }, provider);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      errors: expect.arrayContaining([
        { field: 'languageId', message: 'Please select the language' },
        { field: 'parentId', message: 'No Project Found' },
      ]),
    });
    expect((await update(created.projectId, { name: 'x', projectLanguagesData: [{ value: 42 }] })).status).toBe(422);
  });

  test('the analyst (read-only) may read but not save', async () => {
    const created = (await create({ name: 'Form Read Only' })).body as Detail;
    expect((await get(created.projectId, analyst)).status).toBe(200);
    expect((await update(created.projectId, { name: 'Changed' }, analyst)).status).toBe(403);
    expect((await create({ name: 'By Analyst' }, analyst)).status).toBe(403);
  });

  test("another tenant's project is not found through the API, whatever is sent", async () => {
    const created = (await create({ name: 'Form Isolation', ...twoLanguages('FI1') })).body as Detail;
    expect((await get(created.projectId, globexAdmin, globex)).status).toBe(404);
    const res = await update(created.projectId, { name: 'Hijacked', ...twoLanguages('FI2') }, globexAdmin, globex);
    expect(res.status).toBe(404);
    // A parent pointing into another tenant is no project of the operating tenant either.
    const parent = await create({ name: 'Globex Child', parentId: created.projectId }, globexAdmin, globex);
    expect(parent.status).toBe(422);
    const after = (await get(created.projectId)).body as Detail;
    expect(after.name).toBe('Form Isolation');
    expect(after.projectMultiLanguageConfig.map((r) => r.projectCode)).toEqual(['FI1-EN', 'FI1-ES']);
  });
});

describe('clone', () => {
  test('copies the project, its languages and questions (not participants) in one go, remembering the source', async () => {
    const source = await withTenant(t.db, acme, (trx) =>
      trx
        .selectFrom('projects as p')
        .innerJoin('participants as pa', 'pa.project_id', 'p.id')
        .innerJoin('project_questions as q', 'q.project_id', 'p.id')
        .select(['p.id', 'p.name'])
        .groupBy(['p.id', 'p.name'])
        .orderBy('p.id')
        .executeTakeFirstOrThrow(),
    );
    const sourceDetail = (await get(source.id)).body as Detail;
    const res = await create({
      name: `${source.name} copy`,
      clone: true,
      projectId: source.id,
      projectLanguagesData: sourceDetail.projectLanguagesData.map((l) => ({ value: l.value })),
      projectMultiLanguageConfig: sourceDetail.projectMultiLanguageConfig.map((row) => ({
        language: row.language,
        projectCode: `CL-${row.projectCode}`,
        dialInNumber: row.dialInNumber,
        callDelayBy: 5,
      })),
    });
    expect(res.status).toBe(201);
    const clone = res.body as Detail;
    expect(clone.parentId).toBe(source.id);
    expect(clone.projectLanguagesData).toEqual(sourceDetail.projectLanguagesData);
    expect(clone.questionaire_type).toBe(sourceDetail.questionaire_type);
    const counts = await withTenant(t.db, acme, async (trx) => {
      const count = async (table: 'project_questions' | 'participants', projectId: number) =>
        Number(
          (
            await trx
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .where('project_id', '=', projectId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        sourceQuestions: await count('project_questions', source.id),
        cloneQuestions: await count('project_questions', clone.projectId),
        cloneParticipants: await count('participants', clone.projectId),
      };
    });
    expect(counts.cloneQuestions).toBe(counts.sourceQuestions);
    expect(counts.cloneQuestions).toBeGreaterThan(0);
    expect(counts.cloneParticipants).toBe(0);
  });

  test('a source of another tenant is not found and nothing is created', async () => {
    const acmeProject = (await create({ name: 'Form Clone Source' })).body as Detail;
    const before = await projectCount(globex);
    const res = await create({ name: 'Stolen', clone: true, projectId: acmeProject.projectId }, globexAdmin, globex);
    expect(res.status).toBe(404);
    expect(await projectCount(globex)).toBe(before);
  });

  test('a clone whose rows fail leaves no project behind; clone on update and without a source are 422', async () => {
    const source = (await create({ name: 'Form Clone Rows', ...twoLanguages('FCR1') })).body as Detail;
    const before = await projectCount(acme);
    const res = await create({
      name: 'Form Clone Rows copy',
      clone: true,
      projectId: source.projectId,
      projectMultiLanguageConfig: [{ language: 1, projectCode: 'FCR1-EN', callDelayBy: 5 }],
    });
    expect(res.status).toBe(422);
    expect(await projectCount(acme)).toBe(before);
    expect((await update(source.projectId, { name: 'x', clone: true })).status).toBe(422);
    expect((await create({ name: 'x', clone: true })).status).toBe(422);
  });
});

describe('date cap (docs/product/project-form.md#limits; docs/product/project-form.md#date-cap)', () => {
  const dayAhead = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

  test('a chosen date more than two days ahead is refused; one within the cap is saved', async () => {
    const before = await projectCount(acme);
    const refused = await create({ name: 'Form Far Date', estStartDate: dayAhead(0), estEndDate: dayAhead(40) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: [{ field: 'estEndDate', message: 'The date cannot be more than two days ahead' }],
    });
    expect(await projectCount(acme)).toBe(before);
    const saved = await create({ name: 'Form Near Date', estStartDate: dayAhead(-10), estEndDate: dayAhead(2) });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ estEndDate: dayAhead(2) });
  });

  test('a saved date beyond the cap is kept when sent back unchanged, refused when changed', async () => {
    const demo = await withTenant(t.db, acme, (trx) =>
      trx.selectFrom('projects').select('id').where('name', '=', 'Claims Integrity 2026').executeTakeFirstOrThrow(),
    );
    const detail = (await get(demo.id)).body as Detail & { estEndDate: string };
    expect(detail.estEndDate > dayAhead(3)).toBe(true);
    expect((await update(demo.id, { name: detail.name, estEndDate: detail.estEndDate })).status).toBe(200);
    const changed = `${Number(detail.estEndDate.slice(0, 4)) + 1}${detail.estEndDate.slice(4)}`;
    expect((await update(demo.id, { name: detail.name, estEndDate: changed })).status).toBe(422);
    expect(((await get(demo.id)).body as Detail).estEndDate).toBe(detail.estEndDate);
  });
});

describe('call centers (docs/product/project-form.md#call-centers)', () => {
  const firstCallCenter = (tenant: number) =>
    withTenant(
      t.db,
      tenant,
      async (trx) => (await trx.selectFrom('call_centers').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    );

  test('saved, answered, kept when left out, cleared by an empty list', async () => {
    const centre = await firstCallCenter(acme);
    expect((await create({ name: 'Form Call Centers', callCenterIds: [centre, centre] })).status).toBe(400);
    const res = await create({ name: 'Form Call Centers', callCenterIds: [centre] });
    expect(res.status).toBe(201);
    const created = res.body as Detail;
    expect(created.callCenterIds).toEqual([centre]);
    expect(((await update(created.projectId, { name: 'Form Call Centers 2' })).body as Detail).callCenterIds).toEqual([
      centre,
    ]);
    expect(((await update(created.projectId, { name: 'x', callCenterIds: [] })).body as Detail).callCenterIds).toEqual(
      [],
    );
    expect(((await create({ name: 'Form No Call Center' })).body as Detail).callCenterIds).toEqual([]);
  });

  test("another tenant's call center is refused (422) and nothing changes", async () => {
    const own = await firstCallCenter(acme);
    const foreign = await firstCallCenter(globex);
    const created = (await create({ name: 'Form Call Center Isolation', callCenterIds: [own] })).body as Detail;
    const before = await projectCount(acme);
    const refusedCreate = await create({ name: 'Form Foreign Centre', callCenterIds: [foreign] });
    expect(refusedCreate.status).toBe(422);
    expect(refusedCreate.body).toMatchObject({ errors: [{ field: 'callCenterIds', message: 'Unknown call center.' }] });
    expect(await projectCount(acme)).toBe(before);
    const refusedUpdate = await update(created.projectId, { name: 'Hijack', callCenterIds: [own, foreign] });
    expect(refusedUpdate.status).toBe(422);
    const after = (await get(created.projectId)).body as Detail;
    expect(after).toMatchObject({ name: 'Form Call Center Isolation', callCenterIds: [own] });
    expect((await update(created.projectId, { name: 'x', callCenterIds: [2147483647] })).status).toBe(422);
    const stored = await acmeCallCenterRows();
    expect(stored.filter((row) => row.call_center_id === foreign && row.tenant_id === acme)).toEqual([]);
  });

  test('a clone copies the source’s call centers; seeded demo projects have one', async () => {
    const centre = await firstCallCenter(acme);
    const source = (await create({ name: 'Form Clone Centre', callCenterIds: [centre] })).body as Detail;
    const clone = await create({ name: 'Form Clone Centre copy', clone: true, projectId: source.projectId });
    expect(clone.status).toBe(201);
    expect((clone.body as Detail).callCenterIds).toEqual([centre]);
    const demo = await withTenant(t.db, acme, (trx) =>
      trx.selectFrom('projects').select('id').where('name', '=', 'Claims Integrity 2026').executeTakeFirstOrThrow(),
    );
    expect(((await get(demo.id)).body as Detail).callCenterIds).toEqual([centre]);
  });
});

const acmeCallCenterRows = () =>
  withTenant(t.db, acme, (trx) =>
    trx.selectFrom('project_call_centers').select(['tenant_id', 'call_center_id']).execute(),
  );

describe('lookups', () => {
  test('additional-field keys mark the three locked ones', async () => {
    const res = await t.api.call('listAdditionalFieldKeys', { token: acmeAdmin, operatingTenant: acme });
    expect(res.status).toBe(200);
    const keys = res.body as { key: string; locked: boolean }[];
    expect(keys.filter((k) => k.locked).map((k) => k.key)).toEqual([
      'SMS_TEST_PHONE_NUMBER',
      'SMS_COUNTRY_CODE',
      'PROJECT_LANGUAGES',
    ]);
  });

  test("call centers are the operating tenant's only", async () => {
    const res = await t.api.call('listProjectCallCenters', { token: globexAdmin, operatingTenant: globex });
    expect(res.status).toBe(200);
    const own = await withTenant(t.db, globex, (trx) =>
      trx.selectFrom('call_centers').select(['id', 'name']).where('is_active', '=', true).orderBy('name').execute(),
    );
    expect(res.body).toEqual(own);
  });
});

describe('route clash (issue 12: literal paths win over project/{id})', () => {
  const raw = (path: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/project-service/v1/project/${path}`,
      headers: {
        authorization: `Bearer ${acmeAdmin.accessToken}`,
        'id-token': acmeAdmin.idToken,
        operatingTenant: String(acme),
      },
    });

  test('user-role-List reaches its own operation; accessCodeFiles is not taken for a project id', async () => {
    const project = (await create({ name: 'Form Route Clash' })).body as Detail;
    const roles = await raw(`user-role-List?tenantId=${acme}&projectId=${project.projectId}`);
    expect(roles.statusCode).toBe(200);
    expect(Array.isArray(roles.json())).toBe(true);
    // Served by the access-codes area (docs/product/access-codes.md); never the 400 of getProject's id check.
    const files = await raw(`accessCodeFiles?projectId=${project.projectId}`);
    expect(files.statusCode).not.toBe(400);
    expect([200, 404]).toContain(files.statusCode);
    expect((await raw(String(project.projectId))).statusCode).toBe(200);
  });
});
