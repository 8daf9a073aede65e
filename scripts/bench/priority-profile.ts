/**
 * Whether the dashboard waits behind a results export (issue 30, ADR 0119), in a figure that does not depend on the
 * machine's load: `npx tsx scripts/bench/priority-profile.ts` with no server holding BENCH_DATA_DIR (a copy of the
 * seeded tenant). Builds the app in-process on the embedded database (engine in its worker thread), runs the
 * dashboard KPI from PROFILE_CONNECTIONS loops at once (default 10, the bench's connections), idle for 10 s and while
 * an xlsx export of the project's results (at most 100,000) runs, and prints per stretch: the KPI's p50/p99, and how
 * many of the export's round trips to the engine were sent while a KPI request was in progress (p50/p99 per request,
 * and the share of requests that saw any): with a FIFO hand-over the export's pages alternate with the KPIs'
 * statements; with interactive work first (ADR 0119) a KPI request waits behind the one page already at the engine,
 * and behind another only when the export has waited the mutex's bound.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { PGliteDialect } from '../../src/server/platform/db/pglite-dialect';
import { PGliteWorker } from '../../src/server/platform/db/pglite-worker-client';
import { observedEngine, timed } from './observed-engine';
import type { DB, Db } from '../../src/server/platform/db/schema';
import {
  benchmarkTenantId,
  benchmarkProjectId,
  exportResultsInProcess,
  kpiInProcess,
  percentile,
  signedInBenchApp,
} from './benchmark-tenant';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', 'bench'));
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const IDLE_MS = 10_000;

/** Marks the KPI requests' async context, so the engine tells their round trips from the export's. */
const kpiRequest = new AsyncLocalStorage<true>();

/**
 * The engine with the round trips of work other than the KPI counted and timed (a batch counts as one): such a trip's
 * time is how long it holds the engine, the longest a KPI statement that arrives meanwhile waits for it.
 */
/** The round trips of other work than the KPI's, and how long each held the engine. */
let otherTrips = 0;
let otherTripMs: number[] = [];

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'off' });
  const engine = observedEngine(
    await PGliteWorker.create({ dataDir: config.pgliteDataDir }),
    (trip, run) => {
      if (kpiRequest.getStore()) return run();
      otherTrips += 1;
      return timed((_, ms) => otherTripMs.push(ms))(trip, run);
    },
    { notifications: false },
  );
  const db: Db = new Kysely<DB>({ dialect: new PGliteDialect(engine) });
  try {
    const tenantId = await benchmarkTenantId(db);
    const projectId = await benchmarkProjectId(db, tenantId);
    const { app, headers } = await signedInBenchApp(db, config, dataDir, tenantId);
    const kpi = () =>
      kpiRequest.run(true, async () => {
        const before = otherTrips;
        const ms = await kpiInProcess(app, headers, tenantId);
        return { ms, others: otherTrips - before };
      });
    /** The KPI from CONNECTIONS loops until `until` settles (or for IDLE_MS). */
    const stretch = async (name: string, until: Promise<unknown> | null) => {
      let settled = false;
      void until?.finally(() => (settled = true));
      const times: number[] = [];
      const others: number[] = [];
      const started = performance.now();
      const loop = async () => {
        while (until ? !settled : performance.now() - started < IDLE_MS) {
          const one = await kpi();
          times.push(one.ms);
          others.push(one.others);
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, loop));
      await until;
      const seen = others.filter((n) => n > 0).length;
      console.log(
        `${name} (${((performance.now() - started) / 1000).toFixed(1)} s): KPI p50 ${percentile(times, 50).toFixed(0)} ` +
          `ms, p99 ${percentile(times, 99).toFixed(0)} ms over ${times.length} requests at ${CONNECTIONS} at once; ` +
          `other work's round trips during a KPI request: p50 ${percentile(others, 50)}, p99 ${percentile(others, 99)}, ` +
          `max ${Math.max(0, ...others)}, any in ${((seen / Math.max(1, others.length)) * 100).toFixed(1)}% of them; ` +
          `load ${loadavg()
            .map((n) => n.toFixed(2))
            .join(' ')}`,
      );
    };
    await kpi();
    await stretch('idle', null);
    const exportTrips = otherTrips;
    otherTripMs = [];
    const exportStarted = performance.now();
    const exported = exportResultsInProcess(app, headers, projectId).then((bytes) => {
      const held = otherTripMs;
      console.log(
        `export: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - exportStarted) / 1000).toFixed(1)} ` +
          `s, ${otherTrips - exportTrips} round trips holding the engine p50 ${percentile(held, 50).toFixed(0)} ` +
          `ms, p99 ${percentile(held, 99).toFixed(0)} ms, longest ${Math.max(0, ...held).toFixed(0)} ms`,
      );
    });
    await stretch('during the xlsx export', exported);
    await app.close();
  } finally {
    await db.destroy();
  }
}

await main();
