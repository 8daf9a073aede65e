/**
 * Turns in order per key: at most `maxActive` holders of a key at once (each caller names its own bound), the rest
 * wait first in, first out, and past `maxQueued` waiting a caller is refused at once. One rule for every bounded
 * wait on the server: API calls per credential (ADR 0107: a client holding 100 connections takes the share of one
 * busy user, and another credential never waits behind its queue), password derivations (ADR 0107) and uploaded
 * tables read by workers (ADR 0068).
 */
export interface TurnQueueSettings {
  maxQueued: number;
}

interface Lane {
  active: number;
  waiting: (() => void)[];
}

export type Admission = { admitted: true; release: () => void } | { admitted: false };

export class TurnQueue {
  readonly #lanes = new Map<string, Lane>();

  constructor(private readonly settings: TurnQueueSettings) {}

  /** Waits for one of the `maxActive` turns of `key`; answers `admitted: false` at once when too many already wait. */
  async enter(key: string, maxActive: number): Promise<Admission> {
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      this.#lanes.set(key, lane);
    }
    if (lane.active >= maxActive) {
      if (lane.waiting.length >= this.settings.maxQueued) return { admitted: false };
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
    } else {
      lane.active += 1;
    }
    return { admitted: true, release: this.#releaser(key, lane) };
  }

  /** Turns held now and callers waiting for one, for `key` (for tests and metrics). */
  load(key: string): { running: number; waiting: number } {
    const lane = this.#lanes.get(key);
    return { running: lane?.active ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  #releaser(key: string, lane: Lane): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes straight to the next waiting caller, so `active` counts it already.
      const next = lane.waiting.shift();
      if (next) return next();
      lane.active -= 1;
      if (lane.active === 0) this.#lanes.delete(key);
    };
  }
}
