/**
 * Where the request thread's CPU goes for one call (issue 30: at 10 connections on two cores, a call's p99 is set
 * by the CPU every request costs, not by its statement): `npx tsx scripts/bench/request-cpu-profile.ts [call]`
 * with DATA_DIR a seeded data folder no server holds (`DATA_DIR=<dir> npm run seed` makes one) or DATABASE_URL.
 * Starts the production server under `--cpu-prof`, signs in as admin@acme.test (PROFILE_EMAIL), loads the call at 10 connections
 * for PROFILE_SECONDS (default 10), stops the server and prints the request thread's CPU a request and its self
 * time by package (and by our own files), from the profile Node writes at exit. The embedded engine's worker
 * thread writes its own profile; it is summed apart.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { waitForUrl } from '../lib/wait-for-url';
import { profileInclusiveTimes, profileSelfTimes, type CpuProfile } from './cpu-profile-summary';
import { startProfiledServer } from './profiled-server';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const SEARCH = process.env.PROFILE_SEARCH ?? 'B1-A0000123';

/** The calls this profile knows, by name: the bench's figures of record (scripts/bench/*.ts). */
const CALLS: Record<string, (tenant: number) => { path: string; body?: unknown }> = {
  kpi: (tenant) => ({ path: `/project-service/v1/project/dashboard/kpi?tenantId=${tenant}` }),
  'call-records-code': () => ({
    path: '/execution-service/v1/call/directdial',
    // PROFILE_SEARCH: the code to look up; the bench tenant's project is not project 1 (its codes are B10-…).
    body: { startDate: '2025-01-01', endDate: '2027-01-01', pageSize: 10, search: SEARCH },
  }),
};

async function signIn(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/authz-service/userLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.PROFILE_EMAIL ?? 'admin@acme.test', password: 'Voxscreen!2026' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: HTTP ${login.status}`);
  const tokens = (await login.json()) as { access_token: string; id_token: string };
  return { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
}

// A named call, or a path with its JSON body: `request-cpu-profile.ts /project-service/... '{"projectId":10}'`.
const name = process.argv[2] ?? 'call-records-code';
const body = process.argv[3];
const target = name.startsWith('/')
  ? () => ({ path: name, body: body === undefined ? undefined : (JSON.parse(body) as unknown) })
  : CALLS[name];
if (!target) throw new Error(`unknown call ${name}; one of ${Object.keys(CALLS).join(', ')}`);
const dataDir = process.env.DATA_DIR;
if (!dataDir && !process.env.DATABASE_URL) throw new Error('set DATA_DIR (a seeded folder) or DATABASE_URL');
const { server, port, profileDir } = await startProfiledServer(dataDir, 'request-cpu-');
try {
  const base = `http://127.0.0.1:${port}/api`;
  await waitForUrl(`${base}/health/ready`, 120_000);
  const headers = await signIn(base);
  const session = (await (await fetch(`${base}/user-service/v1/user/session`, { headers })).json()) as {
    tenants: { tenantId: number; tenantName: string }[];
  };
  // PROFILE_TENANT names the operating tenant (the bench's is "Benchmark Co", with PROFILE_EMAIL admin@voxscreen.test).
  const named = process.env.PROFILE_TENANT;
  const tenant = (named ? session.tenants.find((t) => t.tenantName === named) : session.tenants[0])!.tenantId;
  const call = target(tenant);
  const options = {
    url: `${base}${call.path}`,
    method: 'POST' as const,
    headers: {
      ...headers,
      operatingtenant: String(tenant),
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  };
  // As request-cpu-time.ts: EACH_ACCESS_CODE=<prefix> a whole code each request, PAGES_FROM=<n> a page each request
  // (first reads, ADRs 0184 and 0186); otherwise the same body every time (a kept page, ADR 0180).
  let sent = 0;
  const varied = (change: (n: number) => Record<string, unknown>) => ({
    ...options,
    requests: [
      {
        method: 'POST' as const,
        headers: options.headers,
        setupRequest: (request: object) => ({
          ...request,
          body: JSON.stringify({ ...(call.body as object), ...change((sent += 1)) }),
        }),
      },
    ],
  });
  const eachCode = process.env.EACH_ACCESS_CODE;
  const pagesFrom = process.env.PAGES_FROM;
  const load = eachCode
    ? varied((n) => ({ search: `${eachCode}${String(((n * 7_919) % 100_000) + 1).padStart(7, '0')}` }))
    : pagesFrom
      ? varied((n) => ({ page: Number(pagesFrom) + n }))
      : options;
  // Warm the server (lazy validators, plans), then load it; only the samples of the load's window are read.
  await autocannon({ ...load, connections: 10, duration: 3 });
  const from = process.hrtime.bigint() / 1000n;
  const result = await autocannon({ ...load, connections: 10, duration: SECONDS });
  const to = process.hrtime.bigint() / 1000n;
  console.log(
    `${name}: ${result.requests.total} requests in ${SECONDS} s (${result.non2xx} non-2xx), p50 ` +
      `${result.latency.p50} ms, p99 ${result.latency.p99} ms; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
  );
  const requests = result.requests.total;
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  for (const file of readdirSync(profileDir).sort()) {
    const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
    const { total, byOrigin } = profileSelfTimes(profile, Number(from), Number(to));
    console.log(
      `\n${file}: ${total.toFixed(0)} ms busy of ${SECONDS * 1000} (${(total / requests).toFixed(2)} ms a request)`,
    );
    for (const [key, ms] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
    const frames = Number(process.env.PROFILE_FRAMES ?? 0);
    if (frames > 0) {
      console.log(`  inclusive, µs a request:`);
      const inclusive = profileInclusiveTimes(profile, Number(from), Number(to));
      for (const [key, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, frames))
        console.log(`  ${((1000 * ms) / requests).toFixed(0).padStart(6)}  ${key}`);
    }
  }
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  // PROFILE_KEEP=1 keeps the profiles (for Chrome DevTools' Performance panel) and prints where they are.
  if (process.env.PROFILE_KEEP) console.log(`\nprofiles kept in ${profileDir}`);
  else rmSync(profileDir, { recursive: true, force: true });
}
