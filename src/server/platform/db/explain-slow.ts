import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** What is told of a slow statement: its text, how long it took and its plan, once per statement text. */
export interface SlowStatement {
  sql: string;
  ms: number;
  plan: string;
}

export interface ExplainSlowOptions {
  /** Explain a statement text the first time only (default); false: every time it is slow (a profiling script). */
  once?: boolean;
  /** Whether to explain now (default: always); a profiling script explains only the requests it traces. */
  active?: () => boolean;
}

/** Reads only: EXPLAIN ANALYZE runs the statement again, which a write must not. */
const READ_ONLY = /^\s*(\/\*.*?\*\/\s*)?(select|with)\b/is;
const WRITES = /\b(insert|update|delete|merge)\b/i;
const shapeOf = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A dialect that times every statement run inside a transaction and, the first time a read of a given text takes
 * `thresholdMs` or more, runs `EXPLAIN (ANALYZE, BUFFERS)` of it on the same connection (same transaction, role and
 * tenant setting, same parameters) and hands the plan to `report` (DB_EXPLAIN_SLOW_MS, docs/bench.md). Statements
 * outside a transaction are not explained: on the embedded engine the connection is handed on as soon as one is
 * sent (ADR 0060). Writes are never explained.
 */
export class ExplainSlowDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly thresholdMs: number,
    private readonly report: (slow: SlowStatement) => void,
    private readonly options: ExplainSlowOptions = {},
  ) {}

  createAdapter() {
    return this.inner.createAdapter();
  }

  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return this.inner.createIntrospector(db);
  }

  createDriver(): Driver {
    return new ExplainSlowDriver(this.inner.createDriver(), this.thresholdMs, this.report, this.options);
  }
}

class ExplainSlowDriver implements Driver {
  readonly #explained = new Set<string>();

  constructor(
    private readonly inner: Driver,
    private readonly thresholdMs: number,
    private readonly report: (slow: SlowStatement) => void,
    private readonly options: ExplainSlowOptions,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    return new ExplainingConnection(connection, this.thresholdMs, this.#explained, this.report, this.options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const wrapped = connection as ExplainingConnection;
    await this.inner.beginTransaction(wrapped.inner, settings);
    wrapped.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const wrapped = connection as ExplainingConnection;
    wrapped.inTransaction = false;
    await this.inner.commitTransaction(wrapped.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const wrapped = connection as ExplainingConnection;
    wrapped.inTransaction = false;
    await this.inner.rollbackTransaction(wrapped.inner);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as ExplainingConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

class ExplainingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly thresholdMs: number,
    private readonly explained: Set<string>,
    private readonly report: (slow: SlowStatement) => void,
    private readonly options: ExplainSlowOptions,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const started = performance.now();
    const result = await this.inner.executeQuery<R>(compiled);
    const ms = performance.now() - started;
    if (ms >= this.thresholdMs && this.inTransaction && (this.options.active?.() ?? true))
      await this.#explain(compiled, ms);
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }

  async #explain(compiled: CompiledQuery, ms: number): Promise<void> {
    const shape = shapeOf(compiled.sql);
    if (!READ_ONLY.test(shape) || WRITES.test(shape)) return;
    if (this.options.once ?? true) {
      if (this.explained.has(shape)) return;
      this.explained.add(shape);
    }
    // In a savepoint: a plan is a diagnosis, and failing to get one must not abort the request's transaction.
    await this.inner.executeQuery(CompiledQuery.raw('SAVEPOINT explain_slow'));
    try {
      const plan = await this.inner.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [...compiled.parameters]),
      );
      await this.inner.executeQuery(CompiledQuery.raw('RELEASE SAVEPOINT explain_slow'));
      this.report({ sql: shape, ms, plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n') });
    } catch (error) {
      await this.inner.executeQuery(CompiledQuery.raw('ROLLBACK TO SAVEPOINT explain_slow'));
      this.report({ sql: shape, ms, plan: `(no plan: ${error instanceof Error ? error.message : String(error)})` });
    }
  }
}
