/**
 * Where the dashboard KPI's time goes on PostgreSQL beside a results export (issue 30, ADR 0128):
 * `BENCH_PG_DIR=<seeded cluster> npx tsx scripts/bench/pg-stall-profile.ts` with no server on that cluster (the
 * bench's `--engine postgres` seeds it). Starts the kept cluster, builds the app in-process twice over it, once with
 * one pool for all work (before ADR 0128) and once with background work on its own connections (now), and runs, for
 * each in turn (ROUNDS times, interleaved, so the machine's load falls on both alike): the KPI from 10 loops at once
 * idle for 10 s, then while an xlsx export of the project's results (at most 100,000) runs. Per stretch it prints the
 * KPI's p50/p99 and where a KPI request's time went (mean per request): waiting for a pool connection, at the server
 * (statement round trips), and the rest on the request thread; and the event loop's longest delay.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { BACKGROUND_CONNECTIONS, PrioritisedPool } from '../../src/server/platform/db/background-pool';
import { resilientPool } from '../../src/server/platform/db/open-database';
import type { DB, Db } from '../../src/server/platform/db/schema';
import { startPostgresServer } from '../../src/server/testing/postgres-server';
import {
  benchmarkProjectId,
  benchmarkTenantId,
  exportResultsInProcess,
  kpiInProcess,
  percentile,
  signedInBenchApp,
} from './benchmark-tenant';

const keepIn = resolve(process.env.BENCH_PG_DIR ?? 'bench-pg');
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 2);
const IDLE_MS = 10_000;
const SIGNING_KEY_SECRET = 'voxscreen-bench-signing-key-secret';

/** Marks the KPI requests' async context, so their pool waits and round trips are told from the export's. */
const kpiRequest = new AsyncLocalStorage<{ waitMs: number; serverMs: number }>();

/** A pool whose KPI connections' wait and statement round trips are added to the KPI request's tally. */
class TimedPool implements PostgresPool {
  constructor(private readonly inner: PostgresPool) {}
  async connect(): Promise<PostgresPoolClient> {
    const tally = kpiRequest.getStore();
    const asked = performance.now();
    const client = await this.inner.connect();
    if (!tally) return client;
    tally.waitMs += performance.now() - asked;
    // A wrapper per checkout: the pool reuses its clients for other requests.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    return {
      query: (...args: unknown[]) => {
        const started = performance.now();
        const answer = query(...args);
        if (answer instanceof Promise) void answer.finally(() => (tally.serverMs += performance.now() - started));
        return answer;
      },
      release: () => client.release(),
    } as PostgresPoolClient;
  }
  end() {
    return this.inner.end();
  }
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const postgres = await startPostgresServer({
    durable: true,
    settings: { shared_buffers: '1GB', effective_cache_size: '4GB', work_mem: '16MB', max_connections: '40' },
    keepIn,
  });
  const dataDir = join(keepIn, 'files');
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url, SIGNING_KEY_SECRET, LOG_LEVEL: 'silent', SEED: 'off' };
  const config = loadConfig(env);
  const onError = () => {};
  const variants: [string, () => PostgresPool][] = [
    ['one pool', () => resilientPool(postgres.url, onError)],
    [
      `background on its own ${BACKGROUND_CONNECTIONS}, paced`,
      () =>
        new PrioritisedPool(
          resilientPool(postgres.url, onError),
          resilientPool(postgres.url, onError, BACKGROUND_CONNECTIONS),
        ),
    ],
  ];
  try {
    for (let round = 1; round <= ROUNDS; round += 1)
      for (const [name, pool] of variants) {
        const db: Db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new TimedPool(pool()) }) });
        try {
          await profile(`round ${round}, ${name}`, db, config, dataDir);
        } finally {
          await db.destroy();
        }
      }
  } finally {
    postgres.stop();
  }
}

async function profile(variant: string, db: Db, config: ReturnType<typeof loadConfig>, dataDir: string) {
  const tenantId = await benchmarkTenantId(db);
  const projectId = await benchmarkProjectId(db, tenantId);
  const { app, headers } = await signedInBenchApp(db, config, dataDir, tenantId);
  const kpi = () => {
    const tally = { waitMs: 0, serverMs: 0 };
    return kpiRequest.run(tally, async () => ({ ms: await kpiInProcess(app, headers, tenantId), ...tally }));
  };
  const stretch = async (name: string, until: Promise<unknown> | null) => {
    let settled = false;
    void until?.finally(() => (settled = true));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const all: { ms: number; waitMs: number; serverMs: number }[] = [];
    const started = performance.now();
    const run = async () => {
      while (until ? !settled : performance.now() - started < IDLE_MS) all.push(await kpi());
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, run));
    await until;
    loop.disable();
    const times = all.map((a) => a.ms);
    const wait = mean(all.map((a) => a.waitMs));
    const server = mean(all.map((a) => a.serverMs));
    console.log(
      `${variant}, ${name} (${((performance.now() - started) / 1000).toFixed(1)} s, ${all.length} KPIs): ` +
        `p50 ${percentile(times, 50).toFixed(0)} / p99 ${percentile(times, 99).toFixed(0)} ms; mean ${mean(times).toFixed(0)} ` +
        `= pool wait ${wait.toFixed(0)} + server ${server.toFixed(0)} + request thread ${(mean(times) - wait - server).toFixed(0)}; ` +
        `event loop longest delay ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)}); load ${load()}`,
    );
  };
  await kpi();
  await stretch('idle', null);
  const exported = exportResultsInProcess(app, headers, projectId);
  await stretch('during the xlsx export', exported);
  await app.close();
}

await main();
