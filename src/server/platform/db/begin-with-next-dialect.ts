import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { COMMITS_AFTER, SENT_WITH_NEXT } from './pglite-dialect';
import { WrappingDialect, type WrappingConnection } from './wrapping-dialect';

/**
 * PostgreSQL (ADR 0134, 0212), over a pool whose clients pipeline (open-database.ts): a plain BEGIN waits for the
 * transaction's first statement. A parameterless SENT_WITH_NEXT first statement (the tenant setting every tenant
 * transaction opens with, with-tenant.ts) joins it as `begin; <statement>` in the simple protocol, and that waits in
 * turn for the next statement, written right behind it without waiting for its answer: one round trip for the three.
 * Should BEGIN or the setting fail, the statement fails too (the transaction is aborted) and the first error is
 * thrown, leaving the transaction for the caller's ROLLBACK as before. A statement marked COMMITS_AFTER has its
 * COMMIT written behind it; a read-only transaction's COMMIT is not waited for. A transaction that ran nothing sends
 * no BEGIN and no COMMIT or ROLLBACK; a BEGIN with an isolation level is sent at once.
 */
export class BeginWithNextDialect extends WrappingDialect<BeginWithNextConnection> {
  constructor(
    inner: Dialect,
    private readonly onLateFailure: (error: Error) => void,
  ) {
    super(inner);
  }

  protected wrap(connection: DatabaseConnection): BeginWithNextConnection {
    return new BeginWithNextConnection(connection);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    return {
      ...driver,
      beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
        const own = connection as BeginWithNextConnection;
        own.committed = false;
        own.hasSavepoint = false;
        own.inTransaction = true;
        own.readOnly = settings.accessMode === 'read only';
        if (settings.isolationLevel) return driver.beginTransaction(connection, settings);
        own.beginPending = settings.accessMode ? `begin ${settings.accessMode}` : 'begin';
      },
      commitTransaction: async (connection: DatabaseConnection) => {
        const own = connection as BeginWithNextConnection;
        own.inTransaction = false;
        if (own.committed) own.committed = false;
        else if (own.beginPending) own.beginPending = null;
        // BEGIN and its setting, nothing after them: sent with the COMMIT, so a failing setting still fails.
        else if (own.heldPrefix) await own.sendHeldWithCommit();
        // A read-only transaction has nothing to keep: its COMMIT goes without waiting for the answer, and the
        // connection's next statements queue behind it on the wire (the pool's clients pipeline).
        else if (own.readOnly) void driver.commitTransaction(connection).catch(this.onLateFailure);
        else await driver.commitTransaction(connection);
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        const own = connection as BeginWithNextConnection;
        own.inTransaction = false;
        own.committed = false;
        if (own.beginPending || own.heldPrefix) own.beginPending = own.heldPrefix = null;
        else await driver.rollbackTransaction(connection);
      },
    };
  }
}

/** Whether a statement may travel after BEGIN in one simple-protocol request: no parameters, no answer read. */
const travelsWithBegin = (compiled: CompiledQuery) =>
  compiled.parameters.length === 0 && compiled.sql.startsWith(SENT_WITH_NEXT);

/** A statement that sets a savepoint, after the marks at its front. */
const SAVEPOINT = /^\s*(\/\*.*?\*\/\s*)*savepoint\b/is;

/** Waits for statements sent one behind the other; throws the first failure among them, in order. */
async function inOrder(sent: Promise<QueryResult<unknown>>[]): Promise<void> {
  const failed = (await Promise.allSettled(sent)).find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

class BeginWithNextConnection implements WrappingConnection {
  /** A BEGIN asked for and not sent yet (with its access mode). */
  beginPending: string | null = null;
  /** BEGIN and the statements sent with it, not sent yet: they go right before the next statement. */
  heldPrefix: string | null = null;
  /** The open transaction has set a savepoint: its statements run in parts of it. */
  hasSavepoint = false;
  /** A transaction is open on this connection, and whether it is read-only. */
  inTransaction = false;
  readOnly = false;
  /** The transaction's COMMIT went with its last statement (COMMITS_AFTER). */
  committed = false;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.committed) throw new Error('A statement after the transaction committed with its last statement');
    if (this.beginPending && travelsWithBegin(compiled)) {
      this.heldPrefix = `${this.beginPending}; ${compiled.sql}`;
      this.beginPending = null;
      return { rows: [] };
    }
    if (SAVEPOINT.test(compiled.sql)) this.hasSavepoint = true;
    const prefix = this.#takePrefix();
    // Inside a savepoint the statement ends a part, not the transaction (a request's one transaction, ADR 0091).
    const commits = compiled.sql.startsWith(COMMITS_AFTER) && this.inTransaction && !this.hasSavepoint;
    const sent: Promise<QueryResult<unknown>>[] = [];
    if (prefix) sent.push(this.inner.executeQuery(CompiledQuery.raw(prefix)));
    const answer = this.inner.executeQuery<R>(compiled);
    sent.push(answer);
    if (commits) sent.push(this.inner.executeQuery(CompiledQuery.raw('commit')));
    if (sent.length === 1) return answer;
    if (commits) this.committed = true;
    await inOrder(sent);
    return answer;
  }

  /** The held BEGIN and what travels with it, then COMMIT, one behind the other. */
  async sendHeldWithCommit(): Promise<void> {
    const prefix = this.#takePrefix()!;
    await inOrder([
      this.inner.executeQuery(CompiledQuery.raw(prefix)),
      this.inner.executeQuery(CompiledQuery.raw('commit')),
    ]);
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const prefix = this.#takePrefix();
    if (prefix) await this.inner.executeQuery(CompiledQuery.raw(prefix));
    yield* this.inner.streamQuery<R>(compiled, chunkSize);
  }

  /** The BEGIN (and what travels with it) not sent yet, taken to go now. */
  #takePrefix(): string | null {
    const prefix = this.heldPrefix ?? this.beginPending;
    this.heldPrefix = null;
    this.beginPending = null;
    return prefix;
  }
}

/** `dialect` with its BEGINs sent with the next statement (above). */
export const beginWithNext = (dialect: Dialect, onLateFailure: (error: Error) => void): Dialect =>
  new BeginWithNextDialect(dialect, onLateFailure);
