/**
 * ADR 0134, 0212: on PostgreSQL a transaction's BEGIN travels with its parameterless SENT_WITH_NEXT first statement,
 * both written right before the next statement, and a COMMITS_AFTER statement's COMMIT right behind it.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgresTestDb, type PostgresTestDb } from '../../testing/postgres-test-db';
import { withTenant } from '../tenancy/with-tenant';
import { COMMITS_AFTER, SENT_WITH_NEXT } from './pglite-dialect';
import type { Db } from './schema';

type Watched = NodeJS.WritableStream & NodeJS.EventEmitter & { watched?: boolean };

let cluster: PostgresTestDb;
let db: Db;
const sent: string[] = [];
/** What crossed each client's socket, in order: 'w' a write, 'r' an answer read (runs of one kind collapsed). */
const wire: string[] = [];

const note = (kind: 'w' | 'r') => {
  if (wire[wire.length - 1] !== kind) wire.push(kind);
};

beforeAll(async () => {
  cluster = await openPostgresTestDb('begin');
  db = cluster.db;
  await sql`CREATE ROLE voxscreen_app`.execute(db);
  await sql`CREATE TABLE begin_probe (n int)`.execute(db);
  await sql`GRANT SELECT, INSERT ON begin_probe TO voxscreen_app`.execute(db);
  // Every request node-postgres sends to the server: one a round trip.
  const query = pg.Client.prototype.query;
  jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    if (typeof args[0] === 'string') sent.push(args[0]);
    const stream = (this as unknown as { connection: { stream: Watched } }).connection.stream;
    if (!stream.watched) {
      stream.watched = true;
      const write = stream.write.bind(stream);
      stream.write = ((...a: unknown[]) => {
        note('w');
        return (write as (...b: unknown[]) => boolean)(...a);
      }) as typeof stream.write;
      stream.prependListener('data', () => note('r'));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
}, 120_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await cluster?.close();
});

const count = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM begin_probe`.execute(db)).rows[0]!.n);
const setting = sql.raw(`${SENT_WITH_NEXT}SELECT set_config('app.probe', 'set', true)`);

test("a tenant transaction's BEGIN and tenant setting are one round trip", async () => {
  sent.length = 0;
  const tenant = await withTenant(db, 42, async (trx) => {
    const { rows } = await sql<{ tenant: string; role: string }>`
      SELECT current_setting('app.tenant_id') AS tenant, current_user AS role`.execute(trx);
    return rows[0];
  });
  expect(tenant).toEqual({ tenant: '42', role: 'voxscreen_app' });
  expect(sent).toHaveLength(3);
  expect(sent[0]).toMatch(new RegExp(`^begin; \\/\\* sent with the next statement \\*\\/ SELECT set_config\\('role'`));
  expect(sent[2]).toBe('commit');
});

/** Round trips: each write after an answer starts one. */
const roundTrips = () =>
  wire
    .join('')
    .split('r')
    .filter((part) => part.includes('w')).length;

test('a tenant read is one round trip and its COMMIT is not waited for', async () => {
  await withTenant(db, 42, async (trx) => (await sql`SELECT 1 AS one`.execute(trx)).rows, { readOnly: true });
  wire.length = 0;
  const rows = await withTenant(db, 42, async (trx) => (await sql`SELECT ${1}::int AS one`.execute(trx)).rows, {
    readOnly: true,
  });
  expect(rows).toEqual([{ one: 1 }]);
  // BEGIN, the setting and the read in one write; the COMMIT written when the transaction ends, its answer unread.
  expect(wire.slice(0, 3)).toEqual(['w', 'r', 'w']);
  // The connection serves the next transaction, its statements behind that COMMIT.
  wire.length = 0;
  await expect(withTenant(db, 43, async (trx) => (await sql`SELECT 2 AS two`.execute(trx)).rows)).resolves.toEqual([
    { two: 2 },
  ]);
  expect(roundTrips()).toBe(2);
});

test('a write ending in a COMMITS_AFTER statement is two round trips and commits', async () => {
  const before = await count();
  wire.length = 0;
  await withTenant(db, 42, async (trx) => {
    await sql`SELECT ${1}::int AS one`.execute(trx);
    await sql`${sql.raw(COMMITS_AFTER)}INSERT INTO begin_probe VALUES (${5})`.execute(trx);
  });
  expect(roundTrips()).toBe(2);
  expect(await count()).toBe(before + 1);
});

test('inside a savepoint a COMMITS_AFTER statement commits nothing', async () => {
  const before = await count();
  await expect(
    db.transaction().execute(async (trx) => {
      await sql.raw('SAVEPOINT part').execute(trx);
      await sql`${sql.raw(COMMITS_AFTER)}INSERT INTO begin_probe VALUES (${9})`.execute(trx);
      await sql.raw('RELEASE SAVEPOINT part').execute(trx);
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(await count()).toBe(before);
});

test('a failing COMMITS_AFTER statement rolls back, and nothing runs after a committing one', async () => {
  const before = await count();
  await expect(
    withTenant(db, 42, async (trx) => {
      await sql`INSERT INTO begin_probe VALUES (${6})`.execute(trx);
      await sql`${sql.raw(COMMITS_AFTER)}INSERT INTO begin_probe VALUES (${'not a number'})`.execute(trx);
    }),
  ).rejects.toThrow(/invalid input syntax/);
  expect(await count()).toBe(before);
  await expect(
    withTenant(db, 42, async (trx) => {
      await sql`${sql.raw(COMMITS_AFTER)}INSERT INTO begin_probe VALUES (${7})`.execute(trx);
      await sql`INSERT INTO begin_probe VALUES (${8})`.execute(trx);
    }),
  ).rejects.toThrow(/after the transaction committed/);
  // The marked statement committed; the one after it never ran.
  expect(await count()).toBe(before + 1);
});

test('BEGIN sent with the setting opens a real transaction: a failure rolls both back, a commit keeps them', async () => {
  const before = await count();
  await expect(
    db.transaction().execute(async (trx) => {
      await setting.execute(trx);
      await sql`INSERT INTO begin_probe VALUES (1)`.execute(trx);
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(await count()).toBe(before);
  const seen = await db.transaction().execute(async (trx) => {
    await setting.execute(trx);
    await sql`INSERT INTO begin_probe VALUES (2)`.execute(trx);
    return (await sql<{ v: string }>`SELECT current_setting('app.probe') AS v`.execute(trx)).rows[0]!.v;
  });
  expect(seen).toBe('set');
  expect(await count()).toBe(before + 1);
  // Transaction-local: the setting ended with its transaction.
  expect((await sql<{ v: string }>`SELECT current_setting('app.probe', true) AS v`.execute(db)).rows[0]!.v).toBe('');
});

test('a first statement with parameters, or a read-only transaction, gets a BEGIN of its own', async () => {
  const before = await count();
  sent.length = 0;
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO begin_probe VALUES (${3})`.execute(trx);
  });
  expect(sent).toEqual(['begin', 'INSERT INTO begin_probe VALUES ($1)', 'commit']);
  expect(await count()).toBe(before + 1);
  await expect(
    withTenant(db, 42, (trx) => sql`INSERT INTO begin_probe VALUES (4)`.execute(trx), { readOnly: true }),
  ).rejects.toThrow(/read-only transaction/);
  expect(await count()).toBe(before + 1);
});

test('a failing setting sent with BEGIN fails its transaction, and the connection serves the next one', async () => {
  await expect(
    db.transaction().execute(async (trx) => {
      await sql.raw(`${SENT_WITH_NEXT}SELECT set_config('role', 'no_such_role', true)`).execute(trx);
    }),
  ).rejects.toThrow(/no_such_role/);
  await expect(withTenant(db, 7, async (trx) => (await sql`SELECT 1 AS one`.execute(trx)).rows)).resolves.toEqual([
    { one: 1 },
  ]);
});
