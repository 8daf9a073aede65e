import type { WorkPriority } from './work-priority';

/**
 * The longest a background waiter is passed over while interactive holders keep arriving (ADR 0119): it is then
 * served next, before any interactive waiter, so long work always advances (one hand-over per this long at least).
 */
export const BACKGROUND_MAX_WAIT_MS = 250;

interface Waiter {
  since: number;
  grant: () => void;
}

/**
 * A lock for one shared resource (PGlite's single connection) that serves interactive waiters first (ADR 0119):
 * on release it goes to the oldest interactive waiter, and to the oldest background one only when no interactive
 * one waits or the background one has waited `backgroundMaxWaitMs`. Among waiters of one priority it is FIFO, so
 * a lock only ever asked at one priority is a plain FIFO lock.
 */
export class Mutex {
  #held = false;
  readonly #interactive: Waiter[] = [];
  readonly #background: Waiter[] = [];
  readonly #maxWaitMs: number;
  readonly #now: () => number;

  constructor(options: { backgroundMaxWaitMs?: number; now?: () => number } = {}) {
    this.#maxWaitMs = options.backgroundMaxWaitMs ?? BACKGROUND_MAX_WAIT_MS;
    this.#now = options.now ?? (() => performance.now());
  }

  /** How many wait, by priority (for tests and diagnostics). */
  get waiting(): Record<WorkPriority, number> {
    return { interactive: this.#interactive.length, background: this.#background.length };
  }

  /** Resolves with the release function (idempotent) once the caller holds the lock. */
  acquire(priority: WorkPriority = 'interactive'): Promise<() => void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(this.#releaser());
    }
    const queue = priority === 'background' ? this.#background : this.#interactive;
    return new Promise((resolve) => queue.push({ since: this.#now(), grant: () => resolve(this.#releaser()) }));
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#handOver();
    };
  }

  #handOver(): void {
    const background = this.#background[0];
    const overdue = background !== undefined && this.#now() - background.since >= this.#maxWaitMs;
    const next = overdue || this.#interactive.length === 0 ? this.#background.shift() : this.#interactive.shift();
    if (next) next.grant();
    else this.#held = false;
  }
}
