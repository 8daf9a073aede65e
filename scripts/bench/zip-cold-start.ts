/**
 * Where a cold zip's time goes (issue 30, ADR 0167): `npx tsx scripts/bench/zip-cold-start.ts` with DATA_DIR a COPY
 * of the bench's data folder after a bench run (its signing-key.secret beside it), or DATABASE_URL with
 * SIGNING_KEY_SECRET. Starts the production server from source (as the tenant bench does), signs in, lists the
 * PROFILE_PDFS (500) newest results of PROFILE_PROJECT, then zips them as the FIRST zip of the fresh server, polling
 * the job every POLL_MS (50): when the request was answered, when the job was seen running, each page of 100 done,
 * succeeded, the download's last byte. Then the same zip again on the now warm server (ZIP_RUNS, 2, zips in all).
 * Lines the server writes to stderr starting with `[zip-trace] <epoch ms>` are printed on the same time line, relative
 * to the request: the code writes none; `git apply docs/adr/evidence/0167-zip-trace.patch` adds the trace of ADR 0167
 * (never commit it).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { waitForUrl } from '../lib/wait-for-url';
import { benchSession, newestResultIds } from './bench-session';
import { startBenchServer } from './profiled-server';
import { statCpuMs, threadsCpuMs } from './proc-cpu';

const BASE = '/execution-service/v1/interview/result';
const COUNT = Number(process.env.PROFILE_PDFS ?? 500);
const POLL_MS = Number(process.env.POLL_MS ?? 50);
const RUNS = Number(process.env.ZIP_RUNS ?? 2);
const project = Number(process.env.PROFILE_PROJECT);
if (!project) throw new Error('set PROFILE_PROJECT (the bench prints its project)');
const dataDir = process.env.DATA_DIR;
if (!dataDir && !process.env.DATABASE_URL) throw new Error('set DATA_DIR (a copy of the bench data) or DATABASE_URL');

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

const trace: { at: number; text: string }[] = [];
const { server, port } = await startBenchServer(dataDir, [], { stderr: 'pipe' });
let rest = '';
server.stderr!.on('data', (chunk: Buffer) => {
  const lines = (rest + chunk.toString()).split('\n');
  rest = lines.pop() ?? '';
  for (const line of lines) {
    const match = /^\[zip-trace\] (\d+) (.*)$/.exec(line);
    if (match) trace.push({ at: Number(match[1]), text: match[2]! });
  }
});
const started = Date.now();
try {
  const base = `http://127.0.0.1:${port}/api`;
  await waitForUrl(`${base}/health/ready`, 300_000);
  console.log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${rssMb(server.pid!)} MB`);
  const session = await benchSession(base);
  const { call, headers } = session;
  const ids = await newestResultIds(session, project, COUNT);
  const selected = ids.slice(0, COUNT);
  const body = { filter: { projectId: project, page: 0, pageSize: 100 }, interviewResultIds: selected };
  // The server's threads before the first zip: a PDF thread started with the server shows here.
  const named = (pid: number) =>
    [...threadsCpuMs(pid).values()]
      .map((t) => t.name)
      .filter((name) => !/^(node|V8|libuv|node-?)/i.test(name) || /Worker/i.test(name));
  console.log(`threads before the first zip: ${threadsCpuMs(server.pid!).size} (${named(server.pid!).join(', ')})`);
  console.log(`RSS before the first zip (signed in, ${ids.length} listed): ${rssMb(server.pid!)} MB`);
  for (const { at, text } of trace)
    console.log(`  ${String(at - started).padStart(6)} ms after the spawn  server: ${text}`);
  for (let run = 1; run <= RUNS; run += 1) {
    trace.length = 0;
    const marks: [number, string][] = [];
    const cpuBefore = statCpuMs(`/proc/${server.pid}/stat`)!;
    const t0 = Date.now();
    const job = await call<{ id: number }>('POST', `${BASE}/pdfs/jobs`, body);
    marks.push([Date.now(), 'the request answered']);
    let seen = { status: 'queued', done: 0 };
    for (;;) {
      const state = await call<{ status: string; done: number; error: string | null }>(
        'GET',
        `${BASE}/pdfs/jobs/${job.id}`,
      );
      if (state.status === 'failed') throw new Error(`zip job failed: ${state.error}`);
      if (state.status !== seen.status) marks.push([Date.now(), `seen ${state.status}`]);
      if (state.done !== seen.done) marks.push([Date.now(), `seen done ${state.done}`]);
      seen = state;
      if (state.status === 'succeeded') break;
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
    const file = await fetch(`${base}${BASE}/pdfs/jobs/${job.id}/file`, { headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    const end = Date.now();
    marks.push([end, `downloaded ${(bytes / 1024 / 1024).toFixed(1)} MB`]);
    await new Promise((done) => setTimeout(done, 100));
    const lines = [
      ...marks.map(([at, text]) => ({ at, text: `client: ${text}` })),
      ...trace.map(({ at, text }) => ({ at, text: `server: ${text}` })),
    ].sort((a, b) => a.at - b.at);
    const firstPage = marks.find(([, text]) => text === 'seen done 100');
    const total = (end - t0) / 1000;
    console.log(
      `\nzip ${run} (${run === 1 ? 'cold: the first of the server' : 'warm'}) of ${selected.length} PDFs: ` +
        `${total.toFixed(2)} s (${Math.round(selected.length / total)} PDFs/s)` +
        (firstPage
          ? `, first page seen at ${((firstPage[0] - t0) / 1000).toFixed(2)} s, ` +
            `${Math.round((selected.length - 100) / ((end - firstPage[0]) / 1000))} PDFs/s after it`
          : '') +
        `; server CPU ${(statCpuMs(`/proc/${server.pid}/stat`)! - cpuBefore).toFixed(0)} ms; load ${load()}`,
    );
    for (const { at, text } of lines) console.log(`  ${String(at - t0).padStart(6)} ms  ${text}`);
  }
  console.log(`\nRSS after: ${rssMb(server.pid!)} MB`);
} finally {
  server.kill('SIGTERM');
}

function rssMb(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return (kb / 1024).toFixed(0);
}
