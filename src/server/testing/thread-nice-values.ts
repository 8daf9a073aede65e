import { readdirSync, readFileSync } from 'node:fs';

/**
 * A thread's nice value and scheduling policy (0 the usual SCHED_OTHER, 5 SCHED_IDLE) from one read of its /proc stat
 * line: fields after the command's closing parenthesis start at field 3 (nice is field 19, policy field 41).
 */
const scheduleOf = (tid: string | number, pid: number | 'self' = 'self'): { nice: number; policy: number } => {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[19 - 3]), policy: Number(fields[41 - 3]) };
};

export const SCHED_IDLE = 5;

/**
 * Every thread of this process (or of process `pid`) with its name, nice value and policy; threads that end while
 * being read are skipped.
 */
export function threads(pid: number | 'self' = 'self'): { tid: string; name: string; nice: number; policy: number }[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      return [{ tid, name, ...scheduleOf(tid, pid) }];
    } catch {
      return [];
    }
  });
}

/**
 * The nice value of every thread of this process, from /proc (Linux): tests check that long work runs in threads of
 * a lower priority (ADR 0182).
 */
export const threadNiceValues = (): number[] => threads().map((thread) => thread.nice);

/** The scheduling policy of every thread of this process (ADR 0211: drawing PDFs runs SCHED_IDLE). */
export const threadPolicies = (): number[] => threads().map((thread) => thread.policy);

/**
 * The nice value and policy of the process's main thread (the request thread), whose thread id is the process id, with
 * every thread's id, name, nice value and policy, so a failed check shows which threads were lowered.
 */
export const mainThreadNice = (): { main: number; policy: number; threads: string[] } => {
  const { nice, policy } = scheduleOf(process.pid);
  return {
    main: nice,
    policy,
    threads: threads().map((thread) => `${thread.tid} ${thread.name} ${thread.nice} ${thread.policy}`),
  };
};
