import { CompiledQuery, type DatabaseConnection, type Dialect, type QueryResult } from 'kysely';
import { WrappingDialect, type WrappingConnection } from './wrapping-dialect';

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
export class ExplainSlowDialect extends WrappingDialect<ExplainingConnection> {
  readonly #explained = new Set<string>();

  constructor(
    inner: Dialect,
    private readonly thresholdMs: number,
    private readonly report: (slow: SlowStatement) => void,
    private readonly options: ExplainSlowOptions = {},
  ) {
    super(inner);
  }

  protected wrap(connection: DatabaseConnection): ExplainingConnection {
    return new ExplainingConnection(connection, this.thresholdMs, this.#explained, this.report, this.options);
  }

  protected override inTransaction(connection: ExplainingConnection, open: boolean): void {
    connection.inTransaction = open;
  }
}

class ExplainingConnection implements WrappingConnection {
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
