/**
 * Prints performance figures; asserts nothing (targets are read by people, not tests).
 *   1. gzip size of what the sign-in screen loads, of sign-in plus the shell and dashboard, and of every lazy
 *      chunk in dist/, against the budgets of ADR 0006; whether a heavy library loads before the shell;
 *   2. p50/p99 latency and requests/s of userInfo at 10 connections on loopback against the real server on a
 *      fresh embedded database, for a bounded time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
// Budgets of ADR 0006 (the floor of the mandated libraries is measured there).
const SIGN_IN_BUDGET = 220 * 1024;
const FIRST_SHELL_BUDGET = 275 * 1024;
// Libraries that must load only with the routes that use them, never with the sign-in screen or the shell.
const HEAVY_LIBRARY_MARKERS = { 'AG Grid': /ag-grid|agGrid/, ApexCharts: /ApexCharts|apexcharts/ };

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
  const firstShell = [...new Set([...signIn, ...loadedBy('shell')])];
  const verdict = (bytes: number, budget: number) => `budget ${kb(budget)} → ${bytes <= budget ? 'within' : 'OVER'}`;
  console.log('\nBundle (gzip)');
  console.log(`  initial (entry + shared):  ${kb(total(initial))}  [${initial.join(', ')}]`);
  console.log(`  sign-in screen total:      ${kb(total(signIn))}  ${verdict(total(signIn), SIGN_IN_BUDGET)}`);
  console.log(`  sign-in + shell:           ${kb(total(firstShell))}  ${verdict(total(firstShell), FIRST_SHELL_BUDGET)}`);
  for (const [library, marker] of Object.entries(HEAVY_LIBRARY_MARKERS)) {
    const early = firstShell.filter((f) => marker.test(readFileSync(join(dist, f), 'utf8')));
    console.log(`  ${library} with sign-in or shell: ${early.length ? `YES (${early.join(', ')})` : 'no'}`);
  }
  console.log('  route and library chunks:');
  for (const f of files.filter((x) => !initial.includes(x)).sort((a, b) => sizes.get(b)! - sizes.get(a)!)) {
    console.log(`    ${kb(sizes.get(f)!).padStart(9)}  ${f}`);
  }
}

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

async function apiFigures(): Promise<void> {
  const port = 18181;
  const base = `http://127.0.0.1:${port}/api`;
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  try {
    await waitFor(`${base}/user-service/v1/app/version`, 120_000);
    const login = await fetch(`${base}/authz-service/userLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@acme.test', password: 'Voxscreen!2026' }),
    });
    const tokens = (await login.json()) as { access_token: string; id_token: string };
    const result = await autocannon({
      url: `${base}/user-service/v1/user/userInfo`,
      connections: 10,
      duration: 10,
      headers: { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token },
    });
    console.log('\nAPI on loopback, embedded database, 10 connections, 10 s');
    console.log(
      `  userInfo: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

bundleFigures();
await apiFigures();
