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
