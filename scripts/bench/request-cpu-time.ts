/**
 * CPU time a request costs, from the kernel's accounts (issue 30, ADR 0160): `npx tsx scripts/bench/request-cpu-time.ts
 * <path> [json body]` with DATA_DIR a seeded folder no server holds, or DATABASE_URL (and SIGNING_KEY_SECRET, DATA_DIR
 * for files) with PG_PID the cluster's postmaster. Starts the production server (no profiler), signs in as
 * admin@voxscreen.test operating in Benchmark Co, loads the call at 10 connections for 3 s, then PROFILE_SECONDS
 * (default 10) and prints the user + system time of each of the server's threads (the request thread "main", the
 * embedded engine's worker and Node's helpers) and of every PostgreSQL process, divided by the requests. A CPU-profile's
 * self time counts the time a thread waited for a core; this does not, so it is steadier on a loaded machine (not
 * immune: shared caches still slow a thread; compare interleaved runs of similar load).
 * ENCODING sets Accept-Encoding (none by default, as the bench). EACH_ACCESS_CODE=<prefix> (e.g. `B12-A`) sends each
 * request its own whole access code as the body's `search`, in the bench's stride (`benchAccessCode`): a first read
 * each time, where a repeated body may be answered from what the server keeps (ADR 0180, 0184). PAGES_FROM=1000 asks a
 * different page each request, from that one on (the body's `page`), as the bench's first-read lines do (ADR 0186).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { strideAccessCode, type LoadOptions } from './context';
import { waitForUrl } from '../lib/wait-for-url';
import { clusterCpuMs, threadsCpuMs } from './proc-cpu';
import { startBenchServer } from './profiled-server';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
/** A process's CPU ms by thread name ("main" for the thread the process started with). */
function threadMs(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const [tid, { name, ms }] of threadsCpuMs(pid)) {
    const key = tid === pid ? 'main' : name;
    byName.set(key, (byName.get(key) ?? 0) + ms);
  }
  return byName;
}

const path = process.argv[2];
if (!path)
  throw new Error('name the call: request-cpu-time.ts /execution-service/v1/interview/results \'{"projectId":10}\'');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('set DATA_DIR (the seeded folder, or the files of a DATABASE_URL run)');
const { server, port } = await startBenchServer(dataDir);
try {
  const base = `http://127.0.0.1:${port}/api`;
  await waitForUrl(`${base}/health/ready`, 180_000);
  const login = await fetch(`${base}/authz-service/userLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@voxscreen.test', password: 'Voxscreen!2026' }),
  });
  const tokens = (await login.json()) as { access_token: string; id_token: string };
  const signedIn = { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
  const session = (await (await fetch(`${base}/user-service/v1/user/session`, { headers: signedIn })).json()) as {
    tenants: { tenantId: number; tenantName: string }[];
  };
  const tenant = session.tenants.find((t) => t.tenantName === 'Benchmark Co')!.tenantId;
  const body = process.argv[3];
  // A first read each request (EACH_ACCESS_CODE, PAGES_FROM): the body's search or page from one counter for the
  // warm-up and the load, as the bench's first-read lines do.
  const eachCode = process.env.EACH_ACCESS_CODE;
  const pagesFrom = process.env.PAGES_FROM;
  const bodyOf = (n: number) => ({
    ...(JSON.parse(body ?? '{}') as object),
    ...(eachCode && { search: strideAccessCode(eachCode, n + 1) }),
    ...(pagesFrom && { page: Number(pagesFrom) + n }),
  });
  const headers = {
    ...signedIn,
    operatingtenant: String(tenant),
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...(process.env.ENCODING ? { 'accept-encoding': process.env.ENCODING } : {}),
  };
  const url = `${base}${path}`;
  let n = 0;
  const load: LoadOptions =
    eachCode || pagesFrom
      ? {
          url,
          requests: [
            {
              method: 'POST',
              headers,
              setupRequest: (request) => ({ ...request, body: JSON.stringify(bodyOf(n++)) }),
            },
          ],
        }
      : { url, method: 'POST', headers, body };
  if (eachCode) {
    const probe = { ...(JSON.parse(body ?? '{}') as object), search: strideAccessCode(eachCode, 0) };
    const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify(probe) });
    console.log(`${probe.search}: ${answer.status} ${(await answer.text()).slice(0, 80)}…`);
  }
  await autocannon({ ...load, connections: 10, duration: 3 });
  const [threadsBefore, clusterBefore, loadBefore] = [threadMs(server.pid!), clusterCpuMs(), loadavg()[0]!];
  const result = await autocannon({ ...load, connections: 10, duration: SECONDS });
  const [threadsAfter, clusterAfter] = [threadMs(server.pid!), clusterCpuMs()];
  const requests = result.requests.total;
  const perRequest = (ms: number) => (ms / requests).toFixed(2);
  const threads = [...threadsAfter]
    .map(([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  // Only processes alive at both ends: a backend that ended took its time with it.
  const cluster = [...clusterAfter].reduce((sum, [pid, ms]) => sum + ms - (clusterBefore.get(pid) ?? ms), 0);
  console.log(
    `${path}: ${requests} requests in ${SECONDS} s (${result.non2xx} non-2xx), p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms; load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `CPU ms a request: server ${perRequest(threads.reduce((sum, [, ms]) => sum + ms, 0))} (` +
      `${threads.map(([name, ms]) => `${name} ${perRequest(ms)}`).join(', ')})` +
      (process.env.PG_PID ? `, PostgreSQL ${perRequest(cluster)}` : ''),
  );
} finally {
  server.kill('SIGTERM');
}
