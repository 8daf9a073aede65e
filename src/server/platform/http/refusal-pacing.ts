/**
 * Refusals answered at a pace (ADR 0107): a source that keeps sending past its limit gets its
 * first few refusals at once and every later one after a pause, so a flood of 100 connections costs the server
 * about 100 refusals a second instead of tens of thousands, and the flood's own client idles with it. Counted per
 * limit key, per instance, in windows of a minute; held refusals are bounded so a held reply never costs more than
 * an answered one.
 */
export interface PacingSettings {
  /** Refusals of one key in a minute answered at once before the pause starts. */
  refusalsBeforePacing: number;
  /** How long each later refusal is held before it is answered. */
  refusalPaceMs: number;
  /** Refusals held at once on this instance; past it a refusal is answered at once and the connection closed. */
  maxHeldRefusals: number;
}

const WINDOW_MS = 60_000;
/** Keys counted at most (a memory bound); past it a new key's refusals are answered at once. */
const MAX_KEYS = 100_000;

export type Pace = { holdMs: number; closeConnection: boolean };

export class RefusalPacing {
  #counts = new Map<string, number>();
  #windowStart = 0;
  #held = 0;

  constructor(
    private readonly settings: PacingSettings,
    private readonly now: () => number = Date.now,
  ) {}

  get held(): number {
    return this.#held;
  }

  /** How long to hold the refusal of `key` now being answered, and whether to close its connection. */
  paceFor(key: string): Pace {
    const windowStart = Math.floor(this.now() / WINDOW_MS) * WINDOW_MS;
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart;
      this.#counts = new Map();
    }
    const previous = this.#counts.get(key);
    if (previous === undefined && this.#counts.size >= MAX_KEYS) return { holdMs: 0, closeConnection: false };
    const count = (previous ?? 0) + 1;
    this.#counts.set(key, count);
    if (count <= this.settings.refusalsBeforePacing || this.settings.refusalPaceMs <= 0) {
      return { holdMs: 0, closeConnection: false };
    }
    if (this.#held >= this.settings.maxHeldRefusals) return { holdMs: 0, closeConnection: true };
    return { holdMs: this.settings.refusalPaceMs, closeConnection: false };
  }

  /** Waits out a pace, counting the refusal as held meanwhile. */
  async hold(pace: Pace): Promise<void> {
    if (pace.holdMs <= 0) return;
    this.#held += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, pace.holdMs));
    } finally {
      this.#held -= 1;
    }
  }
}
