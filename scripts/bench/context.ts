/**
 * What every benchmark area gets: the server's base URL and process id, the signed-in user's headers operating in
 * the benchmark tenant, and the benchmark project; plus the shared ways of measuring (autocannon at 10
 * connections, wall time, peak server memory) so every area prints figures the same way.
 */
import autocannon from 'autocannon';
import { appendFileSync } from 'node:fs';
import { PeakMemory } from './peak-memory';
import { scheduleLine, threadSchedule } from './proc-cpu';

export interface BenchContext {
  /** `http://127.0.0.1:<port>/api` */
  base: string;
  /** The server process: its memory is read from /proc/<pid>/status. */
  serverPid: number;
  tenantId: number;
  /** Bearer and id token of admin@voxscreen.test with the benchmark tenant as operating tenant. */
  headers: Record<string, string>;
  /** The benchmark project: 100,000 participants, 1,000,000 results, 1,000,000 call records. */
  projectId: number;
  /** An empty project in the Execution stage for this run's import (scripts/bench/prepare-data.ts). */
  importProjectId: number;
  /** This run's project of 30,000 invitable participants for the bulk invite (scripts/bench/prepare-data.ts). */
  inviteProjectId: number;
  /** The PostgreSQL server's process (its postmaster) on `--engine postgres`: the intake reads its CPU. */
  databasePid?: number | null;
}

export type LoadOptions = Omit<Parameters<typeof autocannon>[0], 'connections' | 'duration'>;

export const CONNECTIONS = 10;
export const SECONDS = 10;

/** A POST of the API with a JSON body (none when `body` is undefined). */
export const jsonPost = (ctx: BenchContext, url: string, body: unknown): LoadOptions =>
  body === undefined
    ? { url: `${ctx.base}${url}`, method: 'POST', headers: ctx.headers }
    : {
        url: `${ctx.base}${url}`,
        method: 'POST',
        headers: { ...ctx.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };

/**
 * The same POST with a body of its own for each request (`bodyOf(n)`, n = 0, 1, 2, ...): what a page or a search costs
 * the first time it is asked, where a repeated body may be answered from what the server keeps (ADRs 0148, 0160).
 */
export const jsonPostEach = (ctx: BenchContext, url: string, bodyOf: (n: number) => unknown, from = 0): LoadOptions => {
  let n = from;
  return {
    url: `${ctx.base}${url}`,
    requests: [
      {
        method: 'POST',
        headers: { ...ctx.headers, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(bodyOf(n++)) }),
      },
    ],
  };
};

/** The n-th of `count` access codes after `prefix` (`B10-A`), in a stride that repeats none within `count`. */
export const strideAccessCode = (prefix: string, n: number, count = 100_000): string =>
  `${prefix}${String(((n * 7_919) % count) + 1).padStart(7, '0')}`;

/** The n-th of `count` access codes of the benchmark project (strideAccessCode). */
export const benchAccessCode = (ctx: BenchContext, n: number, count = 100_000): string =>
  strideAccessCode(`B${ctx.projectId}-A`, n, count);

/**
 * A report's pages 1,000-1,999 in turn, pages 1,000-9,999 jumped to, and whole access codes, a different one each
 * request (issue 30): what staff wait for the first time they ask, where no page kept from an earlier request answers
 * it. `days400` is the report's filter.
 */
export async function measureFirstReads(
  ctx: BenchContext,
  url: string,
  days400: Record<string, unknown>,
): Promise<void> {
  await measure(
    'last 400 days, pages 1,000-1,999, a different page each request',
    jsonPostEach(ctx, url, (n) => ({ ...days400, page: 1000 + (n % 1000) })),
  );
  // Paging forward finds the last page's cut (ADR 0186); a jump finds only the nearest of the cuts kept before it.
  await measure(
    'last 400 days, pages 1,000-9,999, a jump each request (a stride)',
    jsonPostEach(ctx, url, (n) => ({ ...days400, page: 1000 + ((n * 7_919) % 9_000) })),
  );
  await measureWholeCodes('last 400 days, search one whole access code, a different code each request', (from) =>
    jsonPostEach(ctx, url, (n) => ({ ...days400, search: benchAccessCode(ctx, n) }), from),
  );
}

/**
 * A list's deep pages (ADRs 0232-0234): its last page, and `span` pages from page `from` (0-based), a different one
 * each request: first reads, until each page of the span has left the cut the next one starts after. `body` holds the
 * list's filter and page size; `label` names the list's filter.
 */
export async function measureDeepPages(
  ctx: BenchContext,
  url: string,
  body: Record<string, unknown> & { pageSize: number },
  total: number,
  pages: { label: string; from: number; span: number },
): Promise<void> {
  const last = Math.ceil(total / body.pageSize) - 1;
  await measure(`${pages.label}, the last page (page ${last + 1})`, jsonPost(ctx, url, { ...body, page: last }));
  const range = `${pages.from.toLocaleString('en')}-${(pages.from + pages.span - 1).toLocaleString('en')}`;
  await measure(
    `${pages.label}, pages ${range}, a different page each request`,
    jsonPostEach(ctx, url, (n) => ({ ...body, page: pages.from + (n % pages.span) })),
  );
}

/** Where the one-connection run of a whole-code line starts its codes: past any the 10-connection run asked. */
const ALONE_FROM = 50_000;

/**
 * A whole code asked the first time (issue 30: an exact code ≤ 20 ms), at 10 connections (the bench's standard load,
 * bounded by the server's throughput on a small machine) and then by one staff member alone (1 connection: what one
 * lookup takes), each run on codes the other did not ask.
 */
export async function measureWholeCodes(label: string, loadFrom: (from: number) => LoadOptions): Promise<void> {
  await measure(label, loadFrom(0));
  await measure(`${label}, one connection`, loadFrom(ALONE_FROM), 1);
}

function latencyLine(label: string, result: Awaited<ReturnType<typeof autocannon>>): string {
  const refused = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count}×${status}`);
  return (
    `  ${label}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
    `${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx` +
    `${refused.length ? ` (${refused.join(', ')})` : ''}, ${result.errors} errors`
  );
}

/** autocannon p50/p99 of one call at 10 connections for 10 s (the bench's standard latency figure). */
export async function measure(
  label: string,
  options: LoadOptions,
  connections = CONNECTIONS,
  serverPid?: number,
): Promise<void> {
  const load = autocannon({ connections, duration: SECONDS, ...options });
  const observed = observe(load, serverPid);
  observed.print(label, await load);
}

/**
 * What the bench prints of a load: its latency line, the request thread's time when `serverPid` is given, and the
 * latency trace under BENCH_LATENCY_TRACE. Made when the load starts, printed once it has ended.
 */
function observe(load: ReturnType<typeof autocannon>, serverPid?: number) {
  const traceFile = process.env.BENCH_LATENCY_TRACE;
  const trace = traceFile ? traceLatencies(load) : undefined;
  const thread = serverPid ? requestThread(serverPid) : undefined;
  return {
    print: (label: string, result: Awaited<ReturnType<typeof autocannon>>) => {
      console.log(latencyLine(label, result));
      if (thread) console.log(thread.line());
      if (trace) console.log(trace.summary(label, traceFile!));
    },
  };
}

/**
 * The server's request thread (its main thread) over a load: how much of the time it ran, waited for a core, and
 * idled. Idle while requests are in flight means they wait for something else: a worker, the engine's turn.
 */
function requestThread(serverPid: number) {
  const before = threadSchedule(serverPid);
  const started = process.hrtime.bigint();
  return {
    line: () => {
      const after = threadSchedule(serverPid);
      const wallNs = Number(process.hrtime.bigint() - started);
      return before && after ? scheduleLine('request thread', before, after, wallNs) : '    request thread: ended';
    },
  };
}

/**
 * BENCH_LATENCY_TRACE=<file>: each request's latency in the order the requests were sent (ms after the load started),
 * so a tail can be placed in time: the slowest requests and the first ones printed, every one appended to the file
 * (a JSON line a load: its label, its start and `[sent ms, latency ms]` pairs).
 */
function traceLatencies(load: ReturnType<typeof autocannon>) {
  const started = performance.now();
  const startedAt = Date.now();
  const requests: { sentAt: number; ms: number }[] = [];
  load.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
    requests.push({ sentAt: performance.now() - started - ms, ms }),
  );
  const shown = (r: { sentAt: number; ms: number }) => `${Math.round(r.ms)}@${Math.round(r.sentAt)}`;
  return {
    summary: (label: string, file: string) => {
      const sent = [...requests].sort((a, b) => a.sentAt - b.sentAt);
      const pairs = sent.map((r) => [Math.round(r.sentAt), Math.round(r.ms)]);
      appendFileSync(file, `${JSON.stringify({ label, startedAt: new Date(startedAt).toISOString(), pairs })}\n`);
      const slowest = [...requests].sort((a, b) => b.ms - a.ms).slice(0, 15);
      return (
        `    trace (ms@sent ms, from ${new Date(startedAt).toISOString()}): first 20: ${sent.slice(0, 20).map(shown).join(' ')}\n` +
        `    slowest 15: ${slowest.map((r) => `${shown(r)} (#${sent.indexOf(r) + 1})`).join(' ')}`
      );
    },
  };
}

/** The same, stopped when `until` settles (a load that runs beside a job); prints what it measured. */
export async function measureWhile(
  label: string,
  options: LoadOptions,
  until: Promise<unknown>,
  serverPid?: number,
): Promise<void> {
  const load = autocannon({ connections: CONNECTIONS, duration: 3600, ...options });
  const observed = observe(load, serverPid);
  await until.finally(() => load.stop());
  observed.print(label, await load);
}

/**
 * One answer that must be 2xx: its JSON (or nothing), else an error naming the call. A 503 (the server sheds load
 * while its event loop is stalled, ADR 0013, e.g. right after an import) or a dropped connection is retried for up
 * to a minute.
 */
export async function call<T>(ctx: BenchContext, method: string, url: string, body?: unknown): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${ctx.base}${url}`, {
      method,
      headers: { ...ctx.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      // A server still busy with the requests a load left behind may drop the connection.
      if (attempt < 30) return null;
      throw error;
    });
    if (!response) {
      await new Promise((r) => setTimeout(r, 2000));
      continue;
    }
    const text = await response.text();
    if (response.status === 503 && attempt < 30) {
      await new Promise((r) => setTimeout(r, 2000));
      continue;
    }
    if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

/** Waits until the server answers a cheap call again (no load shedding left from the area before). */
export const settle = (ctx: BenchContext) => call(ctx, 'GET', '/user-service/v1/user/userInfo');

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Wall time and the server's peak resident memory while `work` runs. */
export async function timedWithMemory<T>(
  ctx: BenchContext,
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; memory: string }> {
  const memory = PeakMemory.start(ctx.serverPid);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, memory: memory.stop() };
  } catch (error) {
    memory.stop();
    throw error;
  }
}
