import { randomSource } from '../../src/server/seed/interview-data';
import { plannedResult } from '../../src/server/seed/simulator/call-plan';
import { ApiError, PublicApi } from '../../src/server/seed/simulator/public-api';
import { readdirSync, readFileSync } from 'node:fs';
import { seconds, timedWithMemory, type BenchContext } from './context';

/** A process's /proc stat fields after its name (Linux), or null once it has ended. */
function procStat(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU of stat fields (10 ms ticks): the process's own, every thread, and with `reaped` its ended children's. */
const cpuMsOf = (fields: string[], reaped = false) =>
  (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) * 10;

/** The server process's CPU time so far (every thread), or null where it cannot be read. */
function processCpuMs(pid: number): number | null {
  const fields = procStat(pid);
  return fields ? cpuMsOf(fields) : null;
}

/** The PostgreSQL server's CPU so far: its postmaster, its live processes (backends, writers) and ended ones. */
function databaseCpuMs(postmaster: number): number {
  const own = procStat(postmaster);
  let total = own ? cpuMsOf(own, true) : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // A process that ended meanwhile reads as null: its time is in the postmaster's reaped children.
    const fields = procStat(entry);
    if (fields && Number(fields[1]) === postmaster) total += cpuMsOf(fields);
  }
  return total;
}

const RESULTS = 500;
const IN_FLIGHT = 10;

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
  const cpuBefore = processCpuMs(ctx.serverPid);
  const databaseBefore = ctx.databasePid ? databaseCpuMs(ctx.databasePid) : null;
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
  console.log(`\nIntake (client-credentials token, ${IN_FLIGHT} posts in flight)`);
  console.log(
    `  ${RESULTS} results with ${sequences.length} question results each in ${seconds(ms)}: ` +
      `${(RESULTS / (ms / 1000)).toFixed(1)} results/s (${shed} posts shed with 503 and sent again), server ${memory}`,
  );
  // Whatever the load: the server process's CPU a post, every thread (on PostgreSQL the database's own is not in it).
  const cpuAfter = processCpuMs(ctx.serverPid);
  if (cpuBefore !== null && cpuAfter !== null)
    console.log(`  server process CPU a post (all its threads): ${((cpuAfter - cpuBefore) / RESULTS).toFixed(2)} ms`);
  if (ctx.databasePid && databaseBefore !== null)
    console.log(
      `  PostgreSQL CPU a post (its server and every process of it): ` +
        `${((databaseCpuMs(ctx.databasePid) - databaseBefore) / RESULTS).toFixed(2)} ms`,
    );
}
