/**
 * Invitations on add, import and edit, and the single re-invite, all through the invitation-job path (ADR 0044,
 * docs/product/participants.md#invitations).
 */
import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, saveProjectLanguageConfig, saveTemplate, STAGE } from '../../project-service';
import { until } from '../../../testing/until';

let t: TestApp;
let acme: number;
let admin: SignedIn;
let inviting: number;
let quiet: number;

const EMAIL_BODY =
  '<p>Hello {{first_name}} {{last_name}}, call {{dial_in_number}} with code {{access_code}} (IRN {{interview_ref_num}}).</p>';

const messagesTo = (recipient: string) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute(),
  );
const participant = (id: number) =>
  withSystem(t.db, (trx) => trx.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const jobsOf = (projectId: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('invitation_jobs').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
  );
const recipientsOf = (participantId: number) =>
  withSystem(t.db, (trx) =>
    trx
      .selectFrom('participant_invitations')
      .select(['invitation_job_id', 'channel', 'outbox_message_id'])
      .where('participant_id', '=', String(participantId))
      .orderBy('invitation_job_id')
      .execute(),
  );

const add = async (projectId: number, irn: string, email: string, extra: Record<string, unknown> = {}) => {
  const body = await t.api.ok('createParticipants', {
    token: admin,
    operatingTenant: acme,
    body: {
      tenantId: acme,
      projectId,
      participants: [
        { interviewRefNum: irn, first_name: 'Ada', last_name: 'Lane', email, participant_language_id: 1, ...extra },
      ],
    },
  });
  return body.participantIds[0]!;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
  const now = t.clock.now();
  [inviting, quiet] = (await withTenant(t.db, acme, async (trx) => {
    const ids: number[] = [];
    for (const name of ['Invite On Create', 'Invite Never']) {
      const id = await createProject(trx, { tenantId: acme, name, stageId: STAGE.EXECUTION, languageIds: [1], now });
      await saveProjectLanguageConfig(trx, id, [
        { languageId: 1, projectCode: `IC-${id}`, dialInNumber: '+18005550901', callDelayBy: 5 },
      ]);
      await saveTemplate(
        trx,
        acme,
        id,
        {
          template_type: 'TEST_INVITATION_EMAIL',
          template_name: 'Invitation',
          description: null,
          sms_sender: null,
          sms_provider: null,
          language_id: 1,
          email_subject: 'Interview for {{project_name}}',
          template_content: EMAIL_BODY,
        },
        now,
      );
      ids.push(id);
    }
    return ids;
  })) as [number, number];
  await withSystem(t.db, async (trx) => {
    await sql`UPDATE projects SET internal_settings = internal_settings || ${JSON.stringify({
      enableEmailCommunication: true,
      invite_on_participant_create: true,
      // SMS on create is on, but SMS communication is off: no SMS.
      sms_invite_on_participant_create: true,
    })}::jsonb WHERE id = ${inviting}`.execute(trx);
    // E-mail communication on, invitations on create off.
    await sql`UPDATE projects SET internal_settings = internal_settings || ${JSON.stringify({
      enableEmailCommunication: true,
    })}::jsonb WHERE id = ${quiet}`.execute(trx);
  });
});
afterAll(() => t.close());

test('adding a participant queues one invitation job; one filled message goes out and the status follows', async () => {
  const id = await add(inviting, '710001', 'ada.create@invite.test');
  const [message] = await until(
    () => messagesTo('ada.create@invite.test'),
    (m) => m.length === 1 && m[0]!.status === 'sent',
  );
  const row = await participant(id);
  expect(message).toMatchObject({ subject: 'Interview for Invite On Create', tenant_id: acme, channel: 'email' });
  expect(message!.body_html).toContain(`Hello Ada Lane, call +18005550901 with code ${row.access_code} (IRN 710001).`);
  expect(row).toMatchObject({ status: 'INVITATION_SENT', email_sent: true, email_pending: false });
  // The job records itself done after it queued the message, which the outbox may have sent first.
  const jobs = await until(
    () => jobsOf(inviting),
    (found) => found[0]?.status === 'done',
  );
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ channel: 'email', kind: 'invite', total: 1, status: 'done' });
  expect(await recipientsOf(id)).toEqual([
    { invitation_job_id: jobs[0]!.id, channel: 'email', outbox_message_id: message!.id },
  ]);
});

test('an edit with sent_invite_on_update sends to the new address once; an edit without it sends nothing', async () => {
  const id = await add(inviting, '710002', 'old.address@invite.test');
  await until(
    () => messagesTo('old.address@invite.test'),
    (m) => m.length === 1 && m[0]!.status === 'sent',
  );
  const update = (email: string, resend: boolean) =>
    t.api.ok('updateParticipant', {
      token: admin,
      operatingTenant: acme,
      params: { id },
      body: { first_name: 'Ada', last_name: 'Lane', email, participant_language_id: 1, sent_invite_on_update: resend },
    });
  await update('new.address@invite.test', true);
  const [again] = await until(
    () => messagesTo('new.address@invite.test'),
    (m) => m.length === 1 && m[0]!.status === 'sent',
  );
  expect(again!.body_html).toContain('Hello Ada Lane');
  expect(
    await until(
      () => participant(id),
      (p) => p.status === 'INVITATION_RESENT',
    ),
  ).toMatchObject({
    email_pending: false,
  });
  await update('newer.address@invite.test', false);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await messagesTo('newer.address@invite.test')).toEqual([]);
  expect(await messagesTo('old.address@invite.test')).toHaveLength(1);
  expect(await recipientsOf(id)).toHaveLength(2);
});

test('the single re-invite is one more job recipient and one more message', async () => {
  const id = await add(inviting, '710003', 'resend@invite.test');
  await until(
    () => messagesTo('resend@invite.test'),
    (m) => m.length === 1 && m[0]!.status === 'sent',
  );
  const answer = await t.api.ok('reinviteParticipant', {
    token: admin,
    operatingTenant: acme,
    params: { id },
    query: { invitation_type: 'email' },
  });
  const messages = await messagesTo('resend@invite.test');
  expect(messages.map((m) => m.id)).toEqual([messages[0]!.id, answer.outboxMessageId]);
  const recipients = await recipientsOf(id);
  expect(recipients).toHaveLength(2);
  expect(recipients[1]).toMatchObject({ channel: 'email', outbox_message_id: answer.outboxMessageId });
  expect((await jobsOf(inviting)).at(-1)).toMatchObject({ total: 1, processed: 1, status: 'done' });
});

test('an import invites every imported participant through one job', async () => {
  const csv =
    'IRN,First Name,Last Name,Email,Phone Number,Language\n' +
    '710101,Imp,One,imp.one@invite.test,,en\n710102,Imp,Two,imp.two@invite.test,,en\n710103,Imp,Three,,,en\n';
  const before = (await jobsOf(inviting)).length;
  const response = await t.api.call('uploadParticipants', {
    token: admin,
    operatingTenant: acme,
    query: { projectId: inviting, replaceAll: false },
    form: { file: { filename: 'p.csv', contentType: 'text/csv', content: Buffer.from(csv) } },
  });
  expect(response.body).toMatchObject({ uploadStatus: 'SUCCESS', numberOfRecords: 3 });
  await until(
    () => messagesTo('imp.two@invite.test'),
    (m) => m.length === 1,
  );
  expect(await messagesTo('imp.one@invite.test')).toHaveLength(1);
  const jobs = await jobsOf(inviting);
  expect(jobs).toHaveLength(before + 1);
  // The participant without an e-mail address is no action.
  expect(jobs.at(-1)).toMatchObject({ total: 2, no_action: 1 });
});

test('nothing is sent when the project does not invite on create', async () => {
  const id = await add(quiet, '720001', 'quiet@invite.test');
  await t.api.ok('updateParticipant', {
    token: admin,
    operatingTenant: acme,
    params: { id },
    body: { first_name: 'Q', email: 'quieter@invite.test', participant_language_id: 1, sent_invite_on_update: true },
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await messagesTo('quiet@invite.test')).toEqual([]);
  expect(await messagesTo('quieter@invite.test')).toEqual([]);
  expect(await jobsOf(quiet)).toEqual([]);
  expect((await participant(id)).status).toBe('NEW_PARTICIPANT');
});
