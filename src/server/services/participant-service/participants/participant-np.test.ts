/** NP marking and reverse, and the detail modal's trail (docs/product/participants.md#np, #detail). */
import { sql } from 'kysely';
import { enqueueMessages, enqueueSms } from '../../../platform/outbox/enqueue-message';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { recordingStatements } from '../../../testing/recording-statements';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, STAGE } from '../../project-service';
import type { ParticipantStatus } from '../../../platform/db/schema';
import { recordParticipantMessage, recordParticipantMessages, setParticipantStatuses } from './participant-np-store';
import { createParticipants } from './participants-store';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;
let provider: SignedIn;
let project: number;
let offProject: number;
let globexProject: number;
let seq = 0;

const newProject = (tenantId: number, name: string) =>
  withTenant(t.db, tenantId, (trx) =>
    createProject(trx, { tenantId, name, stageId: STAGE.EXECUTION, languageIds: [1], now: t.clock.now() }),
  );
async function seed(projectId: number, statuses: ParticipantStatus[], tenantId = acme, test = false) {
  return withTenant(t.db, tenantId, (trx) =>
    createParticipants(
      trx,
      tenantId,
      projectId,
      statuses.map((status) => ({
        interviewRefNum: `NP-${++seq}`,
        languageId: 1,
        status,
        accessCode: `9${String(seq).padStart(8, '0')}`,
        isTestParticipant: test,
      })),
      t.clock.now(),
    ),
  );
}
const statusOf = async (id: number) =>
  (
    await withSystem(t.db, (trx) =>
      trx.selectFrom('participants').select('status').where('id', '=', id).executeTakeFirstOrThrow(),
    )
  ).status;
const logsOf = (id: number) =>
  withSystem(t.db, (trx) =>
    trx
      .selectFrom('participant_status_logs')
      .select(['status', 'created_at'])
      .where('participant_id', '=', id)
      .orderBy('id')
      .execute(),
  );
const np = (
  action: 'NP' | 'REVERSE_NP',
  participantIds: number[],
  opts: { projectId?: number; token?: SignedIn; tenant?: number; op?: string } = {},
) =>
  t.api.call(opts.op ?? 'npActionParticipants', {
    token: opts.token ?? admin,
    operatingTenant: opts.tenant ?? acme,
    body: { action, projectId: opts.projectId ?? project, participantIds },
  });
const trail = (id: number, token = admin, operatingTenant = acme) =>
  t.api.call('getParticipantTrail', { token, operatingTenant, params: { id } });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst, globexAdmin, provider] = await t.signInAs(
    'admin@acme.test',
    'analyst@acme.test',
    'dual@globex.test',
    'admin@voxscreen.test',
  );
  project = await newProject(acme, 'NP Quay');
  offProject = await newProject(acme, 'NP Off Quay');
  globexProject = await newProject(globex, 'Globex NP Quay');
  await withTenant(t.db, acme, (trx) =>
    sql`UPDATE projects SET internal_settings = internal_settings || '{"reverse_np_configuration": true}'::jsonb
        WHERE id = ${project}`.execute(trx),
  );
});
afterAll(() => t.close());

describe('mark non-responsive', () => {
  it('marks only eligible statuses and reports the others as no action, with one history row each', async () => {
    const eligible: ParticipantStatus[] = [
      'NEW_PARTICIPANT',
      'INVITATION_SCHEDULED',
      'INVITATION_SENT',
      'INVITATION_RESENT',
    ];
    const ineligible: ParticipantStatus[] = [
      'RESULT_PUBLISHED',
      'INTERVIEWED',
      'ARCHIVED',
      'ATTEMPTED_INCOMPLETE',
      'ATTEMPTED_PARTIAL',
      'UNDELIVERED',
      'NON_RESPONSIVE_PARTICIPANT',
    ];
    const ids = await seed(project, [...eligible, ...ineligible]);
    t.clock.advance(60_000);
    const res = await np('NP', ids, { op: 'markNonResponsiveParticipants' });
    expect(res.status).toBe(200);
    const body = res.body as {
      message: string;
      changed: number;
      noAction: { participantId: number; status: string }[];
    };
    expect(body.changed).toBe(4);
    expect(body.message).toBe('4 participants marked as Non-Responsive');
    expect(body.noAction.map((r) => r.status)).toEqual(ineligible);
    expect(body.noAction.map((r) => r.participantId)).toEqual(ids.slice(4));
    for (const [i, id] of ids.entries()) {
      expect(await statusOf(id)).toBe(i < 4 ? 'NON_RESPONSIVE_PARTICIPANT' : ineligible[i - 4]);
      const logs = await logsOf(id);
      expect(logs.map((l) => l.status)).toEqual(
        i < 4 ? [eligible[i], 'NON_RESPONSIVE_PARTICIPANT'] : [ineligible[i - 4]],
      );
      if (i < 4) expect(logs[1]!.created_at).toEqual(t.clock.now());
    }
  });

  it('refuses with 409 IRNs not valid to be marked as NP when none is eligible, changing nothing', async () => {
    const ids = await seed(project, ['INTERVIEWED', 'UNDELIVERED']);
    const res = await np('NP', ids);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'IRNs not valid to be marked as NP', code: 'NP_NOT_VALID' });
    expect((res.body as { errors: unknown[] }).errors).toHaveLength(2);
    expect(await statusOf(ids[0]!)).toBe('INTERVIEWED');
    expect(await logsOf(ids[0]!)).toHaveLength(1);
  });
});

describe('reverse NP', () => {
  it('restores the status each participant had before the marking; others are no action', async () => {
    const ids = await seed(project, ['INVITATION_SENT', 'NEW_PARTICIPANT', 'INTERVIEWED']);
    expect((await np('NP', ids.slice(0, 2))).status).toBe(200);
    t.clock.advance(60_000);
    const res = await np('REVERSE_NP', ids);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      changed: 2,
      message: '2 participants reversed from Non-Responsive',
      noAction: [{ participantId: ids[2], status: 'INTERVIEWED' }],
    });
    expect(await statusOf(ids[0]!)).toBe('INVITATION_SENT');
    expect(await statusOf(ids[1]!)).toBe('NEW_PARTICIPANT');
    expect((await logsOf(ids[0]!)).map((l) => l.status)).toEqual([
      'INVITATION_SENT',
      'NON_RESPONSIVE_PARTICIPANT',
      'INVITATION_SENT',
    ]);
  });

  it('a participant created non-responsive reverses to NEW_PARTICIPANT', async () => {
    const [id] = await seed(project, ['NON_RESPONSIVE_PARTICIPANT']);
    expect((await np('REVERSE_NP', [id!])).status).toBe(200);
    expect(await statusOf(id!)).toBe('NEW_PARTICIPANT');
  });

  it('is refused (409, nothing changed) when reverse_np_configuration is off', async () => {
    const [id] = await seed(offProject, ['NON_RESPONSIVE_PARTICIPANT']);
    const res = await np('REVERSE_NP', [id!], { projectId: offProject });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'REVERSE_NP_DISABLED' });
    expect(await statusOf(id!)).toBe('NON_RESPONSIVE_PARTICIPANT');
    // Marking needs no setting.
    const [other] = await seed(offProject, ['NEW_PARTICIPANT']);
    expect((await np('NP', [other!], { projectId: offProject })).status).toBe(200);
  });

  it('reverse with only eligible-for-NP rows is 409 and changes nothing', async () => {
    const [id] = await seed(project, ['NEW_PARTICIPANT']);
    const res = await np('REVERSE_NP', [id!]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'REVERSE_NP_NOT_VALID' });
    expect(await statusOf(id!)).toBe('NEW_PARTICIPANT');
  });
});

describe('refusals change nothing', () => {
  it('another tenant’s participant, project or an unknown id is a 404 and nothing changes', async () => {
    const [mine] = await seed(project, ['NEW_PARTICIPANT']);
    const [theirs] = await seed(globexProject, ['NEW_PARTICIPANT'], globex);
    expect((await np('NP', [mine!, theirs!])).status).toBe(404);
    expect((await np('NP', [mine!, 2147483000])).status).toBe(404);
    expect((await np('NP', [theirs!], { projectId: globexProject })).status).toBe(404);
    // A participant of another project of the same tenant is not this project's.
    const [elsewhere] = await seed(offProject, ['NEW_PARTICIPANT']);
    expect((await np('NP', [mine!, elsewhere!])).status).toBe(404);
    expect(await statusOf(mine!)).toBe('NEW_PARTICIPANT');
    expect(await statusOf(theirs!)).toBe('NEW_PARTICIPANT');
    expect(await statusOf(elsewhere!)).toBe('NEW_PARTICIPANT');
    // Globex's own admin may act on it.
    expect((await np('NP', [theirs!], { projectId: globexProject, token: globexAdmin, tenant: globex })).status).toBe(
      200,
    );
  });

  it('needs participants.update (403), and test.update for test participants', async () => {
    const [id] = await seed(project, ['NEW_PARTICIPANT']);
    expect((await np('NP', [id!], { token: analyst })).status).toBe(403);
    expect(await statusOf(id!)).toBe('NEW_PARTICIPANT');
    const [test] = await seed(project, ['NEW_PARTICIPANT'], acme, true);
    expect((await np('NP', [test!])).status).toBe(200);
  });

  it('hidden participants are not found', async () => {
    const [id] = await seed(project, ['NEW_PARTICIPANT']);
    await withSystem(t.db, (trx) =>
      trx.updateTable('participants').set({ is_hidden: true }).where('id', '=', id!).execute(),
    );
    expect((await np('NP', [id!])).status).toBe(404);
    expect(await statusOf(id!)).toBe('NEW_PARTICIPANT');
  });
});

describe('status history in the change’s transaction', () => {
  it('a rolled-back status change leaves no history row; a committed one is visible inside its transaction', async () => {
    const [id] = await seed(project, ['NEW_PARTICIPANT']);
    await expect(
      withTenant(t.db, acme, async (trx) => {
        await setParticipantStatuses(trx, [{ id: id!, status: 'NON_RESPONSIVE_PARTICIPANT' }], t.clock.now());
        const inside = await trx
          .selectFrom('participant_status_logs')
          .select('status')
          .where('participant_id', '=', id!)
          .execute();
        expect(inside.map((r) => r.status)).toEqual(['NEW_PARTICIPANT', 'NON_RESPONSIVE_PARTICIPANT']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await logsOf(id!)).map((l) => l.status)).toEqual(['NEW_PARTICIPANT']);
  });
});

describe('trail', () => {
  it('answers call logs, status history and SMS tracking of the participant only', async () => {
    const [id, other] = await seed(project, ['INVITATION_SENT', 'INVITATION_SENT']);
    await withTenant(t.db, acme, async (trx) => {
      await trx
        .insertInto('call_records')
        .values({
          tenant_id: acme,
          project_id: project,
          participant_id: id!,
          call_id: `TRAIL-${id}`,
          interview_reference_number: 'NP-TRAIL',
          access_code: '123456789',
          call_at: new Date('2026-11-20T09:58:00Z'),
          dial_in_number: '+18005550901',
          duration_seconds: 125,
          provider_name: 'Twilio',
          created_at: t.clock.now(),
        })
        .execute();
      const outboxId = await enqueueSms(
        trx,
        {
          tenantId: acme,
          to: '+12025550100',
          text: 'Hello',
          templateType: 'TEST_INVITATION_SMS',
          sender: 'PHONE_NUMBER',
          provider: 'demo',
        },
        t.clock.now(),
      );
      await recordParticipantMessage(
        trx,
        { tenantId: acme, participantId: id!, outboxMessageId: outboxId, channel: 'sms' },
        t.clock.now(),
      );
    });
    await np('NP', [id!]);
    const res = await trail(id!);
    expect(res.status).toBe(200);
    const body = res.body as {
      calls: { durationSeconds: number; providerName: string }[];
      participantStatusTransitionLogs: { status: string }[];
      supervisorGuideTrackingLogs: unknown[];
      sms_tracking: { invitation_status: string; raw_data: string }[];
      email_tracking: unknown[];
    };
    expect(body.calls).toEqual([expect.objectContaining({ durationSeconds: 125, providerName: 'Twilio' })]);
    expect(body.participantStatusTransitionLogs.map((l) => l.status)).toEqual([
      'INVITATION_SENT',
      'NON_RESPONSIVE_PARTICIPANT',
    ]);
    expect(body.sms_tracking).toEqual([expect.objectContaining({ invitation_status: 'SCHEDULED' })]);
    expect(JSON.parse(body.sms_tracking[0]!.raw_data)).toMatchObject({ recipient: '+12025550100' });
    expect(body.email_tracking).toEqual([]);
    expect(body.supervisorGuideTrackingLogs).toEqual([]);
    const empty = (await trail(other!)).body as { calls: unknown[]; sms_tracking: unknown[] };
    expect(empty.calls).toEqual([]);
    expect(empty.sms_tracking).toEqual([]);
  });

  it('another tenant’s participant is not found; needs action.list.read', async () => {
    const [theirs] = await seed(globexProject, ['NEW_PARTICIPANT'], globex);
    expect((await trail(theirs!)).status).toBe(404);
    expect((await trail(theirs!, globexAdmin, globex)).status).toBe(200);
    const [mine] = await seed(project, ['NEW_PARTICIPANT']);
    expect((await trail(mine!, analyst)).status).toBe(403);
    expect((await trail(2147483000)).status).toBe(404);
  });

  it('backend data is for system-tenant users only, and per tenant', async () => {
    const [id] = await seed(project, ['NEW_PARTICIPANT']);
    await withTenant(t.db, acme, (trx) =>
      trx
        .insertInto('backend_data_logs')
        .values({
          tenant_id: acme,
          kind: 'CALL_RECORD',
          project_id: project,
          participant_id: id!,
          run_id: 'run-1',
          payload: JSON.stringify({ callId: 'X' }),
          uploaded_at: t.clock.now(),
        })
        .execute(),
    );
    const call = (token: SignedIn, operatingTenant = acme, pid = id!) =>
      t.api.call('getParticipantBackendData', { token, operatingTenant, params: { id: pid } });
    expect((await call(admin)).status).toBe(403);
    const res = await call(provider);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ backendData: [{ kind: 'CALL_RECORD', runId: 'run-1' }] });
    const [theirs] = await seed(globexProject, ['NEW_PARTICIPANT'], globex);
    expect((await call(provider, acme, theirs!)).status).toBe(404);
  });
});

describe('messages recorded for the SMS and Email Tracking tabs', () => {
  it('a batch is one statement whatever its size; another tenant’s participant is refused and nothing is kept', async () => {
    const { db: counting, statements } = recordingStatements(t.db, (text) => text.includes('participant_messages'));
    const ids = await seed(project, Array<ParticipantStatus>(40).fill('INVITATION_SCHEDULED'));
    const [theirs] = await seed(globexProject, ['INVITATION_SCHEDULED'], globex);
    const smsTo = (n: number) => ({
      channel: 'sms' as const,
      tenantId: acme,
      to: `+1202555${String(n).padStart(4, '0')}`,
      text: 'Hello',
      templateType: 'TEST_INVITATION_SMS',
      sender: 'PHONE_NUMBER' as const,
      provider: 'demo',
    });
    const now = t.clock.now();
    const record = (participants: number[], tenantId = acme) =>
      withTenant(counting, acme, async (trx) => {
        const outbox = await enqueueMessages(trx, participants.map(smsTo), now);
        await recordParticipantMessages(
          trx,
          participants.map((participantId, i) => ({
            tenantId,
            participantId,
            outboxMessageId: outbox[i]!,
            channel: 'sms',
          })),
          now,
        );
        return outbox;
      });
    await record([ids[0]!]);
    const outbox = await record(ids.slice(1));
    // ADR 0227: one array a column, so one text (and one kept plan) for one message and for 39.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toBe(statements[0]);
    const kept = await withTenant(t.db, acme, (trx) =>
      trx
        .selectFrom('participant_messages')
        .select(['participant_id', 'outbox_message_id', 'channel', 'created_at'])
        .where('participant_id', 'in', ids)
        .orderBy('outbox_message_id')
        .execute(),
    );
    expect(kept).toHaveLength(40);
    expect(kept.slice(1).map((m) => [Number(m.participant_id), Number(m.outbox_message_id), m.channel])).toEqual(
      ids.slice(1).map((id, i) => [id, outbox[i], 'sms']),
    );
    expect(kept[0]!.created_at).toEqual(now);

    // Row-level security: a row naming another tenant is refused, and the batch with it.
    await expect(record([ids[0]!, theirs!], globex)).rejects.toThrow(/row-level security/);
    const after = await withTenant(t.db, acme, (trx) =>
      trx.selectFrom('participant_messages').select('participant_id').where('participant_id', 'in', ids).execute(),
    );
    expect(after).toHaveLength(40);
  });
});

describe('demo seed', () => {
  it('gives invited demo participants NP trails through applyNpAction', async () => {
    const rows = await withTenant(t.db, acme, (trx) =>
      trx
        .selectFrom('participants as pa')
        .innerJoin('projects as p', 'p.id', 'pa.project_id')
        .select(['pa.id', 'pa.status'])
        .where('p.name', '=', 'New Hire Screening')
        .orderBy('pa.id')
        .limit(3)
        .execute(),
    );
    expect(rows.map((r) => r.status)).toEqual([
      'INVITATION_SENT',
      'NON_RESPONSIVE_PARTICIPANT',
      'NON_RESPONSIVE_PARTICIPANT',
    ]);
    expect((await logsOf(Number(rows[0]!.id))).map((l) => l.status)).toEqual([
      'INVITATION_SENT',
      'NON_RESPONSIVE_PARTICIPANT',
      'INVITATION_SENT',
    ]);
  });
});
