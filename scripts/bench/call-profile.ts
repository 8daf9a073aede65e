/**
 * Where one request's time goes, call by call, on the benchmark tenant (issue 30): `npx tsx
 * scripts/bench/call-profile.ts [name ...]` with no server holding BENCH_DATA_DIR (default data/bench; run the bench
 * once to seed it). It opens the embedded database as the server does (engine in its worker thread), builds the
 * app in-process, signs in as admin@voxscreen.test operating in Benchmark Co and, for each call (all of CALLS, or
 * those named): runs it PROFILE_RUNS times one after another (default 20) and prints the median and the least
 * wall time, then the request's statements in order with each one's least time at the engine (a batch of BEGIN,
 * the tenant setting and the first statement counts as that statement, ADR 0060), then EXPLAIN (ANALYZE, BUFFERS)
 * of each read that took PROFILE_EXPLAIN_MS (default 2) or more. One request at a time: these are service times,
 * which the bench's p50 at 10 connections multiplies by about ten on the one embedded connection. The machine is
 * shared, so each statement's least time over the runs is printed (load adds waiting, not work).
 */
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { ExplainSlowDialect, type SlowStatement } from '../../src/server/platform/db/explain-slow';
import { PGliteDialect } from '../../src/server/platform/db/pglite-dialect';
import { PGliteWorker } from '../../src/server/platform/db/pglite-worker-client';
import { observedEngine, timed, tripSql } from './observed-engine';
import type { DB, Db } from '../../src/server/platform/db/schema';
import { benchmarkTenantId, benchmarkProjectId, signedInBenchApp } from './benchmark-tenant';
import { CALLS, callUrl } from './profile-calls';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', 'bench'));
const RUNS = Number(process.env.PROFILE_RUNS ?? 20);
const EXPLAIN_MS = Number(process.env.PROFILE_EXPLAIN_MS ?? 2);

interface Timed {
  sql: string;
  ms: number;
}

/** Every round trip timed while `trace` is set (a batch is timed as its last statement, which it answers). */
let trace: Timed[] | null = null;

const shape = (text: string) => text.replace(/\s+/g, ' ').trim();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'off' });
  const engine = observedEngine(
    await PGliteWorker.create({ dataDir: config.pgliteDataDir }),
    timed((trip, ms) => trace?.push({ sql: tripSql(trip), ms })),
    { notifications: false },
  );
  const plans: SlowStatement[] = [];
  let explaining = false;
  const db: Db = new Kysely<DB>({
    dialect: new ExplainSlowDialect(new PGliteDialect(engine), EXPLAIN_MS, (slow) => plans.push(slow), {
      once: false,
      active: () => explaining,
    }),
  });
  try {
    const tenantId = await benchmarkTenantId(db);
    const projectId = await benchmarkProjectId(db, tenantId);
    const { app, headers } = await signedInBenchApp(db, config, dataDir, tenantId);
    const wanted = process.argv.slice(2);
    for (const [name, path, body] of CALLS.filter(([n]) => !wanted.length || wanted.includes(n))) {
      const url = callUrl(path, { tenantId, projectId });
      const payload = body({ tenantId, projectId }) as object | undefined;
      const once = async () => {
        const started = performance.now();
        const response = await app.inject({ method: 'POST', url, headers, ...(payload && { payload }) });
        if (response.statusCode !== 200) throw new Error(`${name}: HTTP ${response.statusCode} ${response.body}`);
        return performance.now() - started;
      };
      await once(); // the first request of a filter counts its total (kept under the data version after it)
      // Every run traced: the machine is shared, so the least time of each statement over the runs is read as its
      // cost (what load adds is waiting, not work), beside the median of the whole request.
      const times: number[] = [];
      const least: Timed[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        trace = [];
        times.push(await once());
        trace.forEach((t, at) => {
          if (!least[at] || t.ms < least[at].ms) least[at] = t;
        });
      }
      trace = null;
      const atEngine = least.reduce((sum, t) => sum + t.ms, 0);
      console.log(
        `\n== ${name}: median ${median(times).toFixed(1)} ms, least ${Math.min(...times).toFixed(1)} ms over ${RUNS}; ` +
          `${least.length} round trips, ${atEngine.toFixed(1)} ms at the engine (least of each)`,
      );
      for (const t of least) console.log(`  ${t.ms.toFixed(2).padStart(8)} ms  ${shape(t.sql).slice(0, 150)}`);
      explaining = true;
      plans.length = 0;
      await once();
      explaining = false;
      for (const plan of plans) console.log(`\n  -- ${plan.sql.slice(0, 300)}\n${plan.plan.replace(/^/gm, '    ')}`);
    }
    await app.close();
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
