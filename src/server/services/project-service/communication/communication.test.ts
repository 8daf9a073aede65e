import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject } from '../projects/projects-store';
import { STAGE } from '../projects/project-attributes';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;
let project: number;

const EMAIL = 'TEST_INVITATION_EMAIL' as const;
const SMS = 'TEST_INVITATION_SMS' as const;

const validEmail = {
  template_type: EMAIL,
  language_id: 1,
  template_name: 'Invitation',
  description: 'First invitation',
  email_subject: 'Your interview for {{project_name}}',
  template_content: '<p>Hello {{first_name}}, call {{dial_in_number}} with code {{access_code}}.</p>',
  sms_sender: null,
  sms_provider: null,
};

const validSms = {
  template_type: SMS,
  language_id: 1,
  template_name: null,
  description: 'Reminder',
  email_subject: null,
  template_content: 'Hi {{first_name}}, code {{access_code}}',
  sms_sender: 'PHONE_NUMBER' as const,
  sms_provider: 'TWILIO' as const,
};

const getTemplate = (type: typeof EMAIL | typeof SMS, languageId = 1, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('getCommunicationTemplate', {
    token,
    operatingTenant,
    query: { type, project_id: project, language_id: languageId },
  });

const outboxRow = (id: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, globexAdmin] = await Promise.all([t.signIn('admin@acme.test'), t.signIn('dual@globex.test')]);
  project = await withTenant(t.db, acme, (trx) =>
    createProject(trx, {
      tenantId: acme,
      name: 'Harbour Screening',
      stageId: STAGE.TESTING,
      languageIds: [1, 2],
      now: t.clock.now(),
    }),
  );
});
afterAll(() => t.close());

describe('project detail', () => {
  test('answers the stage with its sequence, the questionnaire type and the languages', async () => {
    const detail = await t.api.ok('getProject', { token: acmeAdmin, operatingTenant: acme, params: { id: project } });
    expect(detail).toMatchObject({
      projectId: project,
      name: 'Harbour Screening',
      stageId: STAGE.TESTING,
      stageSequence: 2,
      questionnaireType: 'PRECISION_QUESTIONNAIRE',
      projectLanguagesData: [
        { value: 1, label: expect.any(String) },
        { value: 2, label: expect.any(String) },
      ],
    });
  });

  test("another tenant's project is not found, even for a member of both operating in the other", async () => {
    const error = await t.api.fails('getProject', 404, {
      token: globexAdmin,
      operatingTenant: globex,
      params: { id: project },
    });
    expect(error.message).toBe('Project not found.');
  });
});

describe('communication templates', () => {
  test('an unsaved template answers empty with the placeholders of its type, defaults first', async () => {
    const response = await getTemplate(EMAIL);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: null,
      project_id: project,
      template_type: EMAIL,
      language_id: 1,
      template_content: '',
    });
    const placeholders = (response.body as { placeholders: { placeholder: string; isDefaultPlaceholder: boolean }[] })
      .placeholders;
    expect(placeholders.map((p) => p.placeholder)).toEqual([
      'first_name',
      'last_name',
      'project_name',
      'access_code',
      'dial_in_number',
      'interview_ref_num',
    ]);
    expect(placeholders.filter((p) => p.isDefaultPlaceholder).map((p) => p.placeholder)).toEqual([
      'first_name',
      'last_name',
      'project_name',
    ]);
  });

  test('saves an e-mail template per language, sanitising the HTML body, and lists it', async () => {
    const saved = await t.api.ok('saveCommunicationTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: project },
      body: {
        ...validEmail,
        template_content: `${validEmail.template_content}<script>alert(1)</script><a href="javascript:x()" onclick="y()">x</a>`,
      },
    });
    expect(saved.id).toEqual(expect.any(Number));
    expect(saved.template_content).toBe(
      '<p>Hello {{first_name}}, call {{dial_in_number}} with code {{access_code}}.</p><a target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect((await getTemplate(EMAIL)).body).toMatchObject({
      id: saved.id,
      template_name: 'Invitation',
      email_subject: validEmail.email_subject,
    });
    // The Spanish template is its own record.
    expect((await getTemplate(EMAIL, 2)).body).toMatchObject({ id: null });
    const list = await t.api.ok('listProjectCommunicationTemplates', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: project },
    });
    expect(list).toEqual([
      expect.objectContaining({ id: saved.id, template_type: EMAIL, language_id: 1, template_name: 'Invitation' }),
    ]);
  });

  test.each([
    [
      'an unknown placeholder in the body',
      { template_content: 'Hi {{nickname}} {{first_name}}' },
      'INVALID_PLACEHOLDERS',
      'template_content',
      'INVALID_PLACEHOLDERS: {{nickname}}',
    ],
    [
      'a non-default placeholder in the subject',
      { email_subject: 'Code {{access_code}}' },
      'INVALID_PLACEHOLDERS',
      'email_subject',
      'INVALID_PLACEHOLDERS: {{access_code}}',
    ],
    [
      'a placeholder repeated in the body',
      { template_content: '{{first_name}} {{first_name}}' },
      'DUPLICATE_PLACEHOLDERS',
      'template_content',
      'DUPLICATE_PLACEHOLDERS: {{first_name}}',
    ],
    [
      'a missing template name',
      { template_name: ' ' },
      'TEMPLATE_NAME_IS_REQUIRED',
      'template_name',
      'Template name is required',
    ],
    [
      'a missing subject',
      { email_subject: null },
      'EMAIL_SUBJECT_IS_REQUIRED',
      'email_subject',
      'Email subject is required',
    ],
  ])('refuses %s with the spec message and changes nothing', async (_case, change, code, field, message) => {
    const before = (await getTemplate(EMAIL)).body;
    const error = await t.api.fails('saveCommunicationTemplate', 422, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: project },
      body: { ...validEmail, ...change },
    });
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.errors).toContainEqual({ field, message });
    expect((await getTemplate(EMAIL)).body).toEqual(before);
  });

  test('an SMS template needs sender, provider and text', async () => {
    const error = await t.api.fails('saveCommunicationTemplate', 422, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: project },
      body: { ...validSms, sms_sender: null, sms_provider: null, template_content: '' },
    });
    expect(error.errors).toEqual([
      { field: 'sms_sender', message: 'Please select SMS sender' },
      { field: 'sms_provider', message: 'Please select SMS provider' },
      { field: 'template_content', message: 'Please enter SMS template' },
    ]);
  });

  test('a language the project does not run in is refused', async () => {
    const error = await t.api.fails('saveCommunicationTemplate', 422, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: project },
      body: { ...validEmail, language_id: 3 },
    });
    expect(error.code).toBe('LANGUAGE_NOT_IN_PROJECT');
    expect((await getTemplate(EMAIL, 3)).status).toBe(422);
  });

  test("another tenant's admin can neither read nor overwrite the templates", async () => {
    expect((await getTemplate(EMAIL, 1, globexAdmin, globex)).status).toBe(404);
    await t.api.fails('saveCommunicationTemplate', 404, {
      token: globexAdmin,
      operatingTenant: globex,
      params: { id: project },
      body: { ...validEmail, template_name: 'Hijacked' },
    });
    expect((await getTemplate(EMAIL)).body).toMatchObject({ template_name: 'Invitation' });
    await t.api.fails('listProjectCommunicationTemplates', 404, {
      token: globexAdmin,
      operatingTenant: globex,
      params: { id: project },
    });
  });

  test('a read-only analyst cannot save', async () => {
    const analyst = await t.signIn('analyst@acme.test');
    await t.api.fails('saveCommunicationTemplate', 403, {
      token: analyst,
      operatingTenant: acme,
      params: { id: project },
      body: validEmail,
    });
  });
});

describe('test messages', () => {
  const sendTest = (templateType: typeof EMAIL | typeof SMS, languageId = 1) =>
    t.api.call('sendTestMessage', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { projectId: project, templateType, language_id: languageId },
    });

  test('a test e-mail goes through the outbox to the signed-in user, filled with their name and the project', async () => {
    const response = await sendTest(EMAIL);
    expect(response.status).toBe(200);
    const body = response.body as { message: string; outboxMessageId: number; recipient: string };
    expect(body).toMatchObject({ message: 'Email Sent Successfully', recipient: 'admin@acme.test' });
    const row = await outboxRow(body.outboxMessageId);
    expect(row).toMatchObject({
      channel: 'email',
      recipient: 'admin@acme.test',
      tenant_id: acme,
      template_type: EMAIL,
      subject: 'Your interview for Harbour Screening',
    });
    const { firstName } = await t.api.ok('getUserInfo', { token: acmeAdmin });
    expect(row.body_html).toContain(`Hello ${firstName}, call +1 800 555 0100 with code 123-456-789.`);
    expect(row.body_text).toContain(`Hello ${firstName}`);
  });

  test('a template not saved yet cannot be tested', async () => {
    const response = await sendTest(EMAIL, 2);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'TEMPLATE_NOT_SAVED' });
  });

  test('a test SMS needs a phone number on the profile, then goes to it with sender and provider', async () => {
    await t.api.ok('saveCommunicationTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: project },
      body: validSms,
    });
    await withSystem(t.db, (trx) =>
      trx.updateTable('users').set({ phone_number: null }).where('email', '=', 'admin@acme.test').execute(),
    );
    const refused = await sendTest(SMS);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'PHONE_NUMBER_MISSING' });

    await withSystem(t.db, (trx) =>
      trx
        .updateTable('users')
        .set({ phone_number: '+1 555 010 0199' })
        .where('email', '=', 'admin@acme.test')
        .execute(),
    );
    const sent = await sendTest(SMS);
    expect(sent.body).toMatchObject({ message: 'SMS Sent Successfully', recipient: '+1 555 010 0199' });
    const row = await outboxRow((sent.body as { outboxMessageId: number }).outboxMessageId);
    expect(row).toMatchObject({
      channel: 'sms',
      sms_sender: 'PHONE_NUMBER',
      sms_provider: 'TWILIO',
      template_type: SMS,
    });
    expect(row.body_text).toMatch(/^Hi .+, code 123-456-789$/);
  });

  test('every message stays tracked in the outbox with its delivery status', async () => {
    const { rows } = await sql<{
      status: string;
    }>`SELECT status FROM outbox_messages WHERE template_type IN ('TEST_INVITATION_EMAIL', 'TEST_INVITATION_SMS')`.execute(
      t.db,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(['queued', 'sent', 'failed']).toContain(row.status);
  });
});

describe('demo invitations', () => {
  test('every seeded project has an e-mail and an SMS invitation in each of its languages, within the rules', async () => {
    const { rows } = await sql<{ missing: number }>`
      SELECT count(*)::int AS missing
      FROM project_languages pl
      CROSS JOIN (VALUES ('TEST_INVITATION_EMAIL'), ('TEST_INVITATION_SMS')) AS kind(template_type)
      JOIN projects p ON p.id = pl.project_id AND p.name <> 'Harbour Screening'
      WHERE NOT EXISTS (
        SELECT 1 FROM communication_templates ct
        WHERE ct.project_id = pl.project_id AND ct.language_id = pl.language_id AND ct.template_type = kind.template_type
      )`.execute(t.db);
    expect(rows[0]!.missing).toBe(0);
    // Claims Integrity 2026 runs in English and Spanish: its Spanish invitation is in Spanish.
    const spanish = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('communication_templates as ct')
        .innerJoin('projects as p', 'p.id', 'ct.project_id')
        .select(['ct.email_subject'])
        .where('p.name', '=', 'Claims Integrity 2026')
        .where('ct.language_id', '=', 2)
        .where('ct.template_type', '=', EMAIL)
        .executeTakeFirstOrThrow(),
    );
    expect(spanish.email_subject).toBe('Su entrevista de evaluación para {{project_name}}');
  });
});

test("a test message is the spec's GET and needs the update permission: no read-only analyst, no POST", async () => {
  const analyst = await t.signIn('analyst@acme.test');
  const query = { projectId: project, templateType: 'TEST_INVITATION_EMAIL', language_id: 1 };
  expect((await t.api.fails('sendTestMessage', 403, { token: analyst, operatingTenant: acme, query })).code).toBe(
    'FORBIDDEN',
  );
  const post = await t.app.inject({
    method: 'POST',
    url: '/api/participant-service/v1/test/email',
    query: { projectId: String(project), templateType: 'TEST_INVITATION_EMAIL', language_id: '1' },
    headers: {
      authorization: `Bearer ${acmeAdmin.accessToken}`,
      'id-token': acmeAdmin.idToken,
      operatingTenant: String(acme),
    },
  });
  expect(post.statusCode).toBe(404);
});
