/**
 * The figures on the benchmark tenant (issues 10, 13, 14, 15): seeds it once into BENCH_DATA_DIR (default
 * data/bench, marked by benchmark-seeded.json) with 100,000 participants and 1,000,000 results in one project,
 * adds the call records once and an import project per run (prepare-data.ts), starts the production server on it
 * and runs one function per area. Each area prints its own lines.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startPostgresServer, type PostgresServer } from '../../src/server/testing/postgres-server';
import { startBenchServer } from '../lib/start-bench-server';
import { waitForUrl } from '../lib/wait-for-url';
import { analyticReportFigures } from './analytic-report';
import { accessCodeFigures } from './access-codes';
import { backendLogFigures } from './backend-log';
import { callRecordFigures } from './call-records';
import { incompleteCallFigures } from './incomplete-calls';
import { resultsReportFigures } from './results-report';
import { settle, type BenchContext } from './context';
import { dashboardFigures } from './dashboard';
import { intakeFigures } from './intake';
import { participantExportFigures, participantImportFigures } from './participant-transfer';
import { participantListFigures } from './participants';
import { participantInviteFigures } from './participants-invite';
import { PREPARED_MARK, type Prepared } from './prepared';
import { projectResultFigures } from './results';
import {
  exportBesideDashboardFigures,
  resultPdfZipFigures,
  resultsExportFigures,
  zipBesideDashboardFigures,
} from './results-export';

const root = resolve(import.meta.dirname, '../..');
// BENCH_PARTICIPANTS and BENCH_RESULTS make a smaller tenant for a trial run of the bench code (use another
// BENCH_DATA_DIR); the figures of record use the defaults.
const BENCH_PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const BENCH_RESULTS = Number(process.env.BENCH_RESULTS ?? 1_000_000);
/** One project holds them all: the worst case of the participants list, the export and the Results tab. */
const BENCH_PROJECTS = 1;
/** Far above what 10 connections send, so the figures measure the calls, not the per-tenant limiter (ADR 0013). */
const BENCH_RATE_LIMIT = '1000000';
/** A read that takes this long inside a transaction is printed once with its EXPLAIN (ANALYZE, BUFFERS) plan. */
const EXPLAIN_SLOW_MS = process.env.BENCH_EXPLAIN_SLOW_MS ?? '20';
/** The signing-key secret of a PostgreSQL run (the seed and the server must agree; ADR 0014). */
const PG_SIGNING_KEY_SECRET = 'voxscreen-bench-signing-key-secret';

export type BenchEngine = 'embedded' | 'postgres';

/** The load average beside the figures: the machine is shared, so they are read against it. */
export const loadLine = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;

/** Runs a script of this repository with the tsx loader; resolves with its stdout (also echoed). */
async function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line && !line.startsWith(PREPARED_MARK)) console.log(line);
    });
    child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${script} exited with ${code}`))));
  });
}

async function seedOnce(dataDir: string, env: Record<string, string>): Promise<void> {
  const marker = join(dataDir, 'benchmark-seeded.json');
  if (existsSync(marker)) {
    const seeded = JSON.parse(readFileSync(marker, 'utf8')) as { projects?: number };
    if (seeded.projects !== BENCH_PROJECTS)
      console.log(
        `  (${dataDir} was seeded with the participants spread over several projects: the list and export figures ` +
          `cover the first project only; remove the directory to seed one project of ${BENCH_PARTICIPANTS})`,
      );
    return;
  }
  console.log(
    `\nSeeding ${BENCH_PARTICIPANTS} participants and ${BENCH_RESULTS} results into ${dataDir} (once; reused later)`,
  );
  // --fast: generated with set-based SQL in the database (ADR 0058); the domain path needs hours for 1M results.
  const args = ['--participants', String(BENCH_PARTICIPANTS), '--results', String(BENCH_RESULTS), '--fast'];
  const started = Date.now();
  await runScript('scripts/seed.ts', [...args, '--projects', String(BENCH_PROJECTS)], env);
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s (${loadLine()})`);
  writeFileSync(
    marker,
    JSON.stringify({ participants: BENCH_PARTICIPANTS, results: BENCH_RESULTS, projects: BENCH_PROJECTS }),
  );
}

async function signIn(base: string): Promise<Record<string, string>> {
  await waitForUrl(`${base}/health/ready`, 300_000);
  const attempt = () =>
    fetch(`${base}/authz-service/userLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@voxscreen.test', password: 'Voxscreen!2026' }),
    });
  let login = await attempt();
  // A server that has just started on a large database may still shed load (503, ADR 0013).
  for (let tries = 1; login.status === 503 && tries < 30; tries += 1) {
    await new Promise((r) => setTimeout(r, 2000));
    login = await attempt();
  }
  if (!login.ok) throw new Error(`sign-in failed: HTTP ${login.status}`);
  const tokens = (await login.json()) as { access_token: string; id_token: string };
  return { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
}

/**
 * Where the bench's tenant lives: the embedded database in BENCH_DATA_DIR (seeded once, reused), or a throw-away
 * PostgreSQL cluster (Debian's server binaries, the test suite's helper) seeded on each run and removed after it,
 * or kept in BENCH_PG_DIR and seeded once.
 */
async function benchDatabase(
  engine: BenchEngine,
): Promise<{ dataDir: string; env: Record<string, string>; stop: () => void; pid?: () => number | null }> {
  if (engine === 'embedded') {
    const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', 'bench'));
    return { dataDir, env: { DATA_DIR: dataDir }, stop: () => {} };
  }
  // BENCH_PG_DIR keeps the cluster and its files between runs, so the 1M-row tenant is seeded once (as BENCH_DATA_DIR
  // does for the embedded database); without it the cluster is thrown away after the run.
  const keepIn = process.env.BENCH_PG_DIR ? resolve(process.env.BENCH_PG_DIR) : undefined;
  // Production durability (commits flushed), so the write figures are not inflated; memory for the 1M-row tables.
  const postgres: PostgresServer = await startPostgresServer({
    durable: true,
    settings: { shared_buffers: '1GB', effective_cache_size: '4GB', work_mem: '16MB', max_connections: '40' },
    keepIn,
  });
  const dataDir = keepIn ? join(keepIn, 'files') : mkdtempSync(join(tmpdir(), 'voxscreen-bench-pg-'));
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url, SIGNING_KEY_SECRET: PG_SIGNING_KEY_SECRET };
  return {
    dataDir,
    env,
    pid: () => postgres.pid(),
    stop: () => {
      postgres.stop();
      if (!keepIn) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchmarkTenantFigures(engine: BenchEngine = 'embedded'): Promise<void> {
  const database = await benchDatabase(engine);
  try {
    await seedOnce(database.dataDir, database.env);
    await runFigures(engine, database.dataDir, database.env, database.pid?.() ?? null);
  } finally {
    database.stop();
  }
}

/** Prints the plans of the slow reads the server reported since the last call (each statement text once). */
function slowPlanPrinter(): { onLogLine: (line: string) => void; print: () => void } {
  const pending: { sql: string; ms: number; plan: string }[] = [];
  return {
    onLogLine(line) {
      try {
        const entry = JSON.parse(line) as { slowStatement?: { sql: string; ms: number; plan: string } };
        if (entry.slowStatement) pending.push(entry.slowStatement);
      } catch {
        // not a log line of ours
      }
    },
    print() {
      for (const slow of pending.splice(0)) {
        console.log(`\n  slow read (${slow.ms.toFixed(0)} ms the first time): ${slow.sql.slice(0, 400)}`);
        console.log(slow.plan.replace(/^/gm, '    | '));
      }
    },
  };
}

async function runFigures(
  engine: BenchEngine,
  dataDir: string,
  env: Record<string, string>,
  databasePid: number | null,
): Promise<void> {
  const out = await runScript('scripts/bench/prepare-data.ts', [], env);
  const line = out.split('\n').find((l) => l.startsWith(PREPARED_MARK));
  if (!line) throw new Error('prepare-data.ts did not name the benchmark project');
  const prepared = JSON.parse(line.slice(PREPARED_MARK.length)) as Prepared;
  const keyFile = join(dataDir, 'signing-key.secret');
  const secrets =
    engine === 'postgres'
      ? env
      : // The seed ran without SIGNING_KEY_SECRET, so the tenants' secrets are encrypted under the key file it left
        // in the data directory (ADR 0014, 0023): the production server must start with that same secret. A signing
        // key that an earlier bench server encrypted with startBenchServer's fixed secret is re-encrypted (rotation).
        existsSync(keyFile)
        ? {
            SIGNING_KEY_SECRET: readFileSync(keyFile, 'utf8').trim(),
            SIGNING_KEY_SECRET_PREVIOUS: PG_SIGNING_KEY_SECRET,
          }
        : {};
  const plans = slowPlanPrinter();
  const { base, server } = await startBenchServer(
    dataDir,
    { API_RATE_LIMIT_PER_10S: BENCH_RATE_LIMIT, DB_EXPLAIN_SLOW_MS: EXPLAIN_SLOW_MS, ...secrets },
    plans.onLogLine,
  );
  const died = new Promise<never>((_, fail) =>
    server.once('exit', (code) =>
      fail(new Error(`the server exited (${code}); start it with DATA_DIR=${dataDir} by hand to see why`)),
    ),
  );
  died.catch(() => {});
  try {
    const auth = await Promise.race([signIn(base), died]);
    const ctx: BenchContext = {
      base,
      serverPid: server.pid!,
      databasePid,
      tenantId: prepared.tenantId,
      headers: { ...auth, operatingtenant: String(prepared.tenantId) },
      projectId: prepared.projectId,
      importProjectId: prepared.importProjectId,
      inviteProjectId: prepared.inviteProjectId,
    };
    console.log(
      `\nBenchmark tenant (${BENCH_PARTICIPANTS} participants, ${BENCH_RESULTS} results and call records in ` +
        `project ${prepared.projectId}), loopback, ${engine === 'postgres' ? 'PostgreSQL server' : 'embedded database'}; ` +
        `latency: autocannon, 10 connections, 10 s; per-tenant API limit raised to ${BENCH_RATE_LIMIT}/10 s; memory: ` +
        `the server process (peak-memory.ts); reads slower than ${EXPLAIN_SLOW_MS} ms printed once with their plan`,
    );
    const areas: [string, (ctx: BenchContext) => Promise<void>][] = [
      ['dashboard', dashboardFigures],
      ['participants list', participantListFigures],
      ['participants export', participantExportFigures],
      ['participants import', participantImportFigures],
      ['participants bulk invite', participantInviteFigures],
      ['access codes', accessCodeFigures],
      ['project results', projectResultFigures],
      ['results export', resultsExportFigures],
      ['500-PDF zip', resultPdfZipFigures],
      ['dashboard beside an export', exportBesideDashboardFigures],
      ['dashboard beside a PDF zip', zipBesideDashboardFigures],
      ['call records', callRecordFigures],
      ['results report', resultsReportFigures],
      ['incomplete calls', incompleteCallFigures],
      ['backend data log', backendLogFigures],
      ['intake', intakeFigures],
      ['analytic report', analyticReportFigures],
    ];
    // BENCH_AREAS (comma-separated area names, e.g. "results export,500-PDF zip") runs only those, for a trial.
    const only = process.env.BENCH_AREAS?.split(',').map((a) => a.trim());
    for (const [area, figures] of areas) {
      if (only && !only.includes(area)) continue;
      try {
        await settle(ctx);
        console.log(`\n[${area}: ${loadLine()}]`);
        await figures(ctx);
      } catch (error) {
        // One failing area must not hide the others' figures.
        console.log(`  ${area}: FAILED ${error instanceof Error ? error.message : String(error)}`);
      }
      plans.print();
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
  }
}
