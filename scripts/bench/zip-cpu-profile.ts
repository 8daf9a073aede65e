/**
 * Where the zip job's CPU goes (issue 30, ADR 0153): `npx tsx scripts/bench/zip-cpu-profile.ts` with DATA_DIR a
 * COPY of the bench's data folder after a bench run (its signing-key.secret beside it; never the folder of record),
 * or DATABASE_URL with SIGNING_KEY_SECRET. Starts the production server under `--cpu-prof`, signs in as the bench's
 * admin (PROFILE_EMAIL, tenant PROFILE_TENANT), zips the PROFILE_PDFS (500) newest results of PROFILE_PROJECT (the
 * bench prints its project) as the bench's "500-PDF zip" does, after a small zip that starts the PDF thread, stops the
 * server and prints the server's CPU a PDF (/proc, all threads) and, for each thread's profile (the request thread,
 * the embedded engine's, the PDF pool's), its busy ms a PDF in the zip's window by origin (PROFILE_DETAIL=<origin>
 * splits one by function).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { waitForUrl } from '../lib/wait-for-url';
import { profileSelfTimes, type CpuProfile } from './cpu-profile-summary';
import { childProcessIds, processesCpuMs, processTreeThreadsCpuMs } from './proc-cpu';
import { benchSession, newestResultIds } from './bench-session';
import { startProfiledServer } from './profiled-server';

const BASE = '/execution-service/v1/interview/result';
const COUNT = Number(process.env.PROFILE_PDFS ?? 500);
const project = Number(process.env.PROFILE_PROJECT);
if (!project) throw new Error('set PROFILE_PROJECT (the bench prints its project)');
const dataDir = process.env.DATA_DIR;
if (!dataDir && !process.env.DATABASE_URL) throw new Error('set DATA_DIR (a copy of the bench data) or DATABASE_URL');

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

const { server, port, profileDir } = await startProfiledServer(dataDir, 'zip-cpu-');
try {
  const base = `http://127.0.0.1:${port}/api`;
  await waitForUrl(`${base}/health/ready`, 300_000);
  const session = await benchSession(base);
  const { call } = session;
  const ids = await newestResultIds(session, project, COUNT);
  const zip = async (interviewResultIds: number[]) => {
    const body = { filter: { projectId: project, page: 0, pageSize: 100 }, interviewResultIds };
    const job = await call<{ id: number }>('POST', `${BASE}/pdfs/jobs`, body);
    for (;;) {
      const state = await call<{ status: string; error: string | null }>('GET', `${BASE}/pdfs/jobs/${job.id}`);
      if (state.status === 'failed') throw new Error(`zip job failed: ${state.error}`);
      if (state.status === 'succeeded') return;
      await new Promise((done) => setTimeout(done, 250));
    }
  };
  // A first zip of a few starts the pool's thread (and tsx's compile); only the second zip's window is read.
  await zip(ids.slice(0, 60));
  const selected = ids.slice(0, COUNT);
  // The server and its PDF drawing processes (ADR 0213), which draw in processes of their own.
  const processCpuMs = () => processesCpuMs([server.pid!, ...childProcessIds(server.pid!)]);
  const cpuBefore = processCpuMs();
  const threadsBefore = processTreeThreadsCpuMs(server.pid!);
  const from = process.hrtime.bigint() / 1000n;
  const started = performance.now();
  await zip(selected);
  const ms = performance.now() - started;
  const to = process.hrtime.bigint() / 1000n;
  const count = selected.length;
  const spent = [...processTreeThreadsCpuMs(server.pid!)].map(
    ([tid, { name, ms }]) => [tid, name, ms - (threadsBefore.get(tid)?.ms ?? 0)] as const,
  );
  const cpu = processCpuMs() - cpuBefore;
  const busiest = spent.filter(([, , ms]) => ms / count >= 0.05).sort((a, b) => b[2] - a[2]);
  // The request thread's id is the process id; the others are the engine's, V8's and libuv's, and the PDF processes'.
  const threads = busiest.map(
    ([tid, name, ms]) => `${tid === server.pid ? 'request' : `${tid} ${name}`} ${(ms / count).toFixed(2)}`,
  );
  console.log(
    `zip of ${count} PDFs: ${(ms / 1000).toFixed(1)} s (${Math.round(count / (ms / 1000))} PDFs/s), server CPU ` +
      `${(cpu / count).toFixed(1)} ms a PDF in all threads and PDF processes; load average ${load()}`,
  );
  console.log(`CPU ms a PDF by thread (/proc): ${threads.join(', ')}`);
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  for (const file of readdirSync(profileDir).sort()) {
    const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
    const { total, byOrigin } = profileSelfTimes(profile, Number(from), Number(to));
    if (total < 1) continue;
    console.log(`\n${file}: ${total.toFixed(0)} ms busy (${(total / count).toFixed(2)} ms a PDF)`);
    for (const [key, spent] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${((100 * spent) / total).toFixed(1).padStart(5)} %  ${(spent / count).toFixed(2)} ms  ${key}`);
  }
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  if (process.env.PROFILE_KEEP) console.log(`\nprofiles kept in ${profileDir}`);
  else rmSync(profileDir, { recursive: true, force: true });
}
