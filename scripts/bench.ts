/**
 * Prints performance figures; asserts nothing (targets are read by people, not tests).
 *   1. gzip size of what the sign-in screen loads, of sign-in plus the shell and dashboard, and of every lazy
 *      chunk in dist/, against the budgets of ADR 0006; whether a heavy library loads before the shell;
 *   2. p50/p99 latency and requests/s of userInfo, the dashboard KPI and the project list at 10 and 50
 *      connections on loopback against the real server on a fresh embedded database (demo data), 10 s each;
 *   3. Lighthouse performance, FCP, LCP, TBT and CLS of sign-in and the signed-in dashboard, mobile and desktop,
 *      five interleaved rounds (median and spread), the bytes each load received against the gzip size, the
 *      main-thread work, JavaScript boot-up time and longest task of each load (bench-lighthouse.ts), on that server;
 *   4. fair use (bench-fairness.ts): a normal user's p50 unloaded, while one IP floods sign-in, and while
 *      another tenant runs 100 connections;
 *   5. the benchmark tenant (scripts/bench/, one file per area, listed in scripts/bench/tenant.ts): 100k
 *      participants and 1M results in one project, seeded once into BENCH_DATA_DIR (default data/bench) and reused:
 *      dashboard, participants list, export and import, project results, call records, intake results/s, a
 *      90-day analytic report beside the dashboard's p99, and a "not built yet" line for each figure whose call
 *      does not exist. The figures of a run are kept in docs/bench.md.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import autocannon from 'autocannon';
import { lighthouseFigures } from './bench-lighthouse';
import { profileFigures } from './bench-profile';
import { fairnessFigures } from './bench-fairness';
import { waitForUrl as waitFor } from './lib/wait-for-url';
import { startBenchServer } from './lib/start-bench-server';
import { benchmarkTenantFigures } from './bench/tenant';
import { pdfRenderFigures } from './bench/pdf-render';
import { coldStartFigures } from './bench/cold-start';
import { clusterFigures } from './bench/cluster';
// Budgets of ADR 0006 and 0105 (the floor of the mandated libraries is measured in 0006).
import { FIRST_SHELL_BUDGET, SIGN_IN_BUDGET } from './bundle-budgets';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
// Libraries that must load only with the routes that use them, never with the sign-in screen or the shell.
// moment-timezone's own messages survive minification (ADR 0097; the build fails too when it reaches a first screen).
const HEAVY_LIBRARY_MARKERS = {
  'AG Grid': /ag-grid|agGrid/,
  ApexCharts: /ApexCharts|apexcharts/,
  'moment-timezone': /Moment Timezone/,
};

function bundleFigures(): void {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('bundle: dist/ not built (run npm run build first)');
    return;
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const sizes = new Map(files.map((f) => [f, gzipSync(readFileSync(join(dist, f))).length]));
  // Chunk names list the routes that load them (webpack.config.ts), so a route's share is read off the name.
  const loadedBy = (route: string) => files.filter((f) => !initial.includes(f) && f.split(/[~.]/).includes(route));
  const total = (chunks: string[]) => chunks.reduce((sum, f) => sum + (sizes.get(f) ?? 0), 0);
  const signIn = [...initial, ...loadedBy('sign-in')];
  // The API layer (RTK Query and the sign-in and session services) loads when the sign-in form is first focused.
  const signInWithApi = [...new Set([...signIn, ...loadedBy('api')])];
  const firstShell = [...new Set([...signIn, ...loadedBy('shell')])];
  const dashboard = [...new Set([...firstShell, ...loadedBy('dashboard'), ...loadedBy('project-list')])];
  const verdict = (bytes: number, budget: number) => `budget ${kb(budget)} → ${bytes <= budget ? 'within' : 'OVER'}`;
  console.log('\nBundle (gzip)');
  console.log(`  initial (entry + shared):  ${kb(total(initial))}  [${initial.join(', ')}]`);
  console.log(`  sign-in screen total:      ${kb(total(signIn))}  ${verdict(total(signIn), SIGN_IN_BUDGET)}`);
  console.log(`  sign-in + API (on focus):  ${kb(total(signInWithApi))}`);
  console.log(
    `  sign-in + shell:           ${kb(total(firstShell))}  ${verdict(total(firstShell), FIRST_SHELL_BUDGET)}`,
  );
  console.log(`  sign-in + shell + dashboard: ${kb(total(dashboard))}`);
  for (const [library, marker] of Object.entries(HEAVY_LIBRARY_MARKERS)) {
    const carriers = files.filter((f) => marker.test(readFileSync(join(dist, f), 'utf8')));
    const early = carriers.filter((f) => dashboard.includes(f));
    console.log(`  ${library} with sign-in, shell or dashboard: ${early.length ? `YES (${early.join(', ')})` : 'no'}`);
    console.log(`    in: ${carriers.map((f) => `${f} (${kb(sizes.get(f)!)})`).join(', ') || 'no chunk'}`);
  }
  console.log('  route and library chunks:');
  for (const f of files.filter((x) => !initial.includes(x)).sort((a, b) => sizes.get(b)! - sizes.get(a)!)) {
    console.log(`    ${kb(sizes.get(f)!).padStart(9)}  ${f}`);
  }
}

async function signInWhenUp(
  base: string,
  upWithinMs: number,
  email: string,
): Promise<{ access_token: string; id_token: string }> {
  await waitFor(`${base}/user-service/v1/app/version`, upWithinMs);
  const login = await fetch(`${base}/authz-service/userLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Voxscreen!2026' }),
  });
  return (await login.json()) as { access_token: string; id_token: string };
}

async function apiFigures(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-bench-'));
  // The per-tenant rate limiter (ADR 0013) would answer most of these calls 429: this measures latency, not the limit.
  // PGLITE_IN_WORKER=0 measures the embedded database on the request thread (ADR 0054).
  const inWorker = process.env.PGLITE_IN_WORKER ?? '1';
  const { port, base, server } = await startBenchServer(dataDir, {
    API_RATE_LIMIT_PER_10S: '1000000',
    PGLITE_IN_WORKER: inWorker,
  });
  try {
    const tokens = await signInWhenUp(base, 240_000, 'admin@acme.test');
    const auth = { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
    const [acme] = (await (await fetch(`${base}/user-service/v1/tenant/tenants`, { headers: auth })).json()) as {
      tenantId: number;
    }[];
    const headers = { ...auth, operatingtenant: String(acme!.tenantId) };
    // Issue 10: the three calls of a cold dashboard, at 10 and 50 connections (the tenant-wide figures are answered
    // from the data-version cache after the first request, ADR 0025; no If-None-Match is sent, so each is a 200).
    const calls: [string, Omit<Parameters<typeof autocannon>[0], 'connections' | 'duration'>][] = [
      ['userInfo', { url: `${base}/user-service/v1/user/userInfo`, headers: auth }],
      [
        'dashboard KPI',
        {
          url: `${base}/project-service/v1/project/dashboard/kpi?tenantId=${acme!.tenantId}`,
          method: 'POST',
          headers,
        },
      ],
      ['project list', { url: `${base}/project-service/v1/project/projectListNew?defaultStatus=true`, headers }],
    ];
    for (const connections of [10, 50]) {
      const engine = inWorker === '0' ? 'request thread' : 'worker thread';
      console.log(
        `\nAPI on loopback, embedded database on the ${engine} (demo data, Acme), ${connections} connections, 10 s each`,
      );
      for (const [label, options] of calls) await measure(label, options, connections);
    }
    if (existsSync(join(dist, 'index.html'))) await lighthouseFigures(`http://127.0.0.1:${port}`, dist);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Part 3 alone (`--only lighthouse`): the Lighthouse table on a fresh server, without the API load before it; with
 * `--only profile`, the CPU profile of the same loads (bench-profile.ts, issue 29).
 */
async function browserFiguresOnly(figures: (origin: string, dist: string) => Promise<void>): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('lighthouse/profile: dist/ not built (run npm run build first)');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-bench-'));
  const { port, base, server } = await startBenchServer(dataDir);
  try {
    await signInWhenUp(base, 300_000, 'admin@acme.test');
    await figures(`http://127.0.0.1:${port}`, dist);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(
  label: string,
  options: Omit<Parameters<typeof autocannon>[0], 'connections' | 'duration'>,
  connections = 10,
): Promise<void> {
  const result = await autocannon({ connections, duration: 10, ...options });
  console.log(
    `  ${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
}

// `npm run bench -- --only tenant` (or bundle, api, lighthouse, fairness; comma-separated) runs only those parts:
// bundle is 1, api is 2 and 3, lighthouse is 3 alone (ADR 0055), fairness is 4, tenant is 5; profile (issue 29),
// cold-start, cluster and pdf run only when named (bench-profile.ts, scripts/bench/cold-start.ts,
// scripts/bench/cluster.ts, scripts/bench/pdf-render.ts).
// `--engine postgres` runs the tenant part on a throw-away PostgreSQL cluster instead of the embedded database.
const { values } = parseArgs({
  options: { only: { type: 'string' }, engine: { type: 'string', default: 'embedded' } },
});
if (values.engine !== 'embedded' && values.engine !== 'postgres')
  throw new Error(`--engine takes embedded or postgres, got ${values.engine}`);
const only = values.only ? new Set(values.only.split(',').map((part) => part.trim())) : null;
const part = (name: string) => !only || only.has(name);
if (part('bundle')) bundleFigures();
if (part('api')) await apiFigures();
if (only?.has('lighthouse') && !only.has('api')) await browserFiguresOnly(lighthouseFigures);
if (only?.has('profile')) await browserFiguresOnly(profileFigures);
if (part('fairness')) await fairnessFigures();
if (part('tenant')) await benchmarkTenantFigures(values.engine);
// Cluster work (ADR 0077): only when asked for by name.
if (only?.has('cold-start')) await coldStartFigures();
if (only?.has('cluster')) await clusterFigures();
// PDF drawing alone (ADR 0109): only when asked for by name.
if (only?.has('pdf')) await pdfRenderFigures();
