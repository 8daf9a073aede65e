import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who waits for the embedded database's one connection (ADR 0119): a request someone is waiting on (interactive, the
 * default) or long work nobody watches statement by statement (background: an export's or a zip's page reads, a job,
 * an outbox sweep). The connection's hand-over serves interactive holders first.
 */
export type WorkPriority = 'interactive' | 'background';

/** A stretch of background work: how long it has held the embedded engine's connection so far, null before a hold (ADR 0150). */
interface BackgroundWork {
  heldMs: number | null;
}

const background = new AsyncLocalStorage<BackgroundWork>();

/**
 * Runs `fn` as background work: every statement it sends, and every one sent by what it starts, waits behind the
 * interactive holders at the embedded database's connection (never longer than the mutex's bound). Declared once by
 * the framework that runs long work (the export page readers, the sweep loop), not per call site.
 */
export const inBackground = <T>(fn: () => Promise<T>): Promise<T> => background.run({ heldMs: null }, fn);

/**
 * Runs `fn` as background work and says how long it held the embedded engine's connection (ADR 0150): the sum of its
 * holds from grant to hand-over, as the embedded dialect notes them, or null when nothing noted one (PostgreSQL,
 * whose pool runs statements side by side, so a hold there makes no one wait).
 */
export async function inBackgroundHeld<T>(fn: () => Promise<T>): Promise<{ value: T; heldMs: number | null }> {
  const work: BackgroundWork = { heldMs: null };
  const value = await background.run(work, fn);
  return { value, heldMs: work.heldMs };
}

/** The embedded dialect notes a hold of its connection by the caller, which counts it if it runs in the background. */
export function noteConnectionHeld(ms: number): void {
  const work = background.getStore();
  if (!work) return;
  work.heldMs = (work.heldMs ?? 0) + ms;
}

let lastAnswered = Number.NEGATIVE_INFINITY;

/**
 * A request was answered (ADR 0201): interactive work went on, whether or not it used the database. A dashboard answered
 * from kept parts holds no connection, so the engine and the pool cannot see it; the background turns count it as
 * their own interactive holders, and long work gives the cores to the requests while they come.
 */
export function noteRequestAnswered(): void {
  lastAnswered = performance.now();
}

/** When a request was last answered (`performance.now()`; -Infinity before the first). */
export const lastRequestAnswered = (): number => lastAnswered;

/** The priority of the work the caller runs in. */
export const currentPriority = (): WorkPriority => (background.getStore() ? 'background' : 'interactive');
