import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import { inSpan } from '../observability/tracing';
import { WrappingDialect, type WrappingConnection } from './wrapping-dialect';

/** The statement's first words (`SELECT`, `INSERT INTO`, ...) name its span; its text goes in an attribute. */
const operationOf = (sql: string): string => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
const MAX_STATEMENT_CHARS = 2_000;

/**
 * A span per statement (ADR 0093), a child of the request's handler span: its kind and text, never its
 * parameters (they hold personal data). Wraps either engine's dialect, so both are traced alike.
 */
export class TracingDialect extends WrappingDialect<TracingConnection> {
  protected wrap(connection: DatabaseConnection): TracingConnection {
    return new TracingConnection(connection);
  }
}

class TracingConnection implements WrappingConnection {
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
