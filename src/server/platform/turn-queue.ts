/**
 * Turns in order per key: at most `maxActive` holders of a key at once (each caller names its own bound), the rest
 * wait first in, first out, and past `maxQueued` waiting a caller is refused at once (`enter`; `turn` waits anyway). One rule for every bounded
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

  /** No `maxQueued`: callers wait however many are ahead (`turn`). */
  constructor(private readonly settings: TurnQueueSettings = { maxQueued: Number.POSITIVE_INFINITY }) {}

  /** Waits for one of the `maxActive` turns of `key`; answers `admitted: false` at once when too many already wait. */
  async enter(key: string, maxActive: number): Promise<Admission> {
    const lane = this.#lane(key);
    if (lane.active >= maxActive && lane.waiting.length >= this.settings.maxQueued) return { admitted: false };
    return { admitted: true, release: await this.#take(key, lane, maxActive) };
  }

  /** Waits for one of the `maxActive` turns of `key` however many wait ahead, and answers its release. */
  async turn(key: string, maxActive: number): Promise<() => void> {
    return this.#take(key, this.#lane(key), maxActive);
  }

  /** Turns held now and callers waiting for one, for `key` (for tests and metrics). */
  load(key: string): { running: number; waiting: number } {
    const lane = this.#lanes.get(key);
    return { running: lane?.active ?? 0, waiting: lane?.waiting.length ?? 0 };
  }

  #lane(key: string): Lane {
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  async #take(key: string, lane: Lane, maxActive: number): Promise<() => void> {
    if (lane.active >= maxActive) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    else lane.active += 1;
    return this.#releaser(key, lane);
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
