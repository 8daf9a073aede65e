/**
 * What a kept generic plan saves at the engine, statement by statement (ADR 0132): `npx tsx
 * scripts/bench/plan-mode-profile.ts [call ...]` (names of profile-calls.ts; default calls-code, report-code,
 * participants-first) with no server holding BENCH_DATA_DIR (default data/bench). It makes each call once through
 * the app (engine in its worker thread, as the server has it) and records its round trips, then replays them
 * straight to the engine PROFILE_RUNS times (default 100), the variants interleaved run by run so that the shared
 * machine's load falls on each alike:
 * - `custom`: every statement planned for its values (the GENERIC_PLAN marks taken out, ADR 0127 alone);
 * - `marked`: as the code marks them;
 * - `all generic`: every statement with parameters marked, to show which others would gain and which would lose.
 * Each round trip's least and median time at the engine are printed per variant, and each request's sum.
 * PROFILE_FIRST_READ=1 records the call's first request instead of its second (what a first read sends: since ADR
 * 0180 a repeated report page is kept and sends only the principal); PROFILE_VARIANTS=marked replays one variant.
 */
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { GENERIC_PLAN, PGliteDialect } from '../../src/server/platform/db/pglite-dialect';
import { PGliteWorker, type BatchStep } from '../../src/server/platform/db/pglite-worker-client';
import { observedEngine, tripSql, type Trip } from './observed-engine';
import type { DB, Db } from '../../src/server/platform/db/schema';
import { benchmarkTenantId, benchmarkProjectId, signedInBenchApp } from './benchmark-tenant';
import { CALLS, callUrl } from './profile-calls';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', 'bench'));
const RUNS = Number(process.env.PROFILE_RUNS ?? 100);

/** Every round trip recorded while set. */
let recorded: Trip[] | null = null;

const VARIANTS = {
  custom: (sql: string) => sql.replaceAll(GENERIC_PLAN, ''),
  marked: (sql: string) => sql,
  'all generic': (sql: string) => (sql.includes(GENERIC_PLAN) ? sql : GENERIC_PLAN + sql),
} satisfies Record<string, (sql: string) => string>;
type Variant = keyof typeof VARIANTS;

const rewrite = (step: BatchStep, variant: Variant): BatchStep =>
  step.op === 'query' ? { ...step, sql: VARIANTS[variant](step.sql) } : step;

async function replay(engine: PGliteWorker, trip: Trip, variant: Variant): Promise<unknown> {
  if (trip.op === 'batch') return engine.batch(trip.steps.map((step) => rewrite(step, variant)));
  const step = rewrite(trip, variant);
  return step.op === 'query' ? engine.query(step.sql, step.params) : engine.exec(step.sql);
}

const label = (trip: Trip) => tripSql(trip).replace(/\s+/g, ' ').replace(GENERIC_PLAN, '').trim();
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'off' });
  const worker = await PGliteWorker.create({ dataDir: config.pgliteDataDir });
  const engine = observedEngine(
    worker,
    (trip, run) => {
      recorded?.push(trip);
      return run();
    },
    { notifications: false },
  );
  const db: Db = new Kysely<DB>({ dialect: new PGliteDialect(engine) });
  try {
    const tenantId = await benchmarkTenantId(db);
    const projectId = await benchmarkProjectId(db, tenantId);
    const { app, headers } = await signedInBenchApp(db, config, dataDir, tenantId);
    const wanted = process.argv.slice(2);
    const names = wanted.length ? wanted : ['calls-code', 'report-code', 'participants-first'];
    for (const [name, path, body] of CALLS.filter(([n]) => names.includes(n))) {
      const payload = body({ tenantId, projectId }) as object | undefined;
      const request = () =>
        app.inject({
          method: 'POST',
          url: callUrl(path, { tenantId, projectId }),
          headers,
          ...(payload && { payload }),
        });
      const first = process.env.PROFILE_FIRST_READ === '1';
      if (!first) await request();
      recorded = [];
      const response = await request();
      const trips = recorded;
      recorded = null;
      if (response.statusCode !== 200) throw new Error(`${name}: HTTP ${response.statusCode}`);
      const variants = (process.env.PROFILE_VARIANTS?.split(',') ?? Object.keys(VARIANTS)) as Variant[];
      const times = new Map<Variant, number[][]>(variants.map((v) => [v, trips.map(() => [])]));
      for (let run = 0; run < RUNS + 5; run += 1) {
        for (const variant of variants) {
          for (const [at, trip] of trips.entries()) {
            const started = performance.now();
            await replay(worker, trip, variant);
            if (run >= 5) times.get(variant)![at]!.push(performance.now() - started);
          }
        }
      }
      console.log(`\n== ${name}: ${trips.length} round trips, ${RUNS} replays; ms at the engine, least / median`);
      for (const [variant, perTrip] of times) {
        const least = perTrip.map((t) => sorted(t)[0]!);
        const median = perTrip.map((t) => sorted(t)[Math.floor(t.length / 2)]!);
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0).toFixed(2);
        console.log(`  ${variant}: request ${sum(least)} / ${sum(median)}`);
        trips.forEach((trip, at) =>
          console.log(
            `    ${least[at]!.toFixed(2).padStart(6)} / ${median[at]!.toFixed(2).padStart(6)}  ${label(trip).slice(0, 110)}`,
          ),
        );
      }
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
