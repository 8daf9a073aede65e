import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { inSpan } from '../observability/tracing';

/** The statement's first words (`SELECT`, `INSERT INTO`, ...) name its span; its text goes in an attribute. */
const operationOf = (sql: string): string => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
const MAX_STATEMENT_CHARS = 2_000;

/**
 * A span per statement (ADR 0093), a child of the request's handler span: its kind and text, never its
 * parameters (they hold personal data). Wraps either engine's dialect, so both are traced alike.
 */
export class TracingDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}

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
    return new TracingDriver(this.inner.createDriver());
  }
}

class TracingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TracingConnection(await this.inner.acquireConnection());
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction((connection as TracingConnection).inner, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction((connection as TracingConnection).inner);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction((connection as TracingConnection).inner);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as TracingConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

class TracingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const operation = operationOf(compiled.sql);
    return inSpan(
      `db ${operation}`,
      {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': compiled.sql.slice(0, MAX_STATEMENT_CHARS),
      },
      () => this.inner.executeQuery<R>(compiled),
    );
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}
