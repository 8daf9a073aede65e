import { execFileSync } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * The nice value of a worker thread that does long work beside requests: an xlsx file's writing, PDFs' drawing
 * (ADR 0182). On Linux a nice value belongs to the thread that sets it, so the request thread and the embedded engine's
 * thread keep theirs (0) and get the cores first whenever both want them; with nothing else to run, the long work
 * runs at full speed. A higher nice value needs no privilege.
 */
export const LONG_WORK_NICE = 10;

/** Lowers the calling thread's CPU priority to `nice`; where the platform refuses, the thread runs as it was. */
export function lowerThisThreadPriority(nice: number = LONG_WORK_NICE): void {
  try {
    setPriority(nice);
  } catch {
    // Not permitted here (a sandbox, another platform): the work is the same at the usual priority.
  }
}

/**
 * Moves every thread of this process to Linux's SCHED_IDLE policy (ADR 0211, 0213), for a process that does long work
 * only (a PDF drawing process): its threads run on a core no other thread wants and give it up as soon as a thread of
 * the usual policy wakes there. A nice value only shrinks a thread's share: the kernel's EEVDF scheduler may let it
 * finish its slice while a woken request thread waits. `--all-tasks` takes the threads already running too (V8's helper
 * threads, which collect this process's garbage); threads started later inherit the policy of the thread that starts
 * them. Node has no call for a policy, so util-linux's `chrt` sets it; entering SCHED_IDLE needs no privilege.
 */
export function idleThisProcess(): void {
  if (process.platform !== 'linux') return;
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], {
      stdio: 'ignore',
      timeout: 10_000,
    });
  } catch {
    // No chrt here, or refused: the nice value of the calling thread alone orders the work.
  }
}
