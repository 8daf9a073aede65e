import { randomSource } from '../../src/server/seed/interview-data';
import { plannedResult } from '../../src/server/seed/simulator/call-plan';
import { ApiError, PublicApi } from '../../src/server/seed/simulator/public-api';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { seconds, timedWithMemory, type BenchContext } from './context';
import { cpuMsOf, statCpuMs, statFields, threadsCpuMs } from './proc-cpu';

/** The PostgreSQL server's CPU so far: its postmaster, its live processes (backends, writers) and ended ones. */
function databaseCpuMs(postmaster: number): number {
  const own = statFields(`/proc/${postmaster}/stat`);
  let total = own ? cpuMsOf(own, true) : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // A process that ended meanwhile reads as null: its time is in the postmaster's reaped children.
    const fields = statFields(`/proc/${entry}/stat`);
    if (fields && Number(fields[1]) === postmaster) total += cpuMsOf(fields);
  }
  return total;
}

/** BENCH_INTAKE_RESULTS: posts a run (3,000 by default: several seconds on either engine, so the ramp is small). */
const RESULTS = Number(process.env.BENCH_INTAKE_RESULTS ?? 3000);
const IN_FLIGHT = 10;
/** The steady part: from the answer of the post at STEADY_FROM of the run to the one at STEADY_TO (ramp and tail left out). */
const STEADY_FROM = 0.2;
const STEADY_TO = 0.9;
/** BENCH_INTAKE_SLICE: the run is also printed in slices of this many answers, per thread (does a post cost more later?). */
const SLICE = Number(process.env.BENCH_INTAKE_SLICE ?? 500);

interface CpuReading {
  at: number;
  server: number | null;
  database: number | null;
  /** The server's threads by id: CPU ms so far. */
  threads: Map<number, number>;
}

/**
 * One line a slice of the run: results/s, CPU a post of the server (all threads), its request thread ("main"), its
 * busiest other thread (the embedded engine's worker) and the rest (V8's and libuv's helpers), and PostgreSQL's.
 */
function sliceLines(serverPid: number, readings: { answered: number; reading: CpuReading }[]): string[] {
  const lines: string[] = [];
  for (let i = 1; i < readings.length; i++) {
    const from = readings[i - 1]!;
    const to = readings[i]!;
    const posts = to.answered - from.answered;
    const spent = new Map<number, number>();
    for (const [tid, ms] of to.reading.threads) spent.set(tid, ms - (from.reading.threads.get(tid) ?? 0));
    const main = spent.get(serverPid) ?? 0;
    const others = [...spent].filter(([tid]) => tid !== serverPid).sort((a, b) => b[1] - a[1]);
    const busiest = others[0]?.[1] ?? 0;
    const rest = others.slice(1).reduce((sum, [, ms]) => sum + ms, 0);
    const server =
      from.reading.server !== null && to.reading.server !== null ? to.reading.server - from.reading.server : null;
    const database =
      from.reading.database !== null && to.reading.database !== null
        ? to.reading.database - from.reading.database
        : null;
    const a = (ms: number) => (ms / posts).toFixed(2);
    lines.push(
      `  answers ${from.answered}-${to.answered}: ${(posts / ((to.reading.at - from.reading.at) / 1000)).toFixed(1)}` +
        ` results/s; CPU a post: server ${server === null ? 'n/a' : a(server)} ms (request thread ${a(main)}, ` +
        `busiest other thread ${a(busiest)}, the rest ${a(rest)})` +
        (database === null ? '' : `, PostgreSQL ${a(database)} ms`) +
        `; load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  return lines;
}

/**
 * Issue 14 / ADR 0034: the intake's results per second on the 1M-result tenant, as the call simulator posts them
 * (src/server/seed/simulator/public-api.ts): a client application of the benchmark tenant with a client-credentials token posts
 * RESULTS interview results (five per-question results each) for the project's participants, IN_FLIGHT at a
 * time, each through the one write path (rollups, participant status, backend data log, webhooks).
 */
export async function intakeFigures(ctx: BenchContext): Promise<void> {
  const api = new PublicApi(ctx.base.replace(/\/api$/, ''));
  await api.signIn('admin@voxscreen.test', 'Voxscreen!2026');
  api.operateIn(ctx.tenantId);
  const run = `bench-${Date.now().toString(36)}`;
  await api.becomeClient(`Bench intake ${run}`);
  const page = await api.participants(ctx.projectId, { page: 0, pageSize: 100 });
  const codes = page.participants.flatMap((p) => (p.accessCode ? [p.accessCode] : []));
  if (codes.length === 0) throw new Error('the benchmark project has no access codes');
  // The project's questions come with an allowed call, so they are asked for a participant not interviewed yet
  // (the first page's participants were, by earlier runs, and are refused for a day).
  const invited = await api.participants(ctx.projectId, {
    page: 0,
    pageSize: 10,
    participantStatus: ['INVITATION_SENT'],
  });
  let allowed = await api.authorize({ accessCode: codes[0]! });
  for (const p of invited.participants) {
    if (allowed.questionSequences?.length || !p.accessCode) break;
    allowed = await api.authorize({ accessCode: p.accessCode });
  }
  const sequences = allowed.questionSequences ?? [];
  const type = allowed.questionnaireType ?? 'PRECISION_QUESTIONNAIRE';
  const random = randomSource(4242);
  let next = 0;
  let shed = 0;
  const reading = (): CpuReading => ({
    at: performance.now(),
    server: statCpuMs(`/proc/${ctx.serverPid}/stat`),
    database: ctx.databasePid ? databaseCpuMs(ctx.databasePid) : null,
    threads: new Map([...threadsCpuMs(ctx.serverPid)].map(([tid, { ms }]) => [tid, ms])),
  });
  const steadyFrom = Math.floor(RESULTS * STEADY_FROM);
  const steadyTo = Math.floor(RESULTS * STEADY_TO);
  let answered = 0;
  const readings: Partial<Record<'from' | 'to', CpuReading>> = {};
  const before = reading();
  const slices = [{ answered: 0, reading: before }];
  const { ms, memory } = await timedWithMemory(ctx, async () => {
    const worker = async () => {
      while (next < RESULTS) {
        const n = next++;
        const post = {
          requestId: `${run}-${n}`,
          runId: run,
          accessCode: codes[n % codes.length]!,
          completedAt: new Date().toISOString(),
          ...plannedResult(type, sequences, random),
        };
        // A post shed with 503 (ADR 0013) is sent again, as a platform would: the request id makes it idempotent.
        for (;;) {
          try {
            await api.result(post);
            answered += 1;
            if (answered === steadyFrom) readings.from = reading();
            if (answered === steadyTo) readings.to = reading();
            if (answered % SLICE === 0 || answered === RESULTS) slices.push({ answered, reading: reading() });
            break;
          } catch (error) {
            if (!(error instanceof ApiError) || error.status !== 503) throw error;
            shed += 1;
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  });
  const after = reading();
  console.log(`\nIntake (client-credentials token, ${IN_FLIGHT} posts in flight)`);
  console.log(
    `  ${RESULTS} results with ${sequences.length} question results each in ${seconds(ms)}: ` +
      `${(RESULTS / (ms / 1000)).toFixed(1)} results/s (${shed} posts shed with 503 and sent again), server ${memory}`,
  );
  // Whatever the load: CPU a post, the server process's every thread and, on PostgreSQL, the database's processes.
  const cpuLine = (from: CpuReading, to: CpuReading, posts: number) => {
    const rate = `${(posts / ((to.at - from.at) / 1000)).toFixed(1)} results/s`;
    const server = from.server !== null && to.server !== null ? (to.server - from.server) / posts : null;
    const database = from.database !== null && to.database !== null ? (to.database - from.database) / posts : null;
    return (
      `${rate}; server process CPU a post (all its threads) ${server === null ? 'n/a' : `${server.toFixed(2)} ms`}` +
      (database === null
        ? ''
        : `, PostgreSQL CPU a post (its server and every process of it) ${database.toFixed(2)} ms`)
    );
  };
  console.log(
    `  whole run: ${cpuLine(before, after, RESULTS)}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (readings.from && readings.to)
    console.log(
      `  steady part (answers ${steadyFrom} to ${steadyTo}): ${cpuLine(readings.from, readings.to, steadyTo - steadyFrom)}`,
    );
  for (const line of sliceLines(ctx.serverPid, slices)) console.log(line);
}
