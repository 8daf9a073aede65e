import { lastRequestAnswered, type WorkPriority } from './work-priority';

/**
 * The longest a background waiter is held back while interactive work goes on (ADR 0119): it is then served next,
 * before any interactive waiter, so long work always advances (at least one hand-over this often).
 */
export const BACKGROUND_MAX_WAIT_MS = 500;

/**
 * How long after an interactive holder lets go a background waiter still waits (ADR 0119): a request sends its
 * statements one after another (the session check, then its transaction), and in the gap between two of them the
 * lock is free; a background holder taken in that gap would make the request's next statement wait a whole page.
 */
export const INTERACTIVE_QUIET_MS = 20;

/**
 * Under unbroken interactive work, background work is due again this many times its last hold after that hold ended
 * (ADR 0150), between `BACKGROUND_MIN_WAIT_MS` and the bound: long work keeps about a quarter of the connection whether
 * its pages are short or long, and the time it spends between pages (writing the rows) counts toward its wait.
 */
export const BACKGROUND_WAIT_PER_HOLD = 3;
/** The shortest a background waiter is held back under unbroken interactive work (ADR 0150). */
export const BACKGROUND_MIN_WAIT_MS = 50;

interface Waiter {
  since: number;
  grant: () => void;
}

/**
 * A lock for one shared resource (PGlite's single connection) that serves interactive work first (ADR 0119). A free
 * lock goes to the oldest interactive waiter; to the oldest background one only once no interactive holder has let go
 * and no request was answered (ADR 0201) for `interactiveQuietMs`, or when it has waited its turn's bound (then before
 * any interactive waiter). Among waiters of one priority it is FIFO, so a lock only ever asked at one priority is a
 * plain FIFO lock.
 */
export class Mutex {
  #held = false;
  readonly #interactive: Waiter[] = [];
  readonly #background: Waiter[] = [];
  #lastInteractive = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | null = null;
  /** How long the last background holder held the lock, and when it let go (ADR 0150); unknown at first. */
  #lastBackgroundHoldMs = Number.POSITIVE_INFINITY;
  #lastBackgroundRelease = Number.NEGATIVE_INFINITY;
  readonly #maxWaitMs: number;
  readonly #minWaitMs: number;
  readonly #quietMs: number;
  readonly #lastAnswered: () => number;

  /** `lastAnswered`: when a request was last answered, interactive work that held no lock (ADR 0201). */
  constructor(
    options: {
      backgroundMaxWaitMs?: number;
      backgroundMinWaitMs?: number;
      interactiveQuietMs?: number;
      lastAnswered?: () => number;
    } = {},
  ) {
    this.#maxWaitMs = options.backgroundMaxWaitMs ?? BACKGROUND_MAX_WAIT_MS;
    this.#minWaitMs = Math.min(options.backgroundMinWaitMs ?? BACKGROUND_MIN_WAIT_MS, this.#maxWaitMs);
    this.#quietMs = options.interactiveQuietMs ?? INTERACTIVE_QUIET_MS;
    this.#lastAnswered = options.lastAnswered ?? lastRequestAnswered;
  }

  /** How long a background waiter waits, at most, under unbroken interactive work (ADR 0150). */
  get backgroundWaitMs(): number {
    const inProportion = this.#lastBackgroundHoldMs * BACKGROUND_WAIT_PER_HOLD;
    return Math.min(this.#maxWaitMs, Math.max(this.#minWaitMs, inProportion));
  }

  /** How many wait, by priority (for tests and diagnostics). */
  get waiting(): Record<WorkPriority, number> {
    return { interactive: this.#interactive.length, background: this.#background.length };
  }

  /** Resolves with the release function (idempotent) once the caller holds the lock. */
  acquire(priority: WorkPriority = 'interactive'): Promise<() => void> {
    return new Promise((resolve) => {
      const queue = priority === 'background' ? this.#background : this.#interactive;
      queue.push({ since: performance.now(), grant: () => resolve(this.#releaser(priority)) });
      this.#dispatch();
    });
  }

  #releaser(priority: WorkPriority): () => void {
    let done = false;
    const grantedAt = performance.now();
    return () => {
      if (done) return;
      done = true;
      this.#held = false;
      if (priority === 'interactive') this.#lastInteractive = performance.now();
      else {
        this.#lastBackgroundRelease = performance.now();
        this.#lastBackgroundHoldMs = this.#lastBackgroundRelease - grantedAt;
      }
      this.#dispatch();
    };
  }

  /**
   * When a background waiter goes before interactive ones (ADR 0150): its wait counted from the last background
   * hand-over, not from its asking, so the rows it wrote since count; but never sooner than the least wait after it
   * asked, nor later than the full wait.
   */
  #overdueAt(waiter: Waiter): number {
    const wait = this.backgroundWaitMs;
    const fromLastHold = Math.min(waiter.since + wait, this.#lastBackgroundRelease + wait);
    return Math.max(waiter.since + this.#minWaitMs, fromLastHold);
  }

  /** Gives a free lock to the waiter whose turn it is, or sets a timer for when a background waiter's turn comes. */
  #dispatch(): void {
    if (this.#held) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const background = this.#background[0];
    const now = performance.now();
    const overdueAt = background ? this.#overdueAt(background) : Number.POSITIVE_INFINITY;
    const quietAt = Math.max(this.#lastInteractive, this.#lastAnswered()) + this.#quietMs;
    let next: Waiter | undefined;
    if (now >= overdueAt) next = this.#background.shift();
    else if (this.#interactive.length > 0) next = this.#interactive.shift();
    else if (background && now >= quietAt) next = this.#background.shift();
    if (next) {
      this.#held = true;
      next.grant();
    } else if (background) {
      const at = Math.min(overdueAt, quietAt);
      this.#timer = setTimeout(() => this.#dispatch(), Math.max(0, at - now));
    }
  }
}
