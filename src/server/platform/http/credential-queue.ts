/**
 * Requests in progress per credential (ADR 0107): one token runs at most `maxActive` API calls at once on an
 * instance (each call names its own bound), and the rest wait their turn in order. A client holding 100 connections
 * open therefore takes the share of one busy user, not of a hundred, and another tenant's call never waits behind
 * its queue. Past `maxQueued` waiting calls the credential is refused 429.
 */
export interface CredentialQueueSettings {
  maxQueued: number;
}

interface Lane {
  active: number;
  waiting: (() => void)[];
}

export type Admission = { admitted: true; release: () => void } | { admitted: false };

export class CredentialQueue {
  readonly #lanes = new Map<string, Lane>();

  constructor(private readonly settings: CredentialQueueSettings) {}

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

  /** Calls waiting or running for `key` (for tests and metrics). */
  size(key: string): number {
    const lane = this.#lanes.get(key);
    return lane ? lane.active + lane.waiting.length : 0;
  }

  #releaser(key: string, lane: Lane): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes straight to the next waiting call, so `active` counts it already.
      const next = lane.waiting.shift();
      if (next) return next();
      lane.active -= 1;
      if (lane.active === 0) this.#lanes.delete(key);
    };
  }
}
