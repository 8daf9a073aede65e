/**
 * CPU time from the kernel's accounts (Linux `/proc`, user + system time in clock ticks of 10 ms): what a process or
 * a thread spent whatever the machine's load, unlike the wall clock or a sampling profile's samples. The benches'
 * one reader of it.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Milliseconds a clock tick (USER_HZ 100, as Linux counts /proc's times). */
const MS_A_TICK = 10;

/** A /proc stat file's fields after the name (which may hold spaces), or null once its process or thread has ended. */
export function statFields(path: string): string[] | null {
  try {
    const stat = readFileSync(path, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU ms of stat fields: user + system and, with `reaped`, that of the ended children the process waited for. */
export const cpuMsOf = (fields: string[], reaped = false) =>
  (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) * MS_A_TICK;

/** CPU ms so far of a process's (every thread) or a thread's stat file, or null once it has ended. */
export function statCpuMs(path: string): number | null {
  const fields = statFields(path);
  return fields ? cpuMsOf(fields) : null;
}

/**
 * A PostgreSQL cluster's CPU ms by process id: the postmaster named by PG_PID and its children (backends, writer,
 * checkpointer…); none without PG_PID (the embedded engine).
 */
export function clusterCpuMs(): Map<number, number> {
  const postmaster = Number(process.env.PG_PID ?? 0);
  if (!postmaster) return new Map();
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/);
  return new Map(
    [postmaster, ...children.filter(Boolean).map(Number)].map((pid) => [pid, statCpuMs(`/proc/${pid}/stat`) ?? 0]),
  );
}

/**
 * Each thread of a process by thread id (the first thread's id is the process id): its name (`comm`: node, V8's,
 * libuv's, a worker's own) and CPU ms so far. Threads that ended meanwhile are left out; none where /proc is absent.
 */
export function threadsCpuMs(pid: number): Map<number, { name: string; ms: number }> {
  const threads = new Map<number, { name: string; ms: number }>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(Number(tid), { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ms: cpuMsOf(fields) });
    } catch {
      // the thread ended meanwhile
    }
  }
  return threads;
}

/** The ids of a process's children (any of its threads' children), from /proc; none where /proc is absent. */
export function childProcessIds(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** CPU ms so far of the processes (every thread of each, ended ones included); a process that has ended counts 0. */
export const processesCpuMs = (pids: number[]) =>
  pids.reduce((sum, pid) => sum + (statCpuMs(`/proc/${pid}/stat`) ?? 0), 0);

/**
 * threadsCpuMs of a process and of its children (the server's PDF drawing processes, ADR 0213), each child's threads
 * named `<child pid>/<name>`; thread ids are unique across processes.
 */
export function processTreeThreadsCpuMs(pid: number): Map<number, { name: string; ms: number }> {
  const threads = threadsCpuMs(pid);
  for (const child of childProcessIds(pid))
    for (const [tid, { name, ms }] of threadsCpuMs(child)) threads.set(tid, { name: `${child}/${name}`, ms });
  return threads;
}

/** A thread's time on a core and waiting for one so far (ns, the kernel's schedstat), or null once it has ended. */
export function threadSchedule(pid: number, tid: number = pid): { runNs: number; waitNs: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(' ');
    return { runNs: Number(run), waitNs: Number(wait) };
  } catch {
    return null;
  }
}

/**
 * Where a thread's wall time went between two readings of threadSchedule (ADR 0202): on a core, waiting for one (the
 * machine's other work), or neither (idle: its event loop waited for I/O, a worker's answer, or the engine's turn).
 */
export function scheduleLine(
  name: string,
  before: { runNs: number; waitNs: number },
  after: { runNs: number; waitNs: number },
  wallNs: number,
): string {
  const share = (ns: number) => `${Math.round((100 * ns) / wallNs)} %`;
  const ran = after.runNs - before.runNs;
  const waited = after.waitNs - before.waitNs;
  return `    ${name}: on a core ${share(ran)}, waiting for one ${share(waited)}, idle ${share(Math.max(0, wallNs - ran - waited))}`;
}
