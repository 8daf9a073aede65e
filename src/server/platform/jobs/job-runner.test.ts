/** The job table and its runner (ADR 0021): success, failure with its message, retry with backoff, concurrency. */
import pino from 'pino';
import { MovableClock } from '../clock';
import { openTestDatabase } from '../../testing/database-template';
import type { Db } from '../db/schema';
import { withSystem } from '../tenancy/with-tenant';
import { enqueueJob } from './job-queue';
import {
  JobRunner,
  LEASE_MS,
  RETRY_DELAYS_MS,
  type BatchJobHandler,
  type ClaimedJob,
  type JobHandler,
} from './job-runner';

let db: Db;
const clock = new MovableClock();
const log = pino({ level: 'silent' });

beforeAll(async () => {
  db = await openTestDatabase({});
});
afterAll(() => db.destroy());

const jobRow = (id: number) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const enqueue = (queue: string, dedupeKey: string | null = null, maxAttempts = 5) =>
  withSystem(db, (trx) =>
    enqueueJob(trx, { queue, tenantId: null, payload: { n: 1 }, dedupeKey, maxAttempts, runAt: clock.now() }),
  );

test('a job runs once and succeeds; its handler gets the payload', async () => {
  const seen: ClaimedJob[] = [];
  const runner = new JobRunner(db, clock, { 'test-ok': async (job) => void seen.push(job) }, log);
  const { id, status } = await enqueue('test-ok');
  expect(status).toBe('queued');
  expect(await runner.sweep()).toBe(1);
  expect(seen).toEqual([{ id, queue: 'test-ok', tenantId: null, payload: { n: 1 }, attempt: 1, maxAttempts: 5 }]);
  expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 1, last_error: null, locked_until: null });
  expect(await runner.sweep()).toBe(0);
});

test('enqueueing is idempotent per dedupe key while the job is queued, and again possible once it finished', async () => {
  const first = await enqueue('test-dedupe', 'k');
  const second = await enqueue('test-dedupe', 'k');
  expect(second.id).toBe(first.id);
  await new JobRunner(db, clock, { 'test-dedupe': async () => {} }, log).sweep();
  expect((await enqueue('test-dedupe', 'k')).id).not.toBe(first.id);
});

test('a failing job keeps its message, waits out the backoff, and fails for good after its last attempt', async () => {
  let calls = 0;
  const failing: JobHandler = async () => {
    calls += 1;
    if (calls < 3) throw new Error(`CRM unreachable (${calls})`);
  };
  const runner = new JobRunner(db, clock, { 'test-retry': failing }, log);
  const { id } = await enqueue('test-retry', null, 3);
  await runner.sweep();
  expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'CRM unreachable (1)' });
  expect(await runner.sweep()).toBe(0); // not due yet
  clock.advance(RETRY_DELAYS_MS[0]!);
  await runner.sweep();
  expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 2, last_error: 'CRM unreachable (2)' });
  clock.advance(RETRY_DELAYS_MS[1]!);
  await runner.sweep();
  expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 3, last_error: null });

  const hopeless = new JobRunner(db, clock, { 'test-hopeless': () => Promise.reject(new Error('no source')) }, log);
  const { id: doomed } = await enqueue('test-hopeless', null, 1);
  await hopeless.sweep();
  expect(await jobRow(doomed)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'no source' });
  expect((await jobRow(doomed)).finished_at).not.toBeNull();
});

test('two runners never claim the same job; a lapsed lease lets another runner take it', async () => {
  const handlers = { 'test-race': async () => {} };
  const a = new JobRunner(db, clock, handlers, log);
  const b = new JobRunner(db, clock, handlers, log);
  const ids = [];
  for (let i = 0; i < 6; i += 1) ids.push((await enqueue('test-race')).id);
  const [claimedA, claimedB] = await Promise.all([a.claim(4), b.claim(4)]);
  const all = [...claimedA!, ...claimedB!].map((j) => j.id).sort((x, y) => x - y);
  expect(all).toEqual(ids);
  expect(new Set(all).size).toBe(6);
  expect(await a.claim(4)).toEqual([]); // all leased
  clock.advance(10 * 60_000);
  expect((await b.claim(10)).map((j) => j.attempt)).toEqual([2, 2, 2, 2, 2, 2]);
});

test('the heartbeat keeps a long job to its runner; a runner that died loses it to another, which finishes it', async () => {
  let release: () => void = () => {};
  const started: string[] = [];
  const slow =
    (runner: string): JobHandler =>
    async () => {
      started.push(runner);
      if (runner === 'a') await new Promise<void>((resolve) => (release = resolve));
    };
  const a = new JobRunner(db, clock, { 'test-lease': slow('a') }, log);
  const b = new JobRunner(db, clock, { 'test-lease': slow('b') }, log);
  const { id } = await enqueue('test-lease');
  const running = a.sweep();
  await waitFor(() => started.length === 1);

  // A lives: its heartbeat renews the lease, so B finds nothing to take however long the job runs.
  clock.advance(LEASE_MS - 1000);
  await a.renewLeases();
  clock.advance(LEASE_MS - 1000);
  expect(await b.claim()).toEqual([]);

  // A dies (no more heartbeats): once the lease lapses B takes the job over as the next attempt and finishes it.
  clock.advance(LEASE_MS + 1000);
  expect(await b.sweep()).toBe(1);
  expect(started).toEqual(['a', 'b']);
  expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 2 });

  // A's late finish changes nothing: its attempt is no longer the job's.
  release();
  await running;
  expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
});

describe('a queue with a batch handler (ADR 0103)', () => {
  test('its jobs are handed over together; a failed one is retried alone, the others are not run again', async () => {
    const handed: number[][] = [];
    let failing = 0;
    const handler: BatchJobHandler = {
      size: 50,
      batch: async (jobs) => {
        handed.push(jobs.map((j) => j.id));
        return jobs.map((j) => (j.id === failing ? new Error('receiver answered HTTP 503') : null));
      },
    };
    const runner = new JobRunner(db, clock, { 'test-batch': handler }, log);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await enqueue('test-batch')).id);
    failing = ids[4]!;
    expect(await runner.sweep()).toBe(12);
    expect(handed).toEqual([ids]); // one batch (more than the 10 a claim of single jobs takes)
    expect(await jobRow(failing)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'receiver answered HTTP 503',
    });
    for (const id of ids.filter((i) => i !== failing))
      expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 1, last_error: null });

    failing = 0;
    clock.advance(RETRY_DELAYS_MS[0]!);
    expect(await runner.sweep()).toBe(1);
    expect(handed[1]).toEqual([ids[4]]);
    expect(await jobRow(ids[4]!)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  test('a batch handler that throws fails every job of its batch; a single-job queue beside it runs as before', async () => {
    const singles: number[] = [];
    const runner = new JobRunner(
      db,
      clock,
      {
        'test-batch-throws': { size: 10, batch: () => Promise.reject(new Error('database lost')) },
        'test-single-beside': async (job) => void singles.push(job.id),
      },
      log,
    );
    const a = await enqueue('test-batch-throws');
    const b = await enqueue('test-batch-throws');
    const single = await enqueue('test-single-beside');
    expect(await runner.sweep()).toBe(3);
    expect(singles).toEqual([single.id]);
    for (const { id } of [a, b])
      expect(await jobRow(id)).toMatchObject({ status: 'queued', last_error: 'database lost' });
    clock.advance(RETRY_DELAYS_MS[0]!);
  });

  test('two runners claiming batches at once never hand the same job to both', async () => {
    const seen: number[] = [];
    const handler: BatchJobHandler = {
      size: 7,
      batch: async (jobs) => {
        seen.push(...jobs.map((j) => j.id));
        return jobs.map(() => null);
      },
    };
    const a = new JobRunner(db, clock, { 'test-batch-race': handler }, log);
    const b = new JobRunner(db, clock, { 'test-batch-race': handler }, log);
    const ids: number[] = [];
    for (let i = 0; i < 40; i += 1) ids.push((await enqueue('test-batch-race')).id);
    const [byA, byB] = await Promise.all([a.sweep(), b.sweep()]);
    expect(byA + byB).toBe(40);
    expect([...seen].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(seen).size).toBe(40);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

test('a queue in a lane of its own is claimed while a job of another queue runs (ADR 0167)', async () => {
  let laneRan!: () => void;
  const ranInLane = new Promise<void>((resolve) => (laneRan = resolve));
  let slowStarted!: () => void;
  const started = new Promise<void>((resolve) => (slowStarted = resolve));
  const runner = new JobRunner(
    db,
    clock,
    {
      // Finishes only once the lane's job has run: without the lane, that job would wait for this one (a deadlock
      // the test's timeout ends).
      'test-lane-slow': async () => {
        slowStarted();
        await ranInLane;
      },
      'test-lane-own': async () => laneRan(),
    },
    log,
    { lanes: [['test-lane-own']] },
  );
  const slow = await enqueue('test-lane-slow');
  runner.runSoon();
  await started;
  const own = await enqueue('test-lane-own');
  runner.runSoon();
  await ranInLane;
  await runner.stop();
  expect(await jobRow(own.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  expect(await jobRow(slow.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
}, 30_000);
