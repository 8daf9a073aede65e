import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

/** A connection that wraps the engine's own, which the driver hands back to the engine. */
export interface WrappingConnection extends DatabaseConnection {
  readonly inner: DatabaseConnection;
}

/**
 * A dialect that is another one with every connection wrapped (explain-slow.ts, tracing-dialect.ts): the adapter,
 * compiler and introspector are the inner dialect's; the driver hands out `wrap(connection)` and gives the inner
 * connection back to the inner driver for transactions and release.
 */
export abstract class WrappingDialect<C extends WrappingConnection> implements Dialect {
  constructor(private readonly inner: Dialect) {}

  /** The connection the driver hands out for `connection`, one of the inner driver's. */
  protected abstract wrap(connection: DatabaseConnection): C;

  /** Told when a transaction begins (true) or ends (false) on a wrapped connection. */
  protected inTransaction(_connection: C, _open: boolean): void {}

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
    const driver = this.inner.createDriver();
    const unwrap = (connection: DatabaseConnection) => (connection as C).inner;
    return {
      init: () => driver.init(),
      acquireConnection: async () => this.wrap(await driver.acquireConnection()),
      beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
        await driver.beginTransaction(unwrap(connection), settings);
        this.inTransaction(connection as C, true);
      },
      commitTransaction: async (connection: DatabaseConnection) => {
        this.inTransaction(connection as C, false);
        await driver.commitTransaction(unwrap(connection));
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        this.inTransaction(connection as C, false);
        await driver.rollbackTransaction(unwrap(connection));
      },
      releaseConnection: (connection: DatabaseConnection) => driver.releaseConnection(unwrap(connection)),
      destroy: () => driver.destroy(),
    };
  }
}
