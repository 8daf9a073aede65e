import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex';
import { currentPriority, noteConnectionHeld, type WorkPriority } from './work-priority';
import type { BatchStep, PGliteEngine } from './pglite-worker-client';

/**
 * Marks a statement whose result nobody reads and whose effect only later statements of the same transaction see
 * (the tenant setting, ADR 0060; a batch's writes, ADR 0116): inside a transaction on the worker engine it is sent
 * together with the statement after it (or the COMMIT) instead of on its own, and answers no rows; should it fail,
 * that later statement fails with its error and the transaction rolls back. Anywhere else it runs as written (the
 * comment is just a comment).
 */
export const SENT_WITH_NEXT = '/* sent with the next statement */ ';

/**
 * Marks a statement whose best plan does not depend on its parameter values (a read by key, the data version): on
 * the worker engine its plan is made once and kept (a generic plan, ADR 0132) while every other statement is
 * planned for its values (ADR 0127). Put it at the front of a `sql` template, or `.modifyFront(sql.raw(GENERIC_PLAN))`
 * on a select. A search, a date range or a page whose plan follows its values must not carry it. On a PostgreSQL
 * server a marked statement is prepared by name, once per connection (ADR 0142, postgres-client-tuning.ts); on the
 * in-process engine it is just a comment.
 */
export const GENERIC_PLAN = '/* generic plan */ ';

/**
 * Marks a transaction's last statement (ADR 0212): on a PostgreSQL server its COMMIT is sent right behind it, without
 * waiting for its answer, and the transaction's own commit then sends nothing; a statement after it is refused.
 * Only for a statement after which the caller runs no code that may fail. On the embedded engine it is a comment.
 */
export const COMMITS_AFTER = '/* the transaction commits after this statement */ ';

/**
 * Marks a lone statement that only reads (the session principal, ADR 0199): on the worker engine it runs in a
 * read-only transaction of its own (its COMMIT deferred as a read-only transaction's is, ADR 0178), so the engine
 * refuses it any write and it does not count as one (`PGliteEngine.writesSent`). Inside a transaction, and on a
 * PostgreSQL server, it is just a comment. Put it at the very front.
 */
export const READS_ONLY = '/* reads only */ ';

/**
 * Marks a lone statement that writes only rows no kept answer reads (the rate-limit counters' exchange, ADR 0199): on
 * the worker engine it does not count as a write sent (`PGliteEngine.writesSent`), so the kept session principals
 * outlive it. The engine cannot check this: only a statement on a table without triggers that no principal, version
 * or kept part reads may carry it (kept-principals.test.ts lists them). Anywhere else it is just a comment.
 */
export const WRITES_NOTHING_KEPT = '/* writes nothing kept */ ';

const queryResult = <R>(result: { rows: unknown[]; affectedRows?: number } | undefined): QueryResult<R> => {
  const rows = (result?.rows ?? []) as R[];
  const affected = result?.affectedRows;
  return affected === undefined ? { rows } : { rows, numAffectedRows: BigInt(affected) };
};

/** A statement that only reads, which a split transaction may send in a turn of its own (ADR 0216). */
const READ = /^\s*(?:\/\*[^*]*\*\/\s*)*(select|with|values)\b/i;

/** A statement as the engine takes it: the extended protocol takes one statement; a script needs the simple one. */
const stepOf = (compiled: CompiledQuery): BatchStep =>
  compiled.parameters.length === 0
    ? { op: 'exec', sql: compiled.sql }
    : { op: 'query', sql: compiled.sql, params: [...compiled.parameters] };

/**
 * The COMMIT of a read-only transaction not sent yet (ADR 0178): it goes first in the next holder's first message, or
 * alone when the connection is handed on with nobody waiting for it.
 */
class DeferredCommit {
  #pending = false;
  /** The transaction it ends while that one may still send (a read between its statements, ADR 0216). */
  #owner: object | null = null;

  constructor(private readonly pglite: PGliteEngine) {}

  defer(owner: object | null = null): void {
    this.#pending = true;
    this.#owner = owner;
  }

  /** The steps to send before a holder's own: the deferred COMMIT, once. */
  take(): BatchStep[] {
    if (!this.#pending) return [];
    this.#pending = false;
    this.#owner = null;
    return [{ op: 'exec', sql: 'commit' }];
  }

  /** Whether `owner`'s transaction is still open because nobody sent since its last statement; it goes on. */
  resume(owner: object): boolean {
    if (!this.#pending || this.#owner !== owner) return false;
    this.#pending = false;
    this.#owner = null;
    return true;
  }

  /** `owner` ended: whether its COMMIT is still pending (now anyone's to send). */
  disown(owner: object): boolean {
    if (!this.#pending || this.#owner !== owner) return false;
    this.#owner = null;
    return true;
  }

  /**
   * Sends the deferred COMMIT on its own. A read-only transaction's COMMIT changes nothing and cannot fail as a
   * write's can, so nobody waits for its answer; an engine lost meanwhile fails the next statement instead.
   */
  flush(): Promise<void> {
    const steps = this.take();
    return steps.length
      ? this.pglite.batch!(steps, true).then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
  }
}

/**
 * A holder's turn at the one connection (ADR 0202): taken when it first sends (`take`, once), given back on release;
 * a holder that sends nothing never waits for it.
 */
interface Turn {
  take(): Promise<void>;
  /** `keepOpen`: the holder's read-only transaction may send again, so its deferred COMMIT is not flushed. */
  giveBack(keepOpen?: boolean): void;
}

/** The single connection, as one holder has it from acquire to release. */
class PGliteConnection implements DatabaseConnection {
  /** BEGIN and SENT_WITH_NEXT statements not sent yet: they go with the transaction's next statement. */
  #unsent: BatchStep[] = [];
  #inTransaction = false;
  #readOnly = false;
  #given = false;
  /**
   * A request's read-only transaction (ADR 0216): each statement takes a turn of its own and hands the connection on
   * once sent; `#preamble` (BEGIN and the settings) starts it again when another holder sent in between.
   */
  #split = false;
  #preamble: BatchStep[] = [];

  constructor(
    private readonly pglite: PGliteEngine,
    private turn: Turn,
    private readonly deferredCommit: DeferredCommit,
    private readonly newTurn: (() => Turn) | null,
    private readonly settle: (owner: object) => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // The extended protocol (query) takes one statement; parameterless SQL such as a migration script may
    // hold several, which only the simple protocol (exec) accepts. Parameterless SQL carries no input.
    const step = stepOf(compiled);
    if (!this.pglite.batch) {
      await this.turn.take();
      return queryResult(
        step.op === 'exec' ? (await this.pglite.exec(step.sql)).at(-1) : await this.pglite.query(step.sql, step.params),
      );
    }
    if (this.#given) {
      throw new Error('Statements that must run together on the embedded database go in one transaction (ADR 0060)');
    }
    if (this.#inTransaction && step.sql.startsWith(SENT_WITH_NEXT)) {
      this.#unsent.push(step);
      if (this.#split) this.#preamble.push(step);
      return { rows: [] };
    }
    if (this.#split) return this.#sendInTurn(step);
    await this.turn.take();
    if (!this.#inTransaction && step.sql.startsWith(READS_ONLY)) return this.#readAlone(step);
    const answer = this.#send(step, !this.#inTransaction && step.sql.startsWith(WRITES_NOTHING_KEPT));
    // A lone statement: the worker runs it before anything the next holder sends, so they need not wait for it.
    if (!this.#inTransaction) this.release();
    return queryResult(await answer);
  }

  async begin(statement: string): Promise<void> {
    if (!this.pglite.batch) {
      await this.turn.take();
      await this.pglite.exec(statement);
      return;
    }
    this.#unsent.push({ op: 'exec', sql: statement });
    this.#inTransaction = true;
    this.#readOnly = statement.includes('read only');
    this.#split = this.newTurn !== null && statement === 'begin read only';
    if (this.#split) this.#preamble = [...this.#unsent];
  }

  async end(statement: 'commit' | 'rollback'): Promise<void> {
    if (!this.pglite.batch) {
      await this.turn.take();
      await this.pglite.exec(statement);
      return;
    }
    // Kysely rolls back after a failed COMMIT, when the transaction is already over (PostgreSQL ended it): the
    // connection may be someone else's by then, so nothing is sent.
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    if (this.#split) {
      // Statements waiting after its last read (SENT_WITH_NEXT) go with its COMMIT, as in any transaction, so that
      // their error is the COMMIT's; one that sent no read sends nothing (ADR 0180).
      if (statement === 'commit' && this.#unsent.length > 0 && !this.#unsent[0]!.sql.startsWith('begin')) {
        await this.#sendInTurn({ op: 'exec', sql: 'commit' });
        this.release();
        return;
      }
      // Each read's COMMIT was deferred as it went (a failed one's ends its aborted transaction the same way).
      this.#unsent = [];
      this.#preamble = [];
      this.settle(this);
      return;
    }
    if (statement === 'rollback' && this.#unsent[0]?.sql.startsWith('begin')) {
      this.#unsent = []; // BEGIN was never sent: there is nothing to roll back
      return;
    }
    // A read-only transaction that ran no statement (every part of its answer was kept, ADR 0180): BEGIN was never
    // sent, and what waits with it (the tenant setting) has no effect past the transaction, so nothing is sent.
    if (statement === 'commit' && this.#readOnly && this.#unsent[0]?.sql.startsWith('begin')) {
      this.#unsent = [];
      this.release();
      return;
    }
    if (statement === 'rollback') this.#unsent = [];
    // A read-only transaction that ran its statements ends with the next holder's first message (ADR 0178): its
    // COMMIT has nothing to make durable and no answer to wait for, so it need not cost a message of its own.
    if (statement === 'commit' && this.#readOnly && this.#unsent.length === 0) {
      this.deferredCommit.defer();
      this.release();
      return;
    }
    await this.turn.take();
    const answer = this.#send({ op: 'exec', sql: statement });
    // The transaction ends with this statement whatever its answer, and the worker runs it before anything the
    // next holder sends: hand the connection on now rather than after the answer's trip back.
    this.release();
    await answer;
  }

  /** Gives the connection to the next holder (once). */
  release(): void {
    this.#given = true;
    this.turn.giveBack();
  }

  /**
   * A READS_ONLY statement: BEGIN READ ONLY and the statement in one message, its COMMIT deferred (ADR 0178), the
   * connection handed on once it is sent, as a lone statement's is.
   */
  async #readAlone<R>(step: BatchStep): Promise<QueryResult<R>> {
    this.#readOnly = true;
    const answer = this.pglite.batch!(
      [...this.deferredCommit.take(), { op: 'exec', sql: 'begin read only' }, step],
      true,
    );
    this.deferredCommit.defer();
    this.release();
    return queryResult(await answer);
  }

  /**
   * A statement of a split read-only transaction (ADR 0216): in a turn of its own, after what waits; the transaction
   * goes on if nobody sent since its last statement, else it begins again with the preamble. The connection is handed
   * on once the message is sent, its COMMIT deferred as a read-only transaction's is (ADR 0178).
   */
  async #sendInTurn<R>(step: BatchStep): Promise<QueryResult<R>> {
    const turn = this.newTurn!();
    await turn.take();
    const steps = this.deferredCommit.resume(this)
      ? [...this.#unsent, step]
      : [...this.deferredCommit.take(), ...this.#preamble, step];
    this.#unsent = [];
    const answer = this.pglite.batch!(steps, true);
    if (READ.test(step.sql)) {
      this.deferredCommit.defer(this);
      turn.giveBack(true);
    } else {
      // Anything but a read (a savepoint) leaves state a new start would not have: the turn is kept to the end.
      this.#split = false;
      this.turn = turn;
    }
    return queryResult(await answer);
  }

  /**
   * The steps waiting and this one, in one message (the turn taken): a write sent (ADR 0199) unless inside a read-only
   * transaction or `writesNothingKept`.
   */
  #send(step: BatchStep, writesNothingKept = false) {
    const steps = [...this.deferredCommit.take(), ...this.#unsent, step];
    this.#unsent = [];
    return this.pglite.batch!(steps, this.#readOnly || writesNothingKept);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

/**
 * PGlite has a single connection. The driver hands it out to one holder at a time: a mutex is taken on
 * acquire and given back on release, so a transaction keeps the connection from BEGIN to COMMIT and no other
 * request's statements can interleave with it. On the worker engine (ADR 0060) a transaction's BEGIN and tenant
 * setting travel with its first statement, and the connection is handed on as soon as COMMIT (or a statement
 * outside a transaction) is sent: the worker runs requests in the order they arrive, so what the next holder sends
 * runs after it, and the worker no longer idles while the answer travels back to a busy request thread. A request's
 * read-only transaction hands it on as each of its reads is sent (ADR 0216).
 *
 * The hand-over serves interactive holders first (ADR 0119): work running `inBackground` (an export's pages, a job)
 * waits while requests queue, up to the mutex's bound, so a dashboard statement waits for at most the one background
 * statement or transaction already holding the connection rather than a queue of them.
 */
class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #deferredCommit: DeferredCommit;

  constructor(
    private readonly pglite: PGliteEngine,
    private readonly onDestroyed: () => void,
  ) {
    this.#deferredCommit = new DeferredCommit(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  /**
   * A connection whose turn is taken at its first send (ADR 0202): a read-only transaction answered wholly from kept
   * parts sends nothing, so it waits for no one, not even a background page read holding the connection.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    const priority = currentPriority();
    const newTurn = () => this.#turn(priority);
    return new PGliteConnection(
      this.pglite,
      newTurn(),
      this.#deferredCommit,
      priority === 'interactive' ? newTurn : null,
      (owner) => {
        // A split transaction ended (ADR 0216): its pending COMMIT, if nobody waits to carry it, goes now.
        if (this.#deferredCommit.disown(owner) && this.#mutex.waiting.interactive === 0)
          void this.#deferredCommit.flush();
      },
    );
  }

  /** One turn at the mutex, taken at the holder's first send (ADR 0202) and given back once. */
  #turn(priority: WorkPriority): Turn {
    let granted: Promise<void> | null = null;
    let giveBack: (() => void) | null = null;
    let grantedAt = 0;
    let given = false;
    const handOn = (keepOpen: boolean) => {
      // The hold is noted where it ends (the holder's async context), so background work learns what it cost (ADR 0150).
      noteConnectionHeld(performance.now() - grantedAt);
      // Nobody to carry a deferred COMMIT: it goes now, before anyone who asks later can send.
      if (!keepOpen && this.#mutex.waiting.interactive === 0) void this.#deferredCommit.flush();
      giveBack!();
    };
    return {
      take: () =>
        (granted ??= this.#mutex.acquire(priority).then((release) => {
          giveBack = release;
          grantedAt = performance.now();
        })),
      giveBack: (keepOpen = false) => {
        if (given || !granted) return;
        given = true;
        if (giveBack) handOn(keepOpen);
        else void granted.then(() => handOn(keepOpen));
      },
    };
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const mode = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
      .filter(Boolean)
      .join(' ');
    await (connection as PGliteConnection).begin(mode ? `begin ${mode}` : 'begin');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    const release = await this.#mutex.acquire(currentPriority());
    try {
      if (!this.pglite.closed) {
        await this.#deferredCommit.flush();
        await this.pglite.close();
      }
    } finally {
      this.onDestroyed();
      release();
    }
  }
}

export class PGliteDialect implements Dialect {
  /** `onDestroyed` runs once the engine is closed (the data-folder lock is released there). */
  constructor(
    private readonly pglite: PGliteEngine,
    private readonly onDestroyed: () => void = () => {},
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.onDestroyed);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
