import { readdirSync, readFileSync } from 'node:fs';

/** A thread's nice value from its /proc stat line: fields after the command's closing parenthesis start at field 3. */
const niceOf = (tid: string | number): number => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

/**
 * The nice value of every thread of this process, from /proc (Linux): tests check that long work runs in threads of
 * a lower priority (ADR 0182). Threads that end while being read are skipped. The order is the kernel's, which is
 * not always the main thread first: once thread ids wrap around, a later thread may have the lower id.
 */
export function threadNiceValues(): number[] {
  const values: number[] = [];
  for (const task of readdirSync('/proc/self/task')) {
    try {
      values.push(niceOf(task));
    } catch {
      continue;
    }
  }
  return values;
}

/**
 * The nice value of the process's main thread (the request thread), whose thread id is the process id, with every
 * thread's id, name and nice value, so a failed check shows which threads were lowered.
 */
export function mainThreadNice(): { main: number; threads: string[] } {
  const threads = readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [`${tid} ${readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()} ${niceOf(tid)}`];
    } catch {
      return [];
    }
  });
  return { main: niceOf(process.pid), threads };
}
