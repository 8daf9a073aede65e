import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { Mutex } from '../db/mutex';
import { SENT_WITH_NEXT } from '../db/pglite-dialect';

const ROLLBACK = Symbol('rollback');

/**
 * The one transaction of a write that came with an Idempotency-Key (ADR 0091): every tenant or system transaction the
 * request opens joins it (each with its own role and tenant setting, one at a time), and it is committed only once the
 * answer is known, together with the stored answer. So the operation's changes and its stored answer are committed
 * together or not at all: a retry after a lost answer finds it, and a failed commit leaves nothing to find.
 *
 * Until a part writes, the transaction is given back after each part (committing reads changes nothing), so a
 * handler that reads, then works without the database (parsing an upload), then writes does not hold the embedded
 * database's one connection meanwhile; `onBegin` runs again at each begin (taking the key again).
 */
export class RequestTransaction {
  #trx: Promise<Db> | null = null;
  #done: Promise<unknown> | null = null;
  #settle: (commit: boolean) => void = () => {};
  #closed = false;
  #afterCommit: (() => void)[] = [];
  readonly #turns = new Mutex();

  constructor(
    readonly db: Db,
    private readonly onBegin: (trx: Db) => Promise<unknown> = async () => {},
  ) {}

  /** Whether later transactions of the request still join this one (false once committed or rolled back). */
  get open(): boolean {
    return !this.#closed;
  }

  async #begin(): Promise<Db> {
    if (this.#trx) return this.#trx;
    this.#trx = new Promise<Db>((resolve, reject) => {
      const outcome = new Promise<boolean>((settle) => (this.#settle = settle));
      this.#done = this.db.transaction().execute(async (trx) => {
        resolve(trx);
        if (!(await outcome)) throw ROLLBACK;
      });
      this.#done.catch(reject);
    });
    const trx = await this.#trx;
    try {
      await this.onBegin(trx);
    } catch (error) {
      await this.#end(false).catch(() => {});
      throw error;
    }
    return trx;
  }

  /** Commits or rolls back what is begun; the next part begins anew. */
  async #end(commit: boolean): Promise<void> {
    const done = this.#done;
    this.#trx = null;
    this.#done = null;
    if (!done) return;
    this.#settle(commit);
    if (commit) await done;
    else await done.catch(() => {});
  }

  /**
   * Runs `fn` in the transaction (begun on first use), after the statement that sets its role and tenant, in a
   * savepoint: a part that fails is undone as its own transaction would have been, and the request may go on.
   * A read-only part (the provider reading another account) is refused every write as its own read-only
   * transaction would be; its savepoint is then rolled back, which also ends the read-only setting for later parts.
   */
  async run<T>(
    setUp: (trx: Db) => Promise<unknown>,
    fn: (trx: Db) => Promise<T>,
    options: { readOnly?: boolean } = {},
  ): Promise<T> {
    if (this.#closed) throw new Error('The request transaction has ended');
    const release = await this.#turns.acquire();
    try {
      const trx = await this.#begin();
      await sql.raw(`${SENT_WITH_NEXT}SAVEPOINT request_part`).execute(trx);
      await setUp(trx);
      if (options.readOnly) await sql.raw(`${SENT_WITH_NEXT}SET LOCAL transaction_read_only = on`).execute(trx);
      let value: T;
      try {
        value = await fn(trx);
      } catch (error) {
        await sql
          .raw('ROLLBACK TO SAVEPOINT request_part')
          .execute(trx)
          .catch(() => {});
        throw error;
      }
      if (options.readOnly) await sql.raw(`${SENT_WITH_NEXT}ROLLBACK TO SAVEPOINT request_part`).execute(trx);
      await sql.raw(`${SENT_WITH_NEXT}RELEASE SAVEPOINT request_part`).execute(trx);
      const { rows } = await sql<{ idle: boolean }>`SELECT txid_current_if_assigned() IS NULL AS idle`.execute(trx);
      if (rows[0]?.idle) await this.#end(true);
      return value;
    } finally {
      release();
    }
  }

  /** Work that must see the committed changes (a job sweep): after the commit, or never on a rollback. */
  afterCommit(fn: () => void): void {
    this.#afterCommit.push(fn);
  }

  /** Runs `last` (storing the answer) in the transaction, then commits; throws when either fails. */
  async commit(last: (trx: Db) => Promise<void>, setUp: (trx: Db) => Promise<unknown>): Promise<void> {
    if (this.#closed) throw new Error('The request transaction has ended');
    const release = await this.#turns.acquire();
    try {
      const trx = await this.#begin();
      await setUp(trx);
      await last(trx);
    } catch (error) {
      release();
      await this.rollback();
      throw error;
    }
    this.#closed = true;
    try {
      await this.#end(true);
    } finally {
      release();
    }
    for (const fn of this.#afterCommit.splice(0)) fn();
  }

  /** Rolls back what the request wrote (nothing when it opened no transaction). */
  async rollback(): Promise<void> {
    this.#closed = true;
    this.#afterCommit = [];
    await this.#end(false);
  }
}

const current = new AsyncLocalStorage<RequestTransaction>();

/** Runs `fn` with `transaction` as the one every transaction it opens (on the same database) joins. */
export const withinRequestTransaction = <T>(transaction: RequestTransaction, fn: () => Promise<T>): Promise<T> =>
  current.run(transaction, fn);

/** The open request transaction the current code runs in, for `db`; null outside one. */
export function openRequestTransaction(db: Db): RequestTransaction | null {
  const found = current.getStore();
  return found && found.open && found.db === db ? found : null;
}

/**
 * Runs `fn` now, or after the commit of the request transaction the caller runs in: a sweep kicked by a write must
 * see its changes, and must never join its transaction.
 */
export function afterRequestCommit(fn: () => void): void {
  const found = current.getStore();
  if (found?.open) found.afterCommit(() => current.exit(fn));
  else current.exit(fn);
}
