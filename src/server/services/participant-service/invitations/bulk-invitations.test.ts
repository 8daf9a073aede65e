/** Invitations as jobs (ADR 0044, docs/product/participants.md#invitations). */
import { join } from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { JobRunner } from '../../../platform/jobs/job-runner';
import { OutboxDispatcher } from '../../../platform/outbox/outbox-dispatcher';
import { LocalFolderTransport } from '../../../platform/outbox/transports';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, saveProjectLanguageConfig, saveTemplate, STAGE } from '../../project-service';
import { createParticipants, type NewParticipant } from '../participants/participants-store';
import { invitationJob, invitationReminderJob, INVITATION_QUEUE } from './invitation-job';
import { createInvitationJob, recordInvitationOutcomes } from './invitation-jobs-store';
import { until } from '../../../testing/until';

let t: TestApp;
let acme: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;
let project: number;
let silent: number;

const EMAIL_BODY =
  '<p>Hello {{first_name}}, call {{dial_in_number}} with code {{access_code}} (IRN {{interview_ref_num}}).</p>';

async function addParticipants(list: NewParticipant[], projectId = project): Promise<number[]> {
  return withTenant(t.db, acme, (trx) => createParticipants(trx, acme, projectId, list, t.clock.now()));
}
const participant = (id: number) =>
  withSystem(t.db, (trx) => trx.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const messagesTo = (recipient: string) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute(),
  );
const jobCount = async () =>
  Number(
    (
      await withSystem(t.db, (trx) =>
        trx
          .selectFrom('invitation_jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );

const body = (extra: Record<string, unknown> = {}) => ({
  projectId: project,
  allRecords: false,
  invitationType: 'email' as const,
  ...extra,
});
const verify = (b: Record<string, unknown>, who = acmeAdmin, operatingTenant = acme) =>
  t.api.call('verifyBulkInvitation', { token: who, operatingTenant, body: b as never });
const invite = (b: Record<string, unknown>, who = acmeAdmin, operatingTenant = acme) =>
  t.api.call('bulkInviteParticipants', { token: who, operatingTenant, body: b as never });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [acmeAdmin, analyst, globexAdmin] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
  const now = t.clock.now();
  [project, silent] = await withTenant(t.db, acme, async (trx) => {
    const id = await createProject(trx, {
      tenantId: acme,
      name: 'Invite Bay',
      stageId: STAGE.EXECUTION,
      languageIds: [1, 2],
      now,
    });
    await saveProjectLanguageConfig(trx, id, [
      { languageId: 1, projectCode: 'IB-EN', dialInNumber: '+18005550801', callDelayBy: 5 },
      { languageId: 2, projectCode: 'IB-ES', dialInNumber: '+18005550802', callDelayBy: 5 },
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
    const off = await createProject(trx, { tenantId: acme, name: 'Invite Quiet', stageId: STAGE.EXECUTION, now });
    await saveTemplate(
      trx,
      acme,
      off,
      { ...email, language_id: 1, email_subject: 'Interview', template_content: EMAIL_BODY },
      now,
    );
    return [id, off];
  });
  await withSystem(t.db, (trx) =>
    sql`UPDATE projects SET internal_settings = internal_settings || ${JSON.stringify({
      enableEmailCommunication: true,
      auto_reminder_configuration: true,
      auto_reminder_time_in_days: 3,
    })}::jsonb WHERE id = ${project}`.execute(trx),
  );
});
afterAll(() => t.close());

describe('bulk verify and invite', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = await addParticipants([
      { firstName: 'Ada', email: 'ada@invite.test', languageId: 1, accessCode: 'IB-1', interviewRefNum: '810001' },
      {
        firstName: 'Blas',
        email: 'blas@invite.test',
        languageId: 2,
        accessCode: 'IB-2',
        interviewRefNum: '810002',
        status: 'INVITATION_SENT',
      },
      { firstName: 'Cy', email: 'cy@invite.test', languageId: 1, accessCode: 'IB-3', interviewRefNum: '810003' },
      // No e-mail: no action.
      { firstName: 'Dee', languageId: 1, accessCode: 'IB-4', interviewRefNum: '810004' },
      // Interviewed: no action.
      {
        firstName: 'Eve',
        email: 'eve@invite.test',
        languageId: 1,
        accessCode: 'IB-5',
        interviewRefNum: '810005',
        status: 'INTERVIEWED',
      },
    ]);
  });

  test('verify: 200 when every selected participant can be invited, 417 when some cannot, 409 when none can; nothing changes', async () => {
    const ok = await verify(body({ participants: [ids[0], ids[1]] }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      message: 'Send the Email invitation to 2 selected participants?',
      eligible: 2,
      noAction: 0,
    });
    const some = await verify(body({ allRecords: true }));
    expect(some.status).toBe(417);
    expect((some.body as { message: string }).message).toMatch(/^2 of the 5 selected participants cannot be invited/);
    const none = await verify(body({ participants: [ids[3], ids[4]] }));
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'NO_ELIGIBLE_PARTICIPANTS' });
    const sms = await verify(body({ allRecords: true, invitationType: 'sms' }));
    expect(sms.status).toBe(409);
    expect(sms.body).toMatchObject({ code: 'COMMUNICATION_DISABLED' });
    const quiet = await verify({ ...body({ allRecords: true }), projectId: silent });
    expect(quiet.status).toBe(409);
    expect((await participant(ids[0]!)).status).toBe('NEW_PARTICIPANT');
    expect(await jobCount()).toBe(0);
  });

  test('refusals change nothing: 409, 403 (permission, other tenant named), 404 (other tenant)', async () => {
    expect((await invite(body({ participants: [ids[3], ids[4]] }))).status).toBe(409);
    expect((await invite(body({ allRecords: true }), analyst)).status).toBe(403);
    expect((await invite({ ...body({ allRecords: true }), tenantId: acme + 1000 })).status).toBe(403);
    const globex = await t.tenantId('Globex Logistics');
    expect((await invite(body({ allRecords: true }), globexAdmin, globex)).status).toBe(404);
    expect((await verify(body({ allRecords: true }), globexAdmin, globex)).status).toBe(404);
    expect(await jobCount()).toBe(0);
    expect((await participant(ids[0]!)).email_pending).toBe(false);
  });

  test('all records across pages: one job, one message per eligible participant in their language, statuses move', async () => {
    const response = await invite(body({ allRecords: true }));
    expect(response.status).toBe(202);
    const answer = response.body as { message: string; job: { id: number; total: number; noAction: number } };
    expect(answer.message).toBe(
      'Email inivitation have been scheduled for 3 selected participants (Participant status will update approximately in 10 minutes)',
    );
    expect(answer.job).toMatchObject({ total: 3, noAction: 2, channel: 'email', kind: 'invite' });
    expect(await jobCount()).toBe(1);
    const job = await until(
      () => t.api.ok('getInvitationJob', { token: acmeAdmin, operatingTenant: acme, params: { jobId: answer.job.id } }),
      (j) => j.status === 'done' && j.sent === 3,
    );
    expect(job).toMatchObject({ total: 3, processed: 3, sent: 3, undelivered: 0, noAction: 2 });

    const [ada] = await messagesTo('ada@invite.test');
    expect(ada).toMatchObject({ subject: 'Interview for Invite Bay', status: 'sent', tenant_id: acme });
    expect(ada!.body_html).toContain('Hello Ada, call +18005550801 with code IB-1 (IRN 810001).');
    const blas = await messagesTo('blas@invite.test');
    expect(blas).toHaveLength(1);
    expect(blas[0]!.body_html).toContain('Hola Blas, llame al +18005550802, código IB-2.');
    expect(await messagesTo('cy@invite.test')).toHaveLength(1);
    expect(await messagesTo('eve@invite.test')).toHaveLength(0);

    expect(await participant(ids[0]!)).toMatchObject({
      status: 'INVITATION_SENT',
      email_sent: true,
      email_pending: false,
    });
    expect((await participant(ids[1]!)).status).toBe('INVITATION_RESENT');
    expect((await participant(ids[3]!)).status).toBe('NEW_PARTICIPANT');
    expect((await participant(ids[4]!)).status).toBe('INTERVIEWED');
    const events = await withSystem(t.db, (trx) =>
      trx.selectFrom('outbox_delivery_events').select('event').where('outbox_message_id', '=', ada!.id).execute(),
    );
    expect(events.map((e) => e.event)).toEqual(['processed', 'delivered']);
    // The message is linked to its participant, so the detail modal's E-mail Tracking tab lists it.
    const tracked = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('participant_messages')
        .select(['participant_id', 'channel'])
        .where('outbox_message_id', '=', ada!.id)
        .execute(),
    );
    expect(tracked).toEqual([{ participant_id: ids[0]!, channel: 'email' }]);
    const history = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('participant_status_logs')
        .select('status')
        .where('participant_id', '=', ids[0]!)
        .orderBy('id')
        .execute(),
    );
    expect(history.map((h) => h.status)).toEqual(['NEW_PARTICIPANT', 'INVITATION_SCHEDULED', 'INVITATION_SENT']);

    // Another tenant's job is not found.
    const globex = await t.tenantId('Globex Logistics');
    const foreign = await t.api.call('getInvitationJob', {
      token: globexAdmin,
      operatingTenant: globex,
      params: { jobId: answer.job.id },
    });
    expect(foreign.status).toBe(404);
  });

  test('a reminder goes out after auto_reminder_time_in_days, once', async () => {
    const reminders = invitationReminderJob(t.db, t.clock);
    const sweepJob = { id: 0, queue: 'invitation-reminders', tenantId: null, payload: {}, attempt: 1, maxAttempts: 3 };
    await reminders(sweepJob);
    const before = await jobCount();
    expect(before).toBe(1); // not due yet
    t.clock.advance(3 * 24 * 3600_000 + 1000);
    await reminders(sweepJob);
    await reminders(sweepJob);
    expect(await jobCount()).toBe(2);
    const reminder = await withSystem(t.db, (trx) =>
      trx.selectFrom('invitation_jobs').selectAll().where('kind', '=', 'reminder').executeTakeFirstOrThrow(),
    );
    expect(reminder).toMatchObject({ total: 3, project_id: project, channel: 'email' });
    // Run the queued reminder job and the outbox as the app would.
    const log = pino({ level: 'silent' });
    await new JobRunner(t.db, t.clock, { [INVITATION_QUEUE]: invitationJob(t.db, t.clock) }, log).sweep();
    const outbox = new OutboxDispatcher(
      t.db,
      t.clock,
      new LocalFolderTransport(join(t.dataDir, 'outbox')),
      log,
      (trx, outcomes, at) =>
        recordInvitationOutcomes(
          trx,
          outcomes.map((o) => ({ outboxMessageId: Number(o.message.id), outcome: o.outcome })),
          at,
        ),
    );
    await outbox.sweep();
    const ada = await messagesTo('ada@invite.test');
    expect(ada.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(await participant(ids[0]!)).toMatchObject({ status: 'INVITATION_RESENT', email_pending: false });
    expect(await messagesTo('eve@invite.test')).toHaveLength(0);
  });
});

describe('an interrupted job resumes and sends each message once', () => {
  test('killed after the first batch, run again: every recipient has exactly one message', async () => {
    const list = Array.from({ length: 7 }, (_, i) => ({
      firstName: `R${i}`,
      email: `resume${i}@invite.test`,
      languageId: 1,
      accessCode: `IB-R${i}`,
      interviewRefNum: `82000${i}`,
    }));
    const ids = await addParticipants(list);
    const created = await withTenant(t.db, acme, (trx) =>
      createInvitationJob(
        trx,
        {
          tenantId: acme,
          projectId: project,
          channel: 'email',
          createdBy: null,
          selection: { projectId: project, allRecords: false, participantIds: ids },
          selected: ids.length,
        },
        t.clock.now(),
      ),
    );
    expect(created.total).toBe(7);
    // One recipient stops being eligible before the job reaches it: no action, no message, its pending flag cleared.
    await withSystem(t.db, (trx) =>
      trx.updateTable('participants').set({ is_active: false }).where('id', '=', ids[5]!).execute(),
    );
    const claimed = {
      id: 0,
      queue: INVITATION_QUEUE,
      tenantId: acme,
      payload: { invitationJobId: created.id },
      attempt: 1,
      maxAttempts: 5,
    };
    let batches = 0;
    const crashing = invitationJob(t.db, t.clock, {
      batchSize: 3,
      afterBatch: () => {
        batches += 1;
        throw new Error('killed');
      },
    });
    await expect(crashing(claimed)).rejects.toThrow('killed');
    expect(batches).toBe(1);
    const progress = await withSystem(t.db, (trx) =>
      trx.selectFrom('invitation_jobs').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow(),
    );
    expect(progress).toMatchObject({ processed: 3, status: 'running' });

    await invitationJob(t.db, t.clock, { batchSize: 3 })({ ...claimed, attempt: 2 });
    await invitationJob(t.db, t.clock, { batchSize: 3 })({ ...claimed, attempt: 3 });
    for (const [i, p] of list.entries()) expect(await messagesTo(p.email)).toHaveLength(i === 5 ? 0 : 1);
    // A batch queues its messages in one statement: each recipient is linked to its own message, and tracked by it.
    const links = await withSystem(t.db, (trx) =>
      sql<{ email: string; outcome: string; linked: string | null; tracked: string | null; pending: boolean }>`
        SELECT p.email, pi.outcome, o.recipient AS linked, tracked.recipient AS tracked, p.email_pending AS pending
        FROM participant_invitations pi
        JOIN participants p ON p.id = pi.participant_id
        LEFT JOIN outbox_messages o ON o.id = pi.outbox_message_id
        LEFT JOIN participant_messages pm ON pm.participant_id = p.id
        LEFT JOIN outbox_messages tracked ON tracked.id = pm.outbox_message_id
        WHERE pi.invitation_job_id = ${created.id} ORDER BY p.id`.execute(trx),
    );
    expect(links.rows).toEqual(
      list.map((p, i) =>
        i === 5
          ? { email: p.email, outcome: 'no_action', linked: null, tracked: null, pending: false }
          : { email: p.email, outcome: 'pending', linked: p.email, tracked: p.email, pending: true },
      ),
    );
    const done = await withSystem(t.db, (trx) =>
      trx.selectFrom('invitation_jobs').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow(),
    );
    expect(done).toMatchObject({ processed: 7, status: 'done' });
    expect((await participant(ids[0]!)).status).toBe('INVITATION_SCHEDULED');

    // The outbox's final word: a message it gave up on makes the participant UNDELIVERED.
    const [first] = await messagesTo(list[0]!.email);
    await withSystem(t.db, (trx) =>
      recordInvitationOutcomes(trx, [{ outboxMessageId: Number(first!.id), outcome: 'undelivered' }], t.clock.now()),
    );
    expect(await participant(ids[0]!)).toMatchObject({
      status: 'UNDELIVERED',
      email_sent: false,
      email_pending: false,
    });
  });
});
