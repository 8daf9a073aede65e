import { readdirSync, readFileSync } from 'node:fs';

/** A thread's nice value from its /proc stat line: fields after the command's closing parenthesis start at field 3. */
const niceOf = (tid: string | number): number => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

/** Every thread of this process with its name and nice value; threads that end while being read are skipped. */
function threads(): { tid: string; name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [{ tid, name: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(), nice: niceOf(tid) }];
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

/**
 * The nice value of the process's main thread (the request thread), whose thread id is the process id, with every
 * thread's id, name and nice value, so a failed check shows which threads were lowered.
 */
export const mainThreadNice = (): { main: number; threads: string[] } => ({
  main: niceOf(process.pid),
  threads: threads().map(({ tid, name, nice }) => `${tid} ${name} ${nice}`),
});
