/**
 * Where the dashboard waits beside a results export (issue 30, ADR 0114): `npx tsx scripts/bench/export-stall-profile.ts`
 * with no server holding BENCH_DATA_DIR (a copy of the seeded tenant). Builds the app in-process on the embedded
 * database (engine in its worker thread), signs in as call-profile.ts does, then runs the dashboard KPI one request
 * at a time, idle and while an xlsx export of the project's results (at most 100,000) runs, and prints: the KPI's
 * median and longest time, the event loop's longest delay (monitorEventLoopDelay) and the longest round trip at the
 * engine in each stretch. One request at a time, so what the KPI waits for is the export, not other KPIs. Then the CPU
 * each thread spent during the export (`STALL_KPI=0`: the export alone, without the KPI's share).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { PGliteDialect } from '../../src/server/platform/db/pglite-dialect';
import { PGliteWorker } from '../../src/server/platform/db/pglite-worker-client';
import { observedEngine, timed } from './observed-engine';
import { threadsCpuMs } from './proc-cpu';
import type { DB, Db } from '../../src/server/platform/db/schema';
import {
  benchmarkTenantId,
  benchmarkProjectId,
  exportResultsInProcess,
  kpiInProcess,
  signedInBenchApp,
} from './benchmark-tenant';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', 'bench'));
const IDLE_MS = 10_000;
/** `STALL_KPI=0`: the export alone (no KPI loop), for the CPU each thread spends on it. */
const KPI_LOOP = process.env.STALL_KPI !== '0';
/** Each thread's CPU as last read while the export ran: a writer thread ends with its file. */
const seenThreads = new Map<number, { name: string; ms: number }>();
const sampleThreads = () => threadsCpuMs(process.pid).forEach((thread, tid) => seenThreads.set(tid, thread));

/** The longest round trip to the engine so far (a batch counts as one). */
let longestTrip = 0;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** CPU ms of each thread during the export: the request thread's share is what the KPI waits behind (ADR 0182). */
function printThreadCpu(
  before: Map<number, { name: string; ms: number }>,
  after: Map<number, { name: string; ms: number }>,
): void {
  const spent = [...after].map(([tid, { name, ms }]) => ({ tid, name, ms: ms - (before.get(tid)?.ms ?? 0) }));
  const request = spent.find((thread) => thread.tid === process.pid)?.ms ?? 0;
  const busiest = spent
    .filter((thread) => thread.tid !== process.pid && thread.ms >= 100)
    .sort((a, b) => b.ms - a.ms)
    .map((thread) => `${thread.name} ${thread.ms.toFixed(0)}`)
    .join(', ');
  console.log(
    `CPU ms during the export: request thread ${request.toFixed(0)}; other threads of 100 ms or more: ${busiest}`,
  );
}

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'off' });
  const engine = observedEngine(
    await PGliteWorker.create({ dataDir: config.pgliteDataDir }),
    timed((_, ms) => (longestTrip = Math.max(longestTrip, ms))),
    { notifications: false },
  );
  const db: Db = new Kysely<DB>({ dialect: new PGliteDialect(engine) });
  try {
    const tenantId = await benchmarkTenantId(db);
    const projectId = await benchmarkProjectId(db, tenantId);
    const { app, headers } = await signedInBenchApp(db, config, dataDir, tenantId);
    const kpi = () => kpiInProcess(app, headers, tenantId);
    /** The KPI one at a time until `until` settles (or for IDLE_MS), with the loop's delay and the longest trip. */
    const stretch = async (name: string, until: Promise<unknown> | null) => {
      let settled = false;
      void until?.finally(() => (settled = true));
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      longestTrip = 0;
      const times: number[] = [];
      const started = performance.now();
      while (until ? !settled : performance.now() - started < IDLE_MS) {
        if (KPI_LOOP) times.push(await kpi());
        else await new Promise((resolve) => setTimeout(resolve, 100));
        sampleThreads();
      }
      await until;
      loop.disable();
      console.log(
        `${name}: KPI median ${median(times).toFixed(0)} ms, longest ${Math.max(...times).toFixed(0)} ms over ` +
          `${times.length}; event loop longest delay ${(loop.max / 1e6).toFixed(0)} ms (p99 ` +
          `${(loop.percentile(99) / 1e6).toFixed(0)}); longest engine round trip ${longestTrip.toFixed(0)} ms; ` +
          `load ${loadavg()
            .map((n) => n.toFixed(2))
            .join(' ')}`,
      );
    };
    await kpi();
    if (KPI_LOOP) await stretch('idle', null);
    const threadsBefore = threadsCpuMs(process.pid);
    seenThreads.clear();
    const exported = exportResultsInProcess(app, headers, projectId).then((bytes) =>
      console.log(`export: ${(bytes / 1024 / 1024).toFixed(1)} MB`),
    );
    await stretch('during the xlsx export', exported);
    sampleThreads();
    printThreadCpu(threadsBefore, seenThreads);
    await app.close();
  } finally {
    await db.destroy();
  }
}

await main();
