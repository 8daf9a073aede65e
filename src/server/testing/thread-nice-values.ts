import { readdirSync, readFileSync } from 'node:fs';

/** A field of a thread's /proc stat line: fields after the command's closing parenthesis start at field 3. */
const statField = (tid: string | number, field: number): number => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]);
};
const niceOf = (tid: string | number): number => statField(tid, 19);
/** The thread's scheduling policy (0 the usual SCHED_OTHER, 5 SCHED_IDLE). */
const policyOf = (tid: string | number): number => statField(tid, 41);

export const SCHED_IDLE = 5;

/** Every thread of this process with its name, nice value and policy; threads that end while being read are skipped. */
function threads(): { tid: string; name: string; nice: number; policy: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      return [{ tid, name, nice: niceOf(tid), policy: policyOf(tid) }];
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
 * The nice value of the process's main thread (the request thread), whose thread id is the process id, with every
 * thread's id, name and nice value, so a failed check shows which threads were lowered.
 */
export const mainThreadNice = (): { main: number; policy: number; threads: string[] } => ({
  main: niceOf(process.pid),
  policy: policyOf(process.pid),
  threads: threads().map(({ tid, name, nice, policy }) => `${tid} ${name} ${nice} ${policy}`),
});
