import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
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
 * Moves the calling thread to Linux's SCHED_IDLE policy (ADR 0211): it runs on a core no other thread wants and
 * gives that core up as soon as a thread of the usual policy wakes there. A nice value only shrinks a thread's share:
 * the kernel's EEVDF scheduler may let it finish its slice while a woken request thread waits. Node has no call for
 * a thread's policy, so util-linux's `chrt` sets it for this thread's id; leaving SCHED_IDLE would need privilege,
 * entering it needs none. Where there is no `chrt` or no /proc, the thread keeps its policy (and its nice value).
 */
export function idleThisThread(): void {
  if (process.platform !== 'linux') return;
  try {
    const tid = readlinkSync('/proc/thread-self').split('/').at(-1)!;
    execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore', timeout: 10_000 });
  } catch {
    // No chrt here, or refused: the nice value alone orders the threads.
  }
}
