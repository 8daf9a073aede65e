import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { currentPriority } from './work-priority';

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

/** A FIFO of at most `size` holders; waiters wait as long as the holders take (no timeout: the holders advance). */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(size: number) {
    this.#free = size;
  }
  get waiting(): number {
    return this.#waiting.length;
  }
  async take(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }
  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
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
  readonly #slots: Slots;

  constructor(
    readonly interactive: ConnectingPool,
    readonly background: ConnectingPool,
    slots = BACKGROUND_CONNECTIONS,
  ) {
    this.#slots = new Slots(slots);
  }

  /** Background connections waited for (for tests and the metrics). */
  get backgroundWaiting(): number {
    return this.#slots.waiting;
  }

  async connect(): Promise<PostgresPoolClient> {
    if (currentPriority() === 'interactive') return this.interactive.connect();
    await this.#slots.take();
    let client: PostgresPoolClient;
    try {
      client = await this.background.connect();
    } catch (error) {
      this.#slots.give();
      throw error;
    }
    // A wrapper per checkout (the pool reuses its clients): its slot is given back once, with the connection.
    let released = false;
    const query = client.query.bind(client) as PostgresPoolClient['query'];
    return {
      query,
      release: () => {
        if (released) return;
        released = true;
        client.release();
        this.#slots.give();
      },
    };
  }

  async end(): Promise<void> {
    await Promise.all([this.interactive.end(), this.background.end()]);
  }
}
