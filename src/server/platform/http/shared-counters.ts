/**
 * Counters of fixed windows shared by every instance on the database (ADR 0070): a hit is decided in memory, at no
 * cost, from the total of all instances known at the last exchange plus this instance's hits since; every
 * SYNC_MS (and on demand) each instance adds its new hits to `rate_limit_counters` in one statement and reads back
 * the totals of every key it watches. The last quarter of a limit is decided in the database instead, one
 * conditional increment per hit, and so is every hit past a few unsent ones (maxUnsent): far from the limit most hits
 * cost nothing, and near it the instances together stop at the limit, give or take the few hits each other instance
 * holds unsent, whatever the request rate.
 * Works alike on the embedded database and a server.
 */
import { sql } from 'kysely';
import { WRITES_NOTHING_KEPT } from '../db/pglite-dialect';
import type { Db } from '../db/schema';

/** How often the hits go to the database; keys not seen for a window are forgotten. */
export const SYNC_MS = 200;
/** Keys one instance tracks at most; beyond, new keys pass uncounted until the next window (a memory bound). */
export const MAX_TRACKED_KEYS = 100_000;
const FORGET_AFTER_MS = 10 * 60_000;
/** How far below its limit a key's hits start to be decided in the database. */
export const exactMargin = (max: number): number => Math.max(1, Math.ceil(max / 4));
/**
 * How many hits of a key an instance may hold unsent: the next one goes through the database with them. The others
 * cannot see unsent hits, so they bound how far the instances together pass a limit, whatever the request rate or
 * however late an instance's last exchange (a busy instance that heard little stayed fast while others filled the
 * limit: 70 of 60 in the cluster check).
 */
export const maxUnsent = (max: number): number => Math.max(1, Math.floor(exactMargin(max) / 4));

interface Window {
  start: number;
  windowMs: number;
  /** Hits of all instances, as the database last answered (ours included up to then). */
  known: number;
  /** This instance's hits not yet added. */
  pending: number;
}

export interface Decision {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

export class SharedCounters {
  readonly #windows = new Map<string, Window>();
  #timer: NodeJS.Timeout | null = null;
  #syncing: Promise<void> | null = null;
  #lastCleanup = 0;
  #turns: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  #window(key: string, windowMs: number): Window | null {
    const start = Math.floor(this.now() / windowMs) * windowMs;
    const id = `${key}@${start}`;
    let window = this.#windows.get(id);
    if (!window) {
      if (this.#windows.size >= MAX_TRACKED_KEYS) return null;
      window = { start, windowMs, known: 0, pending: 0 };
      this.#windows.set(id, window);
    }
    return window;
  }

  /**
   * Counts a hit of `key` unless the key is already at `max` in this window (then nothing is counted). Answers at
   * once far from the limit; within `exactMargin(max)` of it, after one conditional increment in the database.
   */
  async hit(key: string, max: number, windowMs: number): Promise<Decision> {
    const window = this.#window(key, windowMs);
    if (!window) return { allowed: true, retryAfterSeconds: 0 };
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - this.now()) / 1000));
    const seen = window.known + window.pending;
    if (seen >= max) return { allowed: false, retryAfterSeconds };
    if (seen < max - exactMargin(max) && window.pending < maxUnsent(max)) {
      window.pending += 1;
      return { allowed: true, retryAfterSeconds };
    }
    return { allowed: await this.#hitInDatabase(key, window, max), retryAfterSeconds };
  }

  /**
   * Adds the hit, with this instance's unsent hits of the key, to the shared count, only while that stays within
   * max. Runs in turn with the exchanges, so the unsent hits are never sent twice nor counted while in flight.
   */
  #hitInDatabase(key: string, window: Window, max: number): Promise<boolean> {
    return this.#inTurn(async () => {
      const sent = window.pending;
      if (window.known + sent >= max) return false; // an earlier hit in the queue took the last place
      try {
        const { rows } = await sql<{ hits: number }>`${sql.raw(WRITES_NOTHING_KEPT)}
          INSERT INTO rate_limit_counters AS c (key, window_start, hits)
          VALUES (${key}, ${new Date(window.start)}, ${sent + 1})
          ON CONFLICT (key, window_start) DO UPDATE SET hits = c.hits + excluded.hits
          WHERE c.hits + excluded.hits <= ${max}
          RETURNING hits`.execute(this.db);
        const hits = rows[0]?.hits;
        if (hits === undefined) {
          // Full: remember it, so the next hits are refused without a statement until the window ends.
          window.known = Math.max(window.known, max - window.pending);
          return false;
        }
        window.pending -= sent;
        window.known = Math.max(window.known, hits);
        return true;
      } catch {
        // The database is unreachable: decide in memory, as far from the limit, rather than fail the request.
        window.pending += 1;
        return true;
      }
    });
  }

  /** Runs `work` after the exchanges and database hits queued before it. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.#turns.then(work);
    this.#turns = turn.catch(() => undefined);
    return turn;
  }

  /** Whether `key` is at `max` in this window, counting nothing (a cheap early refusal). */
  isExhausted(key: string, max: number, windowMs: number): Decision {
    const start = Math.floor(this.now() / windowMs) * windowMs;
    const window = this.#windows.get(`${key}@${start}`);
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - this.now()) / 1000));
    return { allowed: !window || window.known + window.pending < max, retryAfterSeconds };
  }

  /** Adds this instance's new hits and reads back every watched key's total; one statement. */
  sync(): Promise<void> {
    this.#syncing ??= this.#inTurn(() => this.#exchange()).finally(() => (this.#syncing = null));
    return this.#syncing;
  }

  async #exchange(): Promise<void> {
    const now = this.now();
    const ids: string[] = [];
    const keys: string[] = [];
    const starts: Date[] = [];
    const deltas: number[] = [];
    for (const [id, window] of this.#windows) {
      if (window.start + window.windowMs + FORGET_AFTER_MS < now) {
        this.#windows.delete(id);
        continue;
      }
      if (window.start + window.windowMs < now) continue; // ended: nothing more to learn
      ids.push(id);
      keys.push(id.slice(0, id.lastIndexOf('@')));
      starts.push(new Date(window.start));
      deltas.push(window.pending);
    }
    if (ids.length === 0) return;
    const sent = deltas.slice();
    // The counters are no kept answer's: on the embedded engine the kept session principals outlive this (ADR 0199).
    const { rows } = await sql<{ key: string; window_start: Date; hits: number }>`${sql.raw(WRITES_NOTHING_KEPT)}
      INSERT INTO rate_limit_counters (key, window_start, hits)
      SELECT * FROM unnest(${keys}::text[], ${starts}::timestamptz[], ${deltas}::int[])
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + excluded.hits
      RETURNING key, window_start, hits`.execute(this.db);
    const totals = new Map(rows.map((r) => [`${r.key}@${new Date(r.window_start).getTime()}`, r.hits]));
    ids.forEach((id, i) => {
      const window = this.#windows.get(id);
      const total = totals.get(id);
      if (!window || total === undefined) return;
      window.pending -= sent[i]!;
      // A window's count only grows; a hit decided in the database meanwhile may have answered a larger one.
      window.known = Math.max(window.known, total);
    });
    if (now - this.#lastCleanup > 60_000) {
      this.#lastCleanup = now;
      await sql`${sql.raw(WRITES_NOTHING_KEPT)}DELETE FROM rate_limit_counters WHERE window_start < ${new Date(now - FORGET_AFTER_MS)}`.execute(
        this.db,
      );
    }
  }

  /** Exchanges every SYNC_MS in the background (a failed exchange is retried by the next one). */
  start(intervalMs = SYNC_MS): void {
    this.#timer = setInterval(() => {
      this.sync().catch(() => undefined);
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#syncing?.catch(() => undefined);
  }
}
