import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { SweepLoop } from '../jobs/sweep-loop';
import type { Db } from './schema';
import { lastRequestAnswered } from './work-priority';

/**
 * The embedded database runs PostgreSQL in single-user mode, which has no autovacuum (ADR 0147): left alone, no page
 * would ever be marked all-visible (so an index-only scan still reads the table row of every entry it passes, ADR
 * 0146), a table that grew would keep the planner statistics of its first ANALYZE, and the room of updated and
 * deleted rows would never be reused. This does autovacuum's work in its place: now and then, the one table most
 * past autovacuum's own thresholds is vacuumed and analysed, or only analysed, as background work (ADR 0119).
 *
 * The engine's activity counters live only as long as its process (single-user mode writes none at shutdown), so
 * what a sweep reads is also kept in the catalogue: a table whose pages are not marked all-visible, beyond the share
 * autovacuum allows, is due after a restart too.
 */

/** PostgreSQL's defaults: autovacuum_vacuum_threshold / _scale_factor, the insert and analyze ones. */
const DEAD = { base: 50, share: 0.2 };
const INSERTED = { base: 1_000, share: 0.2 };
const CHANGED = { base: 50, share: 0.1 };
/** Pages not marked all-visible (the catalogue's view, kept over restarts) beyond this many and share of the table. */
const UNMARKED = { base: 128, share: 0.2 };
/** A table the catalogue still shows as due right after its vacuum is not tried again before this. */
const RETRY_MS = 60 * 60_000;

/** How far `value` is past a threshold of `base` and `share` of `of` (above 1: due). */
const past = (value: number, limit: { base: number; share: number }, of: number) =>
  value / (limit.base + limit.share * of);

export interface TableDue {
  table: string;
  /** VACUUM (ANALYZE) when true, else ANALYZE. */
  vacuum: boolean;
  /** How far past its threshold: the most overdue table goes first. */
  overdue: number;
}

interface TableState {
  table: string;
  reltuples: number;
  pages: number;
  all_visible: number;
  dead: number;
  inserted: number;
  changed: number;
}

/** The tables past a threshold, most overdue first; `recent`: tables vacuumed lately, tried again only by counters. */
export async function tablesDue(db: Db, recent: ReadonlySet<string> = new Set()): Promise<TableDue[]> {
  // Counters are flushed by the engine now and then; a sweep reads what the statements so far did.
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<TableState>`
    SELECT format('%I.%I', s.schemaname, s.relname) AS table, greatest(c.reltuples, 0)::float8 AS reltuples,
           (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 AS pages,
           c.relallvisible::float8 AS all_visible, s.n_dead_tup::float8 AS dead,
           s.n_ins_since_vacuum::float8 AS inserted, s.n_mod_since_analyze::float8 AS changed
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`.execute(db);
  const due: TableDue[] = [];
  for (const t of rows) {
    const byCounters = Math.max(past(t.dead, DEAD, t.reltuples), past(t.inserted, INSERTED, t.reltuples));
    const byCatalogue = recent.has(t.table) ? 0 : past(t.pages - t.all_visible, UNMARKED, t.pages);
    const vacuum = Math.max(byCounters, byCatalogue);
    const analyse = past(t.changed, CHANGED, t.reltuples);
    if (vacuum > 1) due.push({ table: t.table, vacuum: true, overdue: vacuum });
    else if (analyse > 1) due.push({ table: t.table, vacuum: false, overdue: analyse });
  }
  return due.sort((a, b) => b.overdue - a.overdue);
}

// A parameterless statement runs by the simple protocol, outside any transaction, as VACUUM must.
const maintain = (db: Db, due: TableDue) =>
  sql.raw(`${due.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${due.table}`).execute(db);

/** One sweep: the most overdue table vacuumed (and analysed) or analysed; null when none is due. */
export async function maintainOneTable(db: Db, recent: ReadonlySet<string> = new Set()): Promise<TableDue | null> {
  const [first] = await tablesDue(db, recent);
  if (!first) return null;
  await maintain(db, first);
  return first;
}

/**
 * Every due table once, most overdue first (after a bulk load): a table is never taken twice, so a page VACUUM
 * cannot mark (an older snapshot still open on a PostgreSQL server) cannot keep it going. Returns the tables done.
 */
export async function maintainEveryTable(db: Db): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const next = (await tablesDue(db, done)).find((due) => !done.has(due.table));
    if (!next) return done.size;
    await maintain(db, next);
    done.add(next.table);
  }
}

/**
 * How long no request may have been answered before a sweep runs (ADR 0203): a VACUUM holds the one connection for
 * its whole run (0.5-1.4 s on the bench tenant), so it waits for a pause in the requests rather than stall them.
 */
export const QUIET_MS = 2_000;
/** How long a sweep waits for that pause at most: under requests that never pause it runs anyway, backlog and all. */
export const MAX_WAIT_MS = 10 * 60_000;

export interface MaintenanceClock {
  /** Wall-clock ms (Date.now): the retry time of a table vacuumed lately, and the wait's bound. */
  now: () => number;
  /** Ms since a request was last answered (work-priority.ts); Infinity before the first. */
  sinceAnswered: () => number;
}

const serverClock: MaintenanceClock = {
  now: Date.now,
  sinceAnswered: () => performance.now() - lastRequestAnswered(),
};

/**
 * Sweeps on a timer on the embedded database; a sweep that did something asks for the next table at once. A sweep
 * runs when no request was answered for QUIET_MS, else it looks again when that much quiet could have passed, until
 * it has waited MAX_WAIT_MS: from then on it works through what is due without waiting, until a sweep finds nothing
 * or the requests pause.
 */
export class EmbeddedMaintenance {
  readonly #loop: SweepLoop;
  readonly #vacuumedAt = new Map<string, number>();
  /** Since when a sweep has waited for a pause in the requests; null when none waits. */
  #waitingSince: number | null = null;
  #retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly clock: MaintenanceClock = serverClock,
  ) {
    this.#loop = new SweepLoop(() => this.sweep(), log, 'embedded maintenance');
  }

  /** One sweep; null when it waits for a pause in the requests or nothing is due. */
  async sweep(): Promise<TableDue | null> {
    if (!this.#mayRun()) return null;
    const since = this.clock.now() - RETRY_MS;
    const recent = new Set([...this.#vacuumedAt].filter(([, at]) => at > since).map(([table]) => table));
    const started = this.clock.now();
    const done = await maintainOneTable(this.db, recent);
    if (!done) {
      this.#waitingSince = null;
      return null;
    }
    if (done.vacuum) this.#vacuumedAt.set(done.table, this.clock.now());
    this.log.info({ table: done.table, vacuum: done.vacuum, ms: this.clock.now() - started }, 'embedded maintenance');
    this.#loop.soon();
    return done;
  }

  /** Whether a sweep may run now; if not, it is asked again when enough quiet could have passed. */
  #mayRun(): boolean {
    const quiet = this.clock.sinceAnswered();
    if (quiet >= QUIET_MS) {
      this.#waitingSince = null;
      return true;
    }
    this.#waitingSince ??= this.clock.now();
    if (this.clock.now() - this.#waitingSince >= MAX_WAIT_MS) return true;
    if (!this.#retry) {
      this.#retry = setTimeout(() => {
        this.#retry = null;
        this.#loop.soon();
      }, QUIET_MS - quiet);
      this.#retry.unref();
    }
    return false;
  }

  start(intervalMs: number): void {
    this.#loop.start(intervalMs);
  }

  soon(): void {
    this.#loop.soon();
  }

  stop(): Promise<void> {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    return this.#loop.stop();
  }
}
