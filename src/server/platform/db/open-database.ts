import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { beginWithNext } from './begin-with-next-dialect';
import { acquireDataDirLock } from './data-dir-lock';
import { BACKGROUND_CONNECTIONS, PrioritisedPool } from './background-pool';
import { PGliteDialect } from './pglite-dialect';
import { PGliteWorker, type PGliteEngine } from './pglite-worker-client';
import { tunePostgresClient } from './postgres-client-tuning';
import type { Db } from './schema';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { embeddedSharedBuffersMb, sharedBuffersStartParams } from './embedded-memory';
import { ExplainSlowDialect, type SlowStatement } from './explain-slow';
import { isTracing } from '../observability/tracing';
import { TracingDialect } from './tracing-dialect';

export interface DatabaseOptions {
  /** PostgreSQL server; when null the embedded database is used. */
  databaseUrl: string | null;
  /** PGlite data folder, or `memory://` for a throw-away database. */
  pgliteDataDir: string;
  /** The embedded database in a worker thread (ADR 0054; default on), else on the request thread. */
  pgliteInWorker?: boolean;
  /** PGLITE_SHARED_BUFFERS_MB: the embedded engine's shared_buffers (ADR 0220); null or unset: sized to the data. */
  pgliteSharedBuffersMb?: number | null;
  /** Reads inside a transaction that take this many ms or more are reported once with their plan (null: off). */
  explainSlowMs?: number | null;
}

/** Where the plans of slow reads go (DB_EXPLAIN_SLOW_MS). */
export type SlowStatementLog = (slow: SlowStatement) => void;

/** Where a lost PostgreSQL connection is reported (the process keeps running; the pool replaces the client). */
export type ConnectionErrorLog = (error: Error) => void;

const INT8_OID = 20;

/** `bigint` columns (outbox and participant ids, counts) arrive as numbers, as PGlite gives them (ADR 0013). */
const getTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_OID && format !== 'binary'
    ? (text: string) => Number(text)
    : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

/**
 * A PostgreSQL pool that survives a dropped connection: node-postgres emits 'error' on an idle client (through
 * the pool) and on a checked-out client between queries; without listeners either kills the process. A client
 * that errored is no longer queryable and the pool discards it on release.
 */
export function resilientPool(connectionString: string, onError: ConnectionErrorLog, max = 10): pg.Pool {
  // pipeline: a client writes a statement without waiting for the answers before it (ADR 0212), so BEGIN travels
  // with the first statement and a read-only COMMIT is not waited for (begin-with-next-dialect.ts).
  const config = { connectionString, max, connectionTimeoutMillis: 5_000, types: { getTypeParser }, pipeline: true };
  const pool = new pg.Pool(config as pg.PoolConfig);
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    tunePostgresClient(client);
  });
  return pool;
}

/**
 * The embedded engine: in a worker thread unless turned off (ADR 0054); `onLost` hears if that thread dies. A folder's
 * engine starts with shared_buffers sized to its data (ADR 0220); a throw-away one keeps PGlite's.
 */
async function openEngine(
  dataDir: string,
  inWorker: boolean,
  onLost: (error: Error) => void,
  sharedBuffersMb?: number,
): Promise<PGliteEngine> {
  if (inWorker) return PGliteWorker.create({ dataDir, sharedBuffersMb }, onLost);
  return PGlite.create(dataDir, {
    extensions: PGLITE_EXTENSIONS,
    startParams: sharedBuffersStartParams(sharedBuffersMb),
  });
}

const embeddedEngines = new WeakMap<Db, PGliteEngine>();
const postgresPools = new WeakMap<Db, pg.Pool>();

/** The interactive PostgreSQL pool behind `db` (null on the embedded database): the metrics read its counts (ADR 0079). */
export function postgresPoolOf(db: Db): pg.Pool | null {
  return postgresPools.get(db) ?? null;
}

/** The embedded engine behind `db` (null on PostgreSQL): the change feed hears its notifications (ADR 0078). */
export function embeddedEngineOf(db: Db): PGliteEngine | null {
  return embeddedEngines.get(db) ?? null;
}

/** With tracing on (ADR 0093), every statement gets a span. */
const traced = (dialect: Dialect): Dialect => (isTracing() ? new TracingDialect(dialect) : dialect);

/** A Kysely over an embedded engine, known to embeddedEngineOf (tests open their copies through it too). */
export const embeddedDatabase = (
  engine: PGliteEngine,
  onDestroy?: () => void,
  wrap: (dialect: Dialect) => Dialect = (dialect) => dialect,
): Db => {
  const db = new Kysely({ dialect: traced(wrap(new PGliteDialect(engine, onDestroy))) }) as Db;
  embeddedEngines.set(db, engine);
  return db;
};

/**
 * Opens the database; `db.destroy()` closes it (and the embedded engine and its folder lock with it).
 * `onEngineLost` hears when the embedded database's worker thread died: every statement fails from then on.
 */
export async function openDatabase(
  options: DatabaseOptions,
  onConnectionError: ConnectionErrorLog = () => {},
  onEngineLost: (error: Error) => void = () => {},
  onSlowStatement: SlowStatementLog = () => {},
): Promise<Db> {
  // DB_EXPLAIN_SLOW_MS: the slow reads' plans are logged (explain-slow.ts).
  const wrap = (dialect: Dialect): Dialect =>
    options.explainSlowMs == null ? dialect : new ExplainSlowDialect(dialect, options.explainSlowMs, onSlowStatement);
  if (options.databaseUrl) {
    // Background work has its own few connections (ADR 0128): the requests keep all of theirs beside an export.
    const pool = resilientPool(options.databaseUrl, onConnectionError);
    const background = resilientPool(options.databaseUrl, onConnectionError, BACKGROUND_CONNECTIONS);
    const prioritised = new PrioritisedPool(pool, background);
    const db = new Kysely({
      dialect: traced(wrap(beginWithNext(new PostgresDialect({ pool: prioritised }), onConnectionError))),
    }) as Db;
    postgresPools.set(db, pool);
    return db;
  }
  const inWorker = options.pgliteInWorker ?? true;
  if (options.pgliteDataDir.startsWith('memory://'))
    return embeddedDatabase(await openEngine(options.pgliteDataDir, inWorker, onEngineLost), undefined, wrap);
  mkdirSync(options.pgliteDataDir, { recursive: true });
  const lock = acquireDataDirLock(options.pgliteDataDir);
  try {
    const sharedBuffersMb = embeddedSharedBuffersMb(options.pgliteDataDir, options.pgliteSharedBuffersMb ?? null);
    const pglite = await openEngine(options.pgliteDataDir, inWorker, onEngineLost, sharedBuffersMb);
    return embeddedDatabase(pglite, () => lock.release(), wrap);
  } catch (error) {
    lock.release();
    throw error;
  }
}
