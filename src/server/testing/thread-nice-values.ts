import { readdirSync, readFileSync } from 'node:fs';

/**
 * The nice value of every thread of this process, from /proc (Linux): tests check that long work runs in threads of
 * a lower priority (ADR 0182). Threads that end while being read are skipped.
 */
export function threadNiceValues(): number[] {
  const values: number[] = [];
  for (const task of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // Fields after the command's closing parenthesis start at field 3 (state); nice is field 19.
      values.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      continue;
    }
  }
  return values;
}
