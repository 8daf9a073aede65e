import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, saveProjectLanguageConfig, saveTemplate, STAGE } from '../../project-service';
import { createParticipants, type NewParticipant } from '../participants/participants-store';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;
let project: number;
let bare: number;

const EMAIL_BODY =
  '<p>Hello {{first_name}} {{last_name}}, call {{dial_in_number}} with code {{access_code}} (IRN {{interview_ref_num}}).</p>';

async function addParticipant(p: NewParticipant, projectId = project): Promise<number> {
  const [id] = await withTenant(t.db, acme, (trx) => createParticipants(trx, acme, projectId, [p], t.clock.now()));
  return id!;
}
const participantRow = (id: number) =>
  withSystem(t.db, (trx) => trx.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const outboxRow = (id: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );
const outboxCount = async () =>
  Number(
    (
      await withSystem(t.db, (trx) =>
        trx
          .selectFrom('outbox_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );
const reinvite = (id: number, type: 'email' | 'sms', token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('reinviteParticipant', { token, operatingTenant, params: { id }, query: { invitation_type: type } });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, globexAdmin] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
  const now = t.clock.now();
  [project, bare] = await withTenant(t.db, acme, async (trx) => {
    const id = await createProject(trx, {
      tenantId: acme,
      name: 'Reinvite Harbour',
      stageId: STAGE.EXECUTION,
      languageIds: [1, 2, 3],
      now,
    });
    await saveProjectLanguageConfig(trx, id, [
      { languageId: 1, projectCode: 'RH-EN', dialInNumber: '+18005550701', callDelayBy: 5 },
      { languageId: 2, projectCode: 'RH-ES', dialInNumber: '+18005550702', callDelayBy: 5 },
      { languageId: 3, projectCode: 'RH-TL', callDelayBy: 5 },
    ]);
    const email = {
      template_type: 'TEST_INVITATION_EMAIL' as const,
      template_name: 'Invitation',
      description: null,
      sms_sender: null,
      sms_provider: null,
    };
    await saveTemplate(
      trx,
      acme,
      id,
      { ...email, language_id: 1, email_subject: 'Interview for {{project_name}}', template_content: EMAIL_BODY },
      now,
    );
    await saveTemplate(
      trx,
      acme,
      id,
      {
        ...email,
        language_id: 2,
        email_subject: 'Entrevista {{project_name}}',
        template_content: '<p>Hola {{first_name}}, llame al {{dial_in_number}}, código {{access_code}}.</p>',
      },
      now,
    );
    await saveTemplate(
      trx,
      acme,
      id,
      {
        template_type: 'TEST_INVITATION_SMS',
        template_name: null,
        description: null,
        email_subject: null,
        language_id: 1,
        template_content: 'Hi {{first_name}}, call {{dial_in_number}} code {{access_code}}',
        sms_sender: 'ALPHANUMERIC_NUMBER',
        sms_provider: 'VONAGE',
      },
      now,
    );
    const withoutConfig = await createProject(trx, { tenantId: acme, name: 'Reinvite Bare', languageIds: [1], now });
    await saveTemplate(
      trx,
      acme,
      withoutConfig,
      { ...email, language_id: 1, email_subject: 'Interview', template_content: EMAIL_BODY },
      now,
    );
    return [id, withoutConfig];
  });
});
afterAll(() => t.close());

describe('GET participant-service/v1/reinvite/{id}', () => {
  test("an e-mail goes through the outbox in the participant's language, filled in, and the status becomes INVITATION_RESENT", async () => {
    const id = await addParticipant({
      firstName: 'Rosa',
      lastName: '<Diaz>',
      email: 'Rosa@example.test',
      languageId: 2,
      accessCode: 'RH-1001',
      interviewRefNum: '900001',
      status: 'INVITATION_SENT',
    });
    const response = await reinvite(id, 'email');
    expect(response.status).toBe(200);
    const body = response.body as { outboxMessageId: number };
    expect(response.body).toEqual({
      message: 'Invitation email has been sent to participant',
      outboxMessageId: expect.any(Number),
      recipient: 'rosa@example.test',
      participantId: id,
      status: 'INVITATION_RESENT',
    });
    const row = await outboxRow(body.outboxMessageId);
    expect(row).toMatchObject({
      channel: 'email',
      tenant_id: acme,
      recipient: 'rosa@example.test',
      subject: 'Entrevista Reinvite Harbour',
      template_type: 'TEST_INVITATION_EMAIL',
    });
    expect(row.body_html).toContain('Hola Rosa, llame al +18005550702, código RH-1001.');
    expect((await participantRow(id)).status).toBe('INVITATION_RESENT');
    // The detail modal's Email Tracking shows the message once the outbox worker has delivered it
    // (docs/product/participants.md#detail); waiting for delivery keeps the check free of a race with the worker.
    expect(await t.sentTo('rosa@example.test')).toHaveLength(1);
    const trail = await t.api.call('getParticipantTrail', { token: acmeAdmin, operatingTenant: acme, params: { id } });
    expect(trail.body).toMatchObject({
      email_tracking: [
        { message_id: `local:${body.outboxMessageId}`, value: 'processed' },
        { message_id: `local:${body.outboxMessageId}`, value: 'delivered' },
      ],
    });
  });

  test('values are escaped in HTML; a language without a template falls back to English with its dial-in number', async () => {
    const id = await addParticipant({
      firstName: 'Ana',
      lastName: '<b>Cruz</b>',
      email: 'ana@example.test',
      languageId: 3,
      accessCode: 'RH-1002',
      interviewRefNum: '900002',
    });
    const body = await t.api.ok('reinviteParticipant', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id },
      query: { invitation_type: 'email' },
    });
    const row = await outboxRow(body.outboxMessageId);
    expect(row.subject).toBe('Interview for Reinvite Harbour');
    // Tagalog has no number configured: the English one.
    expect(row.body_html).toContain(
      'Hello Ana &lt;b&gt;Cruz&lt;/b&gt;, call +18005550701 with code RH-1002 (IRN 900002).',
    );
    expect(body.status).toBe('INVITATION_RESENT');
  });

  test('an SMS goes to the phone number with the template sender and provider', async () => {
    const id = await addParticipant({
      firstName: 'Ben',
      phoneNumber: '+15555550123',
      languageId: 1,
      accessCode: 'RH-1003',
      status: 'UNDELIVERED',
    });
    const body = await t.api.ok('reinviteParticipant', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id },
      query: { invitation_type: 'sms' },
    });
    expect(body).toMatchObject({
      message: 'Invitation SMS has been sent to participant',
      recipient: '+15555550123',
      status: 'INVITATION_RESENT',
    });
    expect(await outboxRow(body.outboxMessageId)).toMatchObject({
      channel: 'sms',
      body_text: 'Hi Ben, call +18005550701 code RH-1003',
      sms_sender: 'ALPHANUMERIC_NUMBER',
      sms_provider: 'VONAGE',
    });
  });

  test('an attempted participant keeps the attempt status', async () => {
    const id = await addParticipant({
      firstName: 'Cy',
      email: 'cy@example.test',
      accessCode: 'RH-1004',
      status: 'ATTEMPTED_PARTIAL',
    });
    expect(
      (
        await t.api.ok('reinviteParticipant', {
          token: acmeAdmin,
          operatingTenant: acme,
          params: { id },
          query: { invitation_type: 'email' },
        })
      ).status,
    ).toBe('ATTEMPTED_PARTIAL');
  });

  test('refuses, changing nothing, a participant without the channel, without access code, inactive or past inviting', async () => {
    const noEmail = await addParticipant({ firstName: 'No', phoneNumber: '+15555550124', accessCode: 'RH-2001' });
    const noPhone = await addParticipant({ firstName: 'No', email: 'nophone@example.test', accessCode: 'RH-2002' });
    const noCode = await addParticipant({ firstName: 'No', email: 'nocode@example.test' });
    const inactive = await addParticipant({ firstName: 'Gone', email: 'gone@example.test', accessCode: 'RH-2003' });
    const interviewed = await addParticipant({
      firstName: 'Done',
      email: 'done@example.test',
      accessCode: 'RH-2004',
      status: 'INTERVIEWED',
    });
    await withTenant(t.db, acme, (trx) =>
      trx.updateTable('participants').set({ is_active: false }).where('id', '=', inactive).execute(),
    );
    const before = await outboxCount();
    expect(
      await t.api.fails('reinviteParticipant', 422, {
        token: acmeAdmin,
        operatingTenant: acme,
        params: { id: noEmail },
        query: { invitation_type: 'email' },
      }),
    ).toMatchObject({ code: 'EMAIL_MISSING', message: 'This participant has no e-mail address.' });
    expect(
      await t.api.fails('reinviteParticipant', 422, {
        token: acmeAdmin,
        operatingTenant: acme,
        params: { id: noPhone },
        query: { invitation_type: 'sms' },
      }),
    ).toMatchObject({ code: 'PHONE_NUMBER_MISSING' });
    expect(
      await t.api.fails('reinviteParticipant', 422, {
        token: acmeAdmin,
        operatingTenant: acme,
        params: { id: noCode },
        query: { invitation_type: 'email' },
      }),
    ).toMatchObject({ code: 'ACCESS_CODE_MISSING' });
    expect(
      await t.api.fails('reinviteParticipant', 409, {
        token: acmeAdmin,
        operatingTenant: acme,
        params: { id: inactive },
        query: { invitation_type: 'email' },
      }),
    ).toMatchObject({ code: 'PARTICIPANT_INACTIVE' });
    expect(
      await t.api.fails('reinviteParticipant', 409, {
        token: acmeAdmin,
        operatingTenant: acme,
        params: { id: interviewed },
        query: { invitation_type: 'email' },
      }),
    ).toMatchObject({
      code: 'INVITATION_NOT_ALLOWED',
      message: 'A participant in status INTERVIEWED cannot be invited again.',
    });
    expect(await outboxCount()).toBe(before);
    expect((await participantRow(noEmail)).status).toBe('NEW_PARTICIPANT');
  });

  test('a template that needs a dial-in number is refused when the project has none; a missing template is named', async () => {
    const id = await addParticipant(
      { firstName: 'Bare', email: 'bare@example.test', phoneNumber: '+15555550125', accessCode: 'RH-3001' },
      bare,
    );
    expect(
      await t.api.fails('reinviteParticipant', 422, {
        token: acmeAdmin,
        operatingTenant: acme,
        params: { id },
        query: { invitation_type: 'email' },
      }),
    ).toMatchObject({ code: 'DIAL_IN_NUMBER_MISSING' });
    expect(
      await t.api.fails('reinviteParticipant', 422, {
        token: acmeAdmin,
        operatingTenant: acme,
        params: { id },
        query: { invitation_type: 'sms' },
      }),
    ).toMatchObject({ code: 'TEMPLATE_NOT_SAVED' });
    expect((await participantRow(id)).status).toBe('NEW_PARTICIPANT');
  });

  test("another tenant's participant is not found, even for a member of both; roles without the invite permission are refused", async () => {
    const id = await addParticipant({ firstName: 'Own', email: 'own@example.test', accessCode: 'RH-4001' });
    expect(
      (
        await t.api.fails('reinviteParticipant', 404, {
          token: globexAdmin,
          operatingTenant: globex,
          params: { id },
          query: { invitation_type: 'email' },
        })
      ).message,
    ).toBe('Participant not found.');
    expect(
      (
        await t.api.fails('reinviteParticipant', 403, {
          token: analyst,
          operatingTenant: acme,
          params: { id },
          query: { invitation_type: 'email' },
        })
      ).code,
    ).toBe('FORBIDDEN');
    await t.api.fails('reinviteParticipant', 400, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id },
      query: { invitation_type: 'EMAIL' },
    });
    expect((await participantRow(id)).status).toBe('NEW_PARTICIPANT');
  });
});

describe('test messages use the real dial-in number', () => {
  test("the number configured for the template's language replaces the sample", async () => {
    const body = await t.api.ok('sendTestMessage', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { projectId: project, templateType: 'TEST_INVITATION_EMAIL', language_id: 2 },
    });
    const row = await outboxRow(body.outboxMessageId);
    expect(row.body_html).toContain('llame al +18005550702');
    expect(row.body_html).not.toContain('+1 800 555 0100');
  });
});
