import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { MINUTE } from '../clock';
import { withSystem, withTenant } from '../tenancy/with-tenant';
import { recordingStatements } from '../../testing/recording-statements';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { enqueueEmail, type EmailMessage } from './enqueue-message';
import { sql } from 'kysely';
import {
  MAX_ATTEMPTS,
  OUTBOX_BATCH,
  OUTBOX_SENDS_AT_ONCE,
  OutboxDispatcher,
  claimStatement,
} from './outbox-dispatcher';
import { LocalFolderTransport, type OutboxMessage, type Transport } from './transports';

let t: TestApp;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() =>
  // Leaves earlier tests' messages out of each test's sweep.
  withSystem(t.db, (trx) => trx.updateTable('outbox_messages').set({ status: 'sent' }).execute()),
);

const message = (to: string): EmailMessage => ({
  tenantId: null,
  to,
  subject: 'Hello',
  text: 'Plain text',
  html: '<p>Plain text</p>',
  templateType: 'TEST',
});

const enqueue = (to: string) => withSystem(t.db, (trx) => enqueueEmail(trx, message(to), t.clock.now()));
const row = (id: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );

class RecordingTransport implements Transport {
  readonly name = 'recording';
  readonly sent: number[] = [];
  failuresLeft = 0;

  async send(m: OutboxMessage): Promise<string> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('SMTP 451 try again later');
    }
    this.sent.push(Number(m.id));
    return `rec-${m.id}`;
  }
}

test('the local transport writes each message as JSON to DATA_DIR/outbox and marks it sent', async () => {
  const folder = join(t.dataDir, 'outbox');
  const dispatcher = new OutboxDispatcher(t.db, t.clock, new LocalFolderTransport(folder), silent);
  const id = await enqueue('someone@example.test');
  expect(await dispatcher.sweep()).toBe(1);
  const written = JSON.parse(readFileSync(join(folder, `${id}.json`), 'utf8')) as Record<string, unknown>;
  expect(written).toMatchObject({
    id,
    recipient: 'someone@example.test',
    subject: 'Hello',
    body_html: '<p>Plain text</p>',
  });
  expect(await row(id)).toMatchObject({
    status: 'sent',
    attempts: 1,
    provider_message_id: `local:${id}`,
    sent_at: t.clock.now(),
  });
});

test('a message enqueued in a transaction that rolls back is never sent', async () => {
  const transport = new RecordingTransport();
  await expect(
    withSystem(t.db, async (trx) => {
      await enqueueEmail(trx, message('rolled-back@example.test'), t.clock.now());
      throw new Error('the caller failed');
    }),
  ).rejects.toThrow('the caller failed');
  await new OutboxDispatcher(t.db, t.clock, transport, silent).sweep();
  expect(transport.sent).toEqual([]);
});

test('a tenant-scoped transaction can enqueue for its own tenant only', async () => {
  const acme = await t.tenantId('Acme Insurance');
  const globex = await t.tenantId('Globex Logistics');
  await withTenant(t.db, acme, (trx) =>
    enqueueEmail(trx, { ...message('a@acme.test'), tenantId: acme }, t.clock.now()),
  );
  await expect(
    withTenant(t.db, acme, (trx) =>
      enqueueEmail(trx, { ...message('x@globex.test'), tenantId: globex }, t.clock.now()),
    ),
  ).rejects.toThrow(/row-level security/);
});

test('a failed delivery is retried after a delay on the clock, and stops after the last attempt', async () => {
  const transport = new RecordingTransport();
  const dispatcher = new OutboxDispatcher(t.db, t.clock, transport, silent);
  const id = await enqueue('flaky@example.test');

  transport.failuresLeft = 1;
  await dispatcher.sweep();
  expect(await row(id)).toMatchObject({
    status: 'failed',
    attempts: 1,
    last_error: 'SMTP 451 try again later',
    locked_until: null,
  });
  await dispatcher.sweep();
  expect(transport.sent).toEqual([]);

  t.clock.advance(MINUTE);
  await dispatcher.sweep();
  expect(transport.sent).toEqual([id]);
  expect(await row(id)).toMatchObject({
    status: 'sent',
    attempts: 2,
    last_error: null,
    provider_message_id: `rec-${id}`,
  });

  const doomed = await enqueue('down@example.test');
  transport.failuresLeft = 100;
  for (let i = 0; i < MAX_ATTEMPTS + 2; i += 1) {
    await dispatcher.sweep();
    t.clock.advance(2 * 60 * MINUTE);
  }
  expect(await row(doomed)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
});

test('concurrent sweeps (many instances) send each message exactly once', async () => {
  const transport = new RecordingTransport();
  const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueue(`bulk${i}@example.test`)));
  const sweeps = Array.from({ length: 3 }, () => new OutboxDispatcher(t.db, t.clock, transport, silent).sweep());
  await Promise.all(sweeps);
  expect([...transport.sent].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
});

test('a batch sends concurrently, within its bound; one failed send is retried alone, the others are not resent', async () => {
  let inFlight = 0;
  let most = 0;
  const sent: number[] = [];
  let failing = 0;
  const transport: Transport = {
    name: 'concurrent',
    async send(m) {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Every send waits for the next turn of the event loop, so the batch's sends overlap.
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      if (Number(m.id) === failing) throw new Error('SMTP 451 try again later');
      sent.push(Number(m.id));
      return `c-${m.id}`;
    },
  };
  const dispatcher = new OutboxDispatcher(t.db, t.clock, transport, silent);
  const ids: number[] = [];
  for (let i = 0; i < 40; i += 1) ids.push(await enqueue(`batch${i}@example.test`));
  failing = ids[7]!;
  expect(await dispatcher.sweep()).toBe(40);
  expect(most).toBeGreaterThan(1);
  expect(most).toBeLessThanOrEqual(OUTBOX_SENDS_AT_ONCE);
  expect([...sent].sort((a, b) => a - b)).toEqual(ids.filter((id) => id !== failing));
  expect(await row(failing)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'SMTP 451 try again later' });
  expect(await row(ids[8]!)).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: `c-${ids[8]}` });

  failing = 0;
  t.clock.advance(MINUTE);
  expect(await dispatcher.sweep()).toBe(1);
  expect(sent.filter((id) => id === ids[7])).toHaveLength(1);
  expect(sent).toHaveLength(40);
  expect(await row(ids[7]!)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
});

test('a sweep of many messages sends the next batch while one waits for the transport (ADR 0144)', async () => {
  const ids = await withSystem(t.db, async (trx) => {
    const queued: number[] = [];
    for (let i = 0; i < 2 * OUTBOX_BATCH; i += 1)
      queued.push(await enqueueEmail(trx, message(`lane${i}@example.test`), t.clock.now()));
    return queued;
  });
  const firstBatch = new Set(ids.slice(0, OUTBOX_BATCH));
  let secondBatchStarted: () => void = () => {};
  const secondBatchSending = new Promise<void>((resolve) => (secondBatchStarted = resolve));
  const sent: number[] = [];
  const transport: Transport = {
    name: 'held',
    async send(m) {
      // The first batch is held until a message of the second is being sent: one batch at a time never gets there.
      if (firstBatch.has(Number(m.id))) await secondBatchSending;
      else secondBatchStarted();
      sent.push(Number(m.id));
      return `h-${m.id}`;
    },
  };
  expect(await new OutboxDispatcher(t.db, t.clock, transport, silent).sweep()).toBe(2 * OUTBOX_BATCH);
  expect([...sent].sort((a, b) => a - b)).toEqual(ids);
});

test('the claim reads the due messages only, not every message sent before them (ADR 0144)', async () => {
  // A bulk invite's burst behind earlier sends, with the statistics autovacuum keeps: walked by id, the claim read
  // every one of the 3,000 sent messages before the first due one.
  const insert = (status: string, count: number) => sql`
    INSERT INTO outbox_messages (channel, recipient, subject, body_text, body_html, template_type, status,
                                 created_at, next_attempt_at)
    SELECT 'email', 'burst' || g || '@example.test', 'Hello', 'Plain text', '<p>Plain text</p>', 'TEST', ${status},
           ${t.clock.now()}, ${t.clock.now()}
    FROM generate_series(1, ${count}) AS g`;
  await withSystem(t.db, async (trx) => {
    await insert('sent', 3000).execute(trx);
    await insert('queued', 1000).execute(trx);
  });
  await sql`ANALYZE outbox_messages`.execute(t.db);
  const claim = claimStatement(t.db, t.clock.now()).compile();
  // EXPLAIN ANALYZE runs the claim: the five are claimed here, and marked sent before the next test.
  const plan = await withSystem(t.db, async (trx) => {
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>({
      ...claim,
      sql: `EXPLAIN (ANALYZE, FORMAT JSON) ${claim.sql}`,
    });
    return JSON.stringify(rows[0]!['QUERY PLAN']);
  });
  const removed = [...plan.matchAll(/"Rows Removed by Filter":(\d+)/g)].map((m) => Number(m[1]));
  expect(Math.max(0, ...removed)).toBeLessThan(100);
});

test('a claim left by a crashed sender lapses, and the message is sent by another', async () => {
  const id = await enqueue('orphan@example.test');
  await withSystem(t.db, (trx) =>
    trx
      .updateTable('outbox_messages')
      .set({ locked_until: new Date(t.clock.now().getTime() + 2 * MINUTE), attempts: 1 })
      .where('id', '=', id)
      .execute(),
  );
  const transport = new RecordingTransport();
  const dispatcher = new OutboxDispatcher(t.db, t.clock, transport, silent);
  await dispatcher.sweep();
  expect(transport.sent).toEqual([]);
  t.clock.advance(3 * MINUTE);
  await dispatcher.sweep();
  expect(transport.sent).toEqual([id]);
});

test('a message carrying a set-password link is delivered whole, then kept only with the link redacted', async () => {
  const transport = new RecordingTransport();
  const delivered: OutboxMessage[] = [];
  const recording: Transport = { name: 'rec', send: (m) => (delivered.push(m), transport.send(m)) };
  const dispatcher = new OutboxDispatcher(t.db, t.clock, recording, silent);
  const link = 'http://voxscreen.test/resetPassword?token=s3cret-Token_1';
  const withLink = (to: string): EmailMessage => ({
    ...message(to),
    text: `Open ${link} within 24 hours.`,
    html: `<a href="${link}">Set password</a>`,
    redactAfterSend: true,
  });
  const sent = await withSystem(t.db, (trx) => enqueueEmail(trx, withLink('linked@example.test'), t.clock.now()));
  const plain = await enqueue('plain@example.test');
  await dispatcher.sweep();
  expect(delivered.find((m) => Number(m.id) === sent)?.body_text).toContain(link);
  expect(await row(sent)).toMatchObject({
    status: 'sent',
    body_text: 'Open http://voxscreen.test/resetPassword?token=[redacted] within 24 hours.',
    body_html: '<a href="http://voxscreen.test/resetPassword?token=[redacted]">Set password</a>',
  });
  expect(await row(plain)).toMatchObject({ status: 'sent', body_text: 'Plain text' });

  // A message given up on keeps no live link either; one still to be retried keeps it.
  const doomed = await withSystem(t.db, (trx) => enqueueEmail(trx, withLink('down@example.test'), t.clock.now()));
  transport.failuresLeft = 100;
  await dispatcher.sweep();
  expect((await row(doomed)).body_text).toContain(link);
  for (let i = 0; i < MAX_ATTEMPTS + 1; i += 1) {
    t.clock.advance(2 * 60 * MINUTE);
    await dispatcher.sweep();
  }
  expect(await row(doomed)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  expect((await row(doomed)).body_text).not.toContain('s3cret');
});

test('delivery events and the final outcome: deferred until the last attempt, then dropped and undelivered', async () => {
  const outcomes: [number, string][] = [];
  const transport = new RecordingTransport();
  transport.failuresLeft = MAX_ATTEMPTS;
  const dispatcher = new OutboxDispatcher(t.db, t.clock, transport, silent, async (_trx, told) => {
    for (const { message: m, outcome } of told) outcomes.push([Number(m.id), outcome]);
  });
  const id = await enqueue('bounce@example.test');
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    await dispatcher.sweep();
    t.clock.advance(61 * MINUTE);
  }
  const events = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('outbox_delivery_events')
      .select('event')
      .where('outbox_message_id', '=', id)
      .orderBy('id')
      .execute(),
  );
  expect(events.map((e) => e.event)).toEqual([...Array<string>(MAX_ATTEMPTS - 1).fill('deferred'), 'dropped']);
  expect(outcomes).toEqual([[id, 'undelivered']]);

  const ok = await enqueue('fine@example.test');
  await dispatcher.sweep();
  expect(outcomes).toEqual([
    [id, 'undelivered'],
    [ok, 'sent'],
  ]);
  const sentEvents = await withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_delivery_events').select('event').where('outbox_message_id', '=', ok).execute(),
  );
  expect(sentEvents.map((e) => e.event)).toEqual(['sent']);
});

test("a batch's delivery events are written in one statement, the same for one message and for a full batch", async () => {
  const { db: counting, statements } = recordingStatements(t.db, (text) => text.includes('outbox_delivery_events'));
  const transport = new LocalFolderTransport(join(t.dataDir, 'outbox-events'));
  const dispatcher = new OutboxDispatcher(counting, t.clock, transport, silent);
  const one = await enqueue('events-one@example.test');
  await dispatcher.sweep();
  const full = await Promise.all(Array.from({ length: OUTBOX_BATCH }, (_, i) => enqueue(`events${i}@example.test`)));
  await dispatcher.sweep();

  // ADR 0227: one array a column, so one text (and one kept plan) whatever the batch's size.
  expect(statements).toHaveLength(2);
  expect(statements[1]).toBe(statements[0]);
  const events = await withSystem(t.db, (trx) =>
    sql<{ outbox_message_id: number; event: string; recipient: string; transport: string; tenant_id: number | null }>`
      SELECT outbox_message_id, event, data->>'recipient' AS recipient, data->>'transport' AS transport, tenant_id
      FROM outbox_delivery_events WHERE outbox_message_id = ANY(${[one, ...full]}::bigint[]) ORDER BY id`.execute(trx),
  );
  // Each message's two events, in the batch's order, its data a JSON object.
  const expected = [one, ...full].flatMap((id, i) =>
    ['processed', 'delivered'].map((event) => ({
      outbox_message_id: id,
      event,
      recipient: i === 0 ? 'events-one@example.test' : `events${i - 1}@example.test`,
      transport: 'local',
      tenant_id: null,
    })),
  );
  expect([...events.rows].sort((a, b) => Number(a.outbox_message_id) - Number(b.outbox_message_id))).toEqual(
    expected.sort((a, b) => Number(a.outbox_message_id) - Number(b.outbox_message_id)),
  );
});
