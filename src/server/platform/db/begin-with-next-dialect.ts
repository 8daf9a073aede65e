import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { SENT_WITH_NEXT } from './pglite-dialect';
import { WrappingDialect, type WrappingConnection } from './wrapping-dialect';

/**
 * PostgreSQL (ADR 0134): a plain BEGIN waits for the transaction's first statement and travels with it in one round
 * trip when that statement is a parameterless SENT_WITH_NEXT one (the tenant setting every tenant transaction opens
 * with, with-tenant.ts): `begin; <statement>` in the simple protocol, which runs both or fails at the first error,
 * leaving the transaction for the caller's ROLLBACK as before. Any other first statement goes after a BEGIN of its
 * own, as without this dialect; a transaction that ran nothing sends no BEGIN and no COMMIT or ROLLBACK.
 * A BEGIN with an isolation level is sent at once; a read-only one travels as a plain one does.
 */
export class BeginWithNextDialect extends WrappingDialect<BeginWithNextConnection> {
  protected wrap(connection: DatabaseConnection): BeginWithNextConnection {
    return new BeginWithNextConnection(connection);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    return {
      ...driver,
      beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
        const own = connection as BeginWithNextConnection;
        if (settings.isolationLevel) return driver.beginTransaction(connection, settings);
        own.beginPending = settings.accessMode ? `begin ${settings.accessMode}` : 'begin';
      },
      commitTransaction: async (connection: DatabaseConnection) => {
        const own = connection as BeginWithNextConnection;
        if (own.beginPending) own.beginPending = null;
        else await driver.commitTransaction(connection);
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        const own = connection as BeginWithNextConnection;
        if (own.beginPending) own.beginPending = null;
        else await driver.rollbackTransaction(connection);
      },
    };
  }
}

/** Whether a statement may travel after BEGIN in one simple-protocol request: no parameters, no answer read. */
const travelsWithBegin = (compiled: CompiledQuery) =>
  compiled.parameters.length === 0 && compiled.sql.startsWith(SENT_WITH_NEXT);

class BeginWithNextConnection implements WrappingConnection {
  /** A BEGIN asked for and not sent yet (with its access mode). */
  beginPending: string | null = null;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.beginPending && travelsWithBegin(compiled)) {
      const begin = this.beginPending;
      this.beginPending = null;
      await this.inner.executeQuery(CompiledQuery.raw(`${begin}; ${compiled.sql}`));
      return { rows: [] };
    }
    await this.#sendPendingBegin();
    return this.inner.executeQuery<R>(compiled);
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.#sendPendingBegin();
    yield* this.inner.streamQuery<R>(compiled, chunkSize);
  }

  /** A BEGIN asked for, on its own: the first statement cannot travel with it. */
  async #sendPendingBegin(): Promise<void> {
    const begin = this.beginPending;
    if (!begin) return;
    this.beginPending = null;
    await this.inner.executeQuery(CompiledQuery.raw(begin));
  }
}

/** `dialect` with its BEGINs sent with the next statement (above). */
export const beginWithNext = (dialect: Dialect): Dialect => new BeginWithNextDialect(dialect);
