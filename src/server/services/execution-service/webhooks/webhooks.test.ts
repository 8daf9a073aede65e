/** Signed webhooks (docs/product/webhooks.md, ADR 0035), verified by a receiver on loopback. */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { NO_SIGNING_KEY } from './webhook-delivery-job';
import { intakeClientToken, invitedParticipant } from '../../../testing/intake-callers';
import { until } from '../../../testing/until';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let t: TestApp;
let acme: number;
let admin: SignedIn;
let analyst: SignedIn;
let clientToken: string;
let project: number;
let receiver: Server;
let receiverUrl: string;
let answerWith = 200;
const received: Received[] = [];
let seq = 0;

async function participantCode(): Promise<string> {
  seq += 1;
  const code = String(700000000 + seq);
  await invitedParticipant(t, acme, project, { irn: `WH${String(seq).padStart(6, '0')}`, code });
  return code;
}

const postResult = (code: string) =>
  t.api.call('postInterviewResult', {
    headers: { authorization: `Bearer ${clientToken}` },
    body: { requestId: `wh-${code}`, accessCode: code, overallEvaluation: 'LR', completedAt: '2026-11-20T10:00:00Z' },
  });

const deliveries = () =>
  t.api.ok('listWebhookDeliveries', { token: admin, operatingTenant: acme, query: { projectId: project } });

/** Waits until no delivery of the project is pending with an attempt still to come now. */
async function settled(expected: number) {
  const { deliveries: list } = await until(
    deliveries,
    ({ deliveries: found }) => found.length >= expected && found.every((d) => d.status !== 'pending' || d.attempts > 0),
    `${expected} settled deliveries`,
  );
  return list;
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answerWith).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [admin, analyst] = await t.signInAs('admin@acme.test', 'analyst@acme.test');
  clientToken = await intakeClientToken(t, admin, acme, 'Webhook telephony');
  project = await withTenant(t.db, acme, async (trx) => {
    const created = await createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Webhook Harbour',
      stageId: STAGE.EXECUTION,
      now: t.clock.now(),
    });
    await sql`UPDATE projects SET client_api = ${JSON.stringify({
      result_callback_url: receiverUrl,
      participant_callback_url: receiverUrl,
    })}::jsonb WHERE id = ${created.projectId}`.execute(trx);
    return created.projectId;
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

test('without a signing key nothing unsigned leaves: the delivery records why, and a replay after adding a key is sent', async () => {
  // The demo data give Acme a signing key (seed-integrations.ts): this test starts from an account without one.
  await withTenant(t.db, acme, (trx) =>
    trx.deleteFrom('tenant_secrets').where('kind', '=', 'WEBHOOK_SIGNING_KEY').execute(),
  );
  const code = await participantCode();
  expect((await postResult(code)).status).toBe(200);
  const list = await settled(2);
  expect(received).toHaveLength(0);
  expect(list.every((d) => d.lastError === NO_SIGNING_KEY)).toBe(true);

  const created = await t.api.ok('createTenantSecret', {
    token: admin,
    operatingTenant: acme,
    body: { name: 'Webhooks', kind: 'WEBHOOK_SIGNING_KEY' },
  });
  const resultDelivery = list.find((d) => d.event === 'result')!;
  const replay = await t.api.ok('replayWebhookDelivery', {
    token: admin,
    operatingTenant: acme,
    params: { id: resultDelivery.id },
  });
  expect(replay).toMatchObject({ replayOf: resultDelivery.id, event: 'result' });
  await settled(3);
  expect(received).toHaveLength(1);
  const [hit] = received;
  const signature = String(hit!.headers['x-voxscreen-signature']);
  const [, timestamp, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
  expect(createHmac('sha256', created.value).update(`${timestamp}.${hit!.body}`).digest('hex')).toBe(v1);
  expect(JSON.parse(hit!.body)).toMatchObject({
    id: resultDelivery.id,
    event: 'result',
    data: { overallEvaluation: 'LR', released: false },
  });
  received.length = 0;
});

test('a result sends a signed result callback and a participant status callback', async () => {
  const code = await participantCode();
  await postResult(code);
  const list = await settled(5);
  expect(list.slice(0, 2).map((d) => d.status)).toEqual(['delivered', 'delivered']);
  const events = received.map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown> });
  expect(events.map((e) => e.event).sort()).toEqual(['participant', 'result']);
  expect(events.find((e) => e.event === 'participant')!.data).toMatchObject({
    previousStatus: 'INVITATION_SENT',
    status: 'INTERVIEWED',
  });
  received.length = 0;
});

test('a receiver error is recorded and retried; a replayed post sends nothing again', async () => {
  answerWith = 500;
  const code = await participantCode();
  await postResult(code);
  const list = await settled(7);
  expect(list.slice(0, 2).every((d) => d.status === 'pending' && d.lastStatusCode === 500)).toBe(true);
  // The delivery records its failure before its job gives the attempt back: wait for the job, not a time.
  const jobs = await until(
    () =>
      withSystem(t.db, (trx) =>
        trx
          .selectFrom('jobs')
          .select(['status', 'attempts'])
          .where('queue', '=', 'webhook-delivery')
          .orderBy('id', 'desc')
          .limit(2)
          .execute(),
      ),
    (found) => found.every((j) => j.status !== 'running'),
    'the delivery jobs to give their attempt back',
  );
  expect(jobs.map((j) => [j.status, j.attempts])).toEqual([
    ['queued', 1],
    ['queued', 1],
  ]);
  answerWith = 200;
  const before = (await deliveries()).deliveries.length;
  await postResult(code);
  expect((await deliveries()).deliveries.length).toBe(before);
});

test('the log needs secrets.read, a replay secrets.update, and ids of another tenant are not found', async () => {
  await t.api.fails('listWebhookDeliveries', 403, {
    token: analyst,
    operatingTenant: acme,
    query: { projectId: project },
  });
  const [globexAdmin] = await t.signInAs('dual@globex.test');
  const globex = (await t.seededTenants()).globex;
  const { deliveries: list } = await deliveries();
  await t.api.fails('replayWebhookDelivery', 404, {
    token: globexAdmin!,
    operatingTenant: globex,
    params: { id: list[0]!.id },
  });
});
