import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { BACKGROUND_MAX_WAIT_MS, INTERACTIVE_QUIET_MS } from './mutex';
import { currentPriority, lastRequestAnswered } from './work-priority';

/**
 * How many PostgreSQL connections background work (an export's or a zip's pages, a job, an outbox sweep: what runs
 * `inBackground`) holds at most, beside the interactive pool (ADR 0128). Two: an export and a job advance together;
 * a third waits its turn instead of taking a connection and a core from the requests.
 */
export const BACKGROUND_CONNECTIONS = 2;

/** A pool connection and a way to give it back (node-postgres' `pg.Pool`, or a test's). */
export interface ConnectingPool {
  connect(): Promise<PostgresPoolClient>;
  end(): Promise<void>;
}

interface Waiter {
  since: number;
  grant: () => void;
}

/**
 * Turns of background work at its connections (ADR 0128, the policy of ADR 0119's mutex): at most `size` at once,
 * FIFO; a free slot goes to the oldest waiter once no interactive connection is out and none has come back, nor a
 * request been answered (ADR 0201), for `quietMs` (the gap between a request's session check and its transaction),
 * or once it has waited `maxWaitMs`, so long work always advances. Beside nonstop requests background work takes about
 * one turn per `maxWaitMs`: the cores the two share go to the requests.
 */
export class BackgroundTurns {
  #free: number;
  #interactiveOut = 0;
  #lastInteractive = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | null = null;
  readonly #waiting: Waiter[] = [];

  /** `lastAnswered`: when a request was last answered, interactive work that held no connection (ADR 0201). */
  constructor(
    size: number,
    private readonly maxWaitMs = BACKGROUND_MAX_WAIT_MS,
    private readonly quietMs = INTERACTIVE_QUIET_MS,
    private readonly lastAnswered: () => number = lastRequestAnswered,
  ) {
    this.#free = size;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** An interactive connection was handed out; the returned function says it came back (idempotent). */
  interactiveOut(): () => void {
    this.#interactiveOut += 1;
    let back = false;
    return () => {
      if (back) return;
      back = true;
      this.#interactiveOut -= 1;
      this.#lastInteractive = performance.now();
      this.#dispatch();
    };
  }

  take(): Promise<void> {
    return new Promise((grant) => {
      this.#waiting.push({ since: performance.now(), grant });
      this.#dispatch();
    });
  }

  give(): void {
    this.#free += 1;
    this.#dispatch();
  }

  #dispatch(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const now = performance.now();
    const quietAt =
      this.#interactiveOut > 0
        ? Number.POSITIVE_INFINITY
        : Math.max(this.#lastInteractive, this.lastAnswered()) + this.quietMs;
    while (this.#free > 0 && this.#waiting.length > 0) {
      const overdueAt = this.#waiting[0]!.since + this.maxWaitMs;
      if (now < overdueAt && now < quietAt) {
        this.#timer = setTimeout(() => this.#dispatch(), Math.max(0, Math.min(overdueAt, quietAt) - now));
        this.#timer.unref();
        return;
      }
      this.#free -= 1;
      this.#waiting.shift()!.grant();
    }
  }
}

/**
 * The connections of a PostgreSQL server split by who waits for them (ADR 0128, as ADR 0119 does at the embedded
 * engine's one connection): a connection asked for in background work comes from `background`, and at most `slots`
 * of them at once (the rest wait their turn here, so the pool's connect timeout measures only connecting); any other
 * from `interactive`, all of whose connections stay the requests'. Kysely asks one connection per transaction, so a
 * transaction is whole on the connection it began on.
 */
export class PrioritisedPool implements PostgresPool {
  readonly #turns: BackgroundTurns;

  constructor(
    readonly interactive: ConnectingPool,
    readonly background: ConnectingPool,
    turns: BackgroundTurns = new BackgroundTurns(BACKGROUND_CONNECTIONS),
  ) {
    this.#turns = turns;
  }

  /** Background connections waited for (for tests and the metrics). */
  get backgroundWaiting(): number {
    return this.#turns.waiting;
  }

  async connect(): Promise<PostgresPoolClient> {
    if (currentPriority() === 'interactive') {
      // Out from the moment it is asked for: a request waiting for a connection is interactive work going on.
      const back = this.#turns.interactiveOut();
      try {
        return withRelease(await this.interactive.connect(), back);
      } catch (error) {
        back();
        throw error;
      }
    }
    await this.#turns.take();
    let client: PostgresPoolClient;
    try {
      client = await this.background.connect();
    } catch (error) {
      this.#turns.give();
      throw error;
    }
    return withRelease(client, () => this.#turns.give());
  }

  async end(): Promise<void> {
    await Promise.all([this.interactive.end(), this.background.end()]);
  }
}

/** A wrapper per checkout (the pool reuses its clients): `back` runs once, when the connection is released. */
function withRelease(client: PostgresPoolClient, back: () => void): PostgresPoolClient {
  let released = false;
  return {
    query: client.query.bind(client) as PostgresPoolClient['query'],
    release: () => {
      if (released) return;
      released = true;
      client.release();
      back();
    },
  };
}
