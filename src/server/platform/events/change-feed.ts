import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { embeddedEngineOf } from '../db/open-database';
import type { Db } from '../db/schema';

/** The NOTIFY channel of migration 072. */
export const CHANGES_CHANNEL = 'voxscreen_changes';
/** How many changes of a tenant an instance remembers for a reconnecting stream (Last-Event-ID). */
const HISTORY = 512;
const RECONNECT_MS = 1_000;

/** One committed transaction's change to a tenant's data (the payload of migration 104's notification). */
export interface TenantChange {
  tenantId: number;
  /** The tenant's data version after the change; consecutive for one tenant (migrations 072, 104). */
  version: number;
  /** Every table of the tenant the transaction wrote, in the order first written. */
  tables: readonly string[];
}

export type ChangeListener = (change: TenantChange) => void;

function parseChange(payload: string): TenantChange | null {
  try {
    const value = JSON.parse(payload) as { tenant?: unknown; version?: unknown; table?: unknown; tables?: unknown };
    if (typeof value.tenant !== 'number' || typeof value.version !== 'number') return null;
    // A payload of migration 072 (one statement, one table) still reads: an instance of the previous release may send it.
    const tables = Array.isArray(value.tables) ? value.tables : [value.table];
    if (tables.length === 0 || !tables.every((t): t is string => typeof t === 'string')) return null;
    return { tenantId: value.tenant, version: value.version, tables };
  } catch {
    return null;
  }
}

/**
 * Every tenant's committed changes as this instance hears them (ADR 0078): on PostgreSQL one dedicated connection
 * LISTENs (so every instance hears every instance's writes); on the embedded database the engine's own session
 * does, in-process. Keeps the recent changes of each tenant so a reconnecting stream can be told what it missed,
 * and says when it may have missed some itself (its connection was lost): `onGap` listeners then resynchronise.
 */
export class ChangeFeed {
  readonly #listeners = new Map<number, Set<ChangeListener>>();
  readonly #everyTenant = new Set<ChangeListener>();
  readonly #gapListeners = new Set<() => void>();
  readonly #history = new Map<number, TenantChange[]>();
  #stop: (() => Promise<void>) | null = null;
  #stopped = false;

  constructor(
    private readonly db: Db,
    private readonly databaseUrl: string | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const engine = embeddedEngineOf(this.db);
    if (engine?.onNotification) {
      const unsubscribe = engine.onNotification((channel, payload) => {
        if (channel === CHANGES_CHANNEL) this.#receive(payload);
      });
      await sql`LISTEN voxscreen_changes`.execute(this.db);
      this.#stop = async () => unsubscribe();
    } else if (this.databaseUrl) {
      await this.#listenOnPostgres(this.databaseUrl);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#stop?.();
    this.#stop = null;
  }

  /** Hears the changes of one tenant until the returned function is called. */
  subscribe(tenantId: number, listener: ChangeListener): () => void {
    const set = this.#listeners.get(tenantId) ?? new Set();
    set.add(listener);
    this.#listeners.set(tenantId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(tenantId);
    };
  }

  /** Hears the changes of every tenant until the returned function is called (caches keyed by tenant). */
  subscribeAll(listener: ChangeListener): () => void {
    this.#everyTenant.add(listener);
    return () => this.#everyTenant.delete(listener);
  }

  /** Hears when changes may have been missed (lost connection); returns the unsubscribe. */
  onGap(listener: () => void): () => void {
    this.#gapListeners.add(listener);
    return () => this.#gapListeners.delete(listener);
  }

  /** How many streams listen, for the metrics. */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.#listeners.values()) count += set.size;
    return count;
  }

  /**
   * The tenant's changes after `version` up to `current`, when this instance heard every one of them; null when
   * it cannot say (it started later, or the history no longer reaches back that far).
   */
  since(tenantId: number, version: number, current: number): TenantChange[] | null {
    if (current <= version) return [];
    const kept = (this.#history.get(tenantId) ?? []).filter((c) => c.version > version && c.version <= current);
    return kept.length === current - version ? kept : null;
  }

  /** Feeds a notification's payload (also used by tests to play a change in). */
  #receive(payload: string): void {
    const change = parseChange(payload);
    if (!change) return;
    const history = this.#history.get(change.tenantId) ?? [];
    history.push(change);
    if (history.length > HISTORY) history.splice(0, history.length - HISTORY);
    this.#history.set(change.tenantId, history);
    for (const listener of this.#listeners.get(change.tenantId) ?? []) listener(change);
    for (const listener of this.#everyTenant) listener(change);
  }

  #gap(): void {
    this.#history.clear();
    for (const listener of this.#gapListeners) listener();
  }

  /** A dedicated client (not the pool's): LISTEN belongs to one session. Reconnects until stopped. */
  async #listenOnPostgres(url: string): Promise<void> {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === CHANGES_CHANNEL && message.payload) this.#receive(message.payload);
      });
      next.on('error', (error) => {
        this.log.warn({ err: error }, 'change feed connection lost; reconnecting');
        void next.end().catch(() => {});
        if (client === next) reconnectLater();
      });
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      client = next;
    };
    const reconnectLater = () => {
      client = null;
      if (this.#stopped || timer) return;
      // Whatever was committed meanwhile was not heard: streams resynchronise once the feed listens again.
      timer = setTimeout(() => {
        timer = null;
        connect().then(
          () => this.#gap(),
          (error: unknown) => {
            this.log.warn({ err: error }, 'change feed could not reconnect');
            reconnectLater();
          },
        );
      }, RECONNECT_MS);
      timer.unref();
    };
    await connect();
    this.#stop = async () => {
      if (timer) clearTimeout(timer);
      const current = client as pg.Client | null;
      client = null;
      await current?.end().catch(() => {});
    };
  }
}
