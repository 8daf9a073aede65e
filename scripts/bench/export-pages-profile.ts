/**
 * What one page of a long read holds the engine for (issue 30, ADR 0114): `npx tsx scripts/bench/export-pages-profile.ts`
 * with no server holding BENCH_DATA_DIR (a copy of the seeded tenant). Opens the embedded database as the server does
 * and prints, for the results export's first and last page (PROFILE_PAGE rows, default 500, the export's) (offset, then keyset) and the 90-day analytic
 * report's first and last page, the statements' least time over PROFILE_RUNS runs (default 3) and their
 * EXPLAIN (ANALYZE, BUFFERS): rows and buffers read per page do not depend on the machine's load, times do.
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { ExplainSlowDialect, type SlowStatement } from '../../src/server/platform/db/explain-slow';
import { PGliteDialect } from '../../src/server/platform/db/pglite-dialect';
import { PGliteWorker } from '../../src/server/platform/db/pglite-worker-client';
import type { DB, Db } from '../../src/server/platform/db/schema';
import { withTenant } from '../../src/server/platform/tenancy/with-tenant';
import { readReportRows } from '../../src/server/services/data-service';
import {
  readResults,
  readResultsAfter,
  type ResultKeyset,
  type ResultQuery,
} from '../../src/server/services/execution-service';
import { daysAgo } from './results';
import { benchmarkTenantId, benchmarkProjectId } from './benchmark-tenant';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', 'bench'));
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const PAGE = Number(process.env.PROFILE_PAGE ?? 500);
const LAST = 98_000;

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'off' });
  const engine = await PGliteWorker.create({ dataDir: config.pgliteDataDir });
  const plans: SlowStatement[] = [];
  let explaining = false;
  const db: Db = new Kysely<DB>({
    dialect: new ExplainSlowDialect(new PGliteDialect(engine), 0, (slow) => plans.push(slow), {
      once: false,
      active: () => explaining,
    }),
  });
  try {
    const tenantId = await benchmarkTenantId(db);
    const inTenant = <T>(fn: (trx: Db) => Promise<T>) => withTenant(db, tenantId, fn);
    const projectId = await benchmarkProjectId(db, tenantId);
    const query: ResultQuery = {
      projectId,
      page: 0,
      pageSize: 100,
      offset: '+00:00',
      sortBy: 'date',
      sortDirection: 'desc',
      released: true,
      hideReviewed: false,
    };
    const before = await inTenant((trx) => readResults(trx, query, 1, LAST - 1));
    // The keyset of row LAST - 1: the last row of the page before the last one.
    const lastBefore = await inTenant(async (trx) => {
      let after: ResultKeyset | null = null;
      for (let read = 0; read < LAST; read += 7_000) after = (await readResultsAfter(trx, query, 7_000, after)).next;
      return after!;
    });
    if (Number(lastBefore.id) !== before[0]!.id) throw new Error('the keyset and the offset disagree');
    const lateKey = await analyticKeyAt(inTenant, projectId, 150_000);
    const cases: [string, () => Promise<unknown>][] = [
      ['results export, first page, offset', () => inTenant((trx) => readResults(trx, query, PAGE, 0))],
      ['results export, last page, offset', () => inTenant((trx) => readResults(trx, query, PAGE, LAST))],
      ['results export, first page, keyset', () => inTenant((trx) => readResultsAfter(trx, query, PAGE, null))],
      ['results export, last page, keyset', () => inTenant((trx) => readResultsAfter(trx, query, PAGE, lastBefore))],
      ['analytic report (90 days), first page', () => analyticPage(inTenant, projectId, '0')],
      ['analytic report (90 days), a late page', () => analyticPage(inTenant, projectId, lateKey)],
    ];
    for (const [name, run] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        plans.length = 0;
        explaining = false;
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      explaining = true;
      plans.length = 0;
      await run();
      explaining = false;
      const statements = plans.map((p) => p.ms);
      console.log(`\n== ${name}: least ${Math.min(...times).toFixed(0)} ms over ${RUNS} runs (load ${loadAverage()})`);
      console.log(`   statements: ${statements.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
      const slowest = [...plans].sort((a, b) => b.ms - a.ms)[0];
      if (slowest) console.log(slowest.plan);
    }
  } finally {
    await db.destroy();
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const analyticFilter = (projectId: number) => ({
  projectIds: [projectId],
  startDate: daysAgo(89),
  endDate: daysAgo(0),
});

const analyticPage = (inTenant: <T>(fn: (trx: Db) => Promise<T>) => Promise<T>, projectId: number, afterKey: string) =>
  inTenant((trx) => readReportRows(trx, 'interview-results', analyticFilter(projectId), { afterKey, limit: PAGE }));

/** The key the report's page after `rows` rows starts from (its pages are keyset pages by id). */
async function analyticKeyAt(
  inTenant: <T>(fn: (trx: Db) => Promise<T>) => Promise<T>,
  projectId: number,
  rows: number,
) {
  let afterKey = '0';
  for (let read = 0; read < rows; read += PAGE) {
    const page = await analyticPage(inTenant, projectId, afterKey);
    if (page.length < PAGE) break;
    afterKey = page.at(-1)!.rowKey;
  }
  return afterKey;
}

await main();
