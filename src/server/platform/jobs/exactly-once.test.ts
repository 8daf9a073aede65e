/**
 * Exactly once across instances (issue 28, ADR 0080): two instances' workers, each with its own connection pool
 * on one real PostgreSQL server, sweep the same job table and outbox at the same time. Every queue of the product
 * (invitations, webhook deliveries, PDF zips, analytic reports, customer-data sync) runs through JobRunner and
 * every e-mail and SMS through OutboxDispatcher, so what holds here holds for each of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { systemClock } from '../clock';
import { openDatabase } from '../db/open-database';
import type { Db } from '../db/schema';
import { enqueueEmail } from '../outbox/enqueue-message';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher';
import type { OutboxMessage, Transport } from '../outbox/transports';
import { withSystem } from '../tenancy/with-tenant';
import { prepareDatabase } from '../../prepare-database';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server';
import { testConfig } from '../../testing/test-config';
import { enqueueJobs } from './job-queue';
import { JobRunner, type JobHandler } from './job-runner';

const log = pino({ level: 'silent' });
const JOBS = 120;
const MESSAGES = 60;

let server: PostgresServer;
let dataDir: string;
const pools: Db[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
  dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-once-'));
  const config = testConfig(dataDir, { databaseUrl: server.url });
  for (let i = 0; i < 2; i += 1) pools.push(await openDatabase(config));
  await prepareDatabase(pools[0]!);
}, 120_000);

afterAll(async () => {
  for (const pool of pools) await pool.destroy();
  server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A transport that records which instance handed over which message, and takes a little time as a network does. */
class CountingTransport implements Transport {
  readonly name = 'counting';
  constructor(
    private readonly instance: string,
    private readonly sends: Map<string, string[]>,
  ) {}
  async send(message: OutboxMessage): Promise<string> {
    this.sends.set(String(message.id), [...(this.sends.get(String(message.id)) ?? []), this.instance]);
    await new Promise((resolve) => setTimeout(resolve, 2));
    return `${this.instance}-${message.id}`;
  }
}

test('both instances sweeping at once: every job runs once and every message is sent once, the work shared', async () => {
  const runs = new Map<number, string[]>();
  const handler =
    (instance: string): JobHandler =>
    async (job) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), instance]);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
  const sends = new Map<string, string[]>();
  const instances = ['a', 'b'].map((name, i) => ({
    jobs: new JobRunner(pools[i]!, systemClock, { 'test-once': handler(name) }, log),
    outbox: new OutboxDispatcher(pools[i]!, systemClock, new CountingTransport(name, sends), log),
  }));

  const now = systemClock.now();
  const jobIds = await withSystem(pools[0]!, (trx) =>
    enqueueJobs(
      trx,
      Array.from({ length: JOBS }, (_, n) => ({ queue: 'test-once', tenantId: null, payload: { n }, runAt: now })),
    ),
  );
  const messageIds = await withSystem(pools[0]!, async (trx) => {
    const ids: number[] = [];
    for (let n = 0; n < MESSAGES; n += 1)
      ids.push(
        await enqueueEmail(
          trx,
          {
            tenantId: null,
            to: `once${n}@cluster.test`,
            subject: 'Once',
            text: 'x',
            html: '<p>x</p>',
            templateType: 'TEST',
          },
          now,
        ),
      );
    return ids;
  });

  // Each instance sweeps twice at once, as the timer and a commit's runSoon() can make it do.
  const attempted = await Promise.all(
    instances.flatMap(({ jobs, outbox }) => [jobs.sweep(), jobs.sweep(), outbox.sweep(), outbox.sweep()]),
  );
  const [jobsA, jobsA2, , , jobsB, jobsB2] = attempted;
  expect(jobsA! + jobsA2! + jobsB! + jobsB2!).toBe(JOBS);

  expect([...runs.keys()].sort((x, y) => x - y)).toEqual(jobIds);
  expect([...runs.values()].filter((by) => by.length !== 1)).toEqual([]);
  expect([...sends.keys()].map(Number).sort((x, y) => x - y)).toEqual(messageIds);
  expect([...sends.values()].filter((by) => by.length !== 1)).toEqual([]);
  // Both did part of the work: the claims interleave rather than one instance taking everything.
  expect(new Set([...runs.values()].flat())).toEqual(new Set(['a', 'b']));

  const states = await withSystem(pools[1]!, (trx) =>
    trx.selectFrom('jobs').select('status').where('id', 'in', jobIds).execute(),
  );
  expect(states.every((s) => s.status === 'succeeded')).toBe(true);
  const sent = await withSystem(pools[1]!, (trx) =>
    trx.selectFrom('outbox_messages').select(['status', 'attempts']).where('id', 'in', messageIds).execute(),
  );
  expect(sent.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
}, 120_000);
