import { Kysely, sql } from 'kysely';
import { PGliteDialect, SENT_WITH_NEXT } from './pglite-dialect';
import { PGliteWorker } from './pglite-worker-client';

interface Row {
  id: number;
  body: Uint8Array;
  doc: { a: number; b: string[] };
  tags: string[];
  at: Date;
  n: number;
}
interface TestDb {
  items: Row;
}

describe('the embedded database in a worker thread (ADR 0054)', () => {
  let engine: PGliteWorker;
  let db: Kysely<TestDb>;

  beforeAll(async () => {
    engine = await PGliteWorker.create({ dataDir: 'memory://' });
    db = new Kysely<TestDb>({ dialect: new PGliteDialect(engine) });
    await sql`create table items (id int primary key, body bytea, doc jsonb, tags text[], at timestamptz,
      n bigint, constraint n_positive check (n > 0))`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('sends parameters and returns rows of every type', async () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    await db
      .insertInto('items')
      .values({ id: 1, body: Buffer.from([0, 1, 255]), doc: { a: 1, b: ['x'] }, tags: ['p', 'q'], at, n: 7 })
      .execute();
    const row = await db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(Array.from(row.body)).toEqual([0, 1, 255]);
    expect(row.doc).toEqual({ a: 1, b: ['x'] });
    expect(row.tags).toEqual(['p', 'q']);
    expect(row.at).toEqual(at);
    expect(row.n).toBe(7);
    const updated = await db.updateTable('items').set({ n: 8 }).where('id', '=', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it('keeps PostgreSQL error fields', async () => {
    const duplicate = db
      .insertInto('items')
      .values({ id: 1, body: Buffer.from([]), doc: { a: 0, b: [] }, tags: [], at: new Date(), n: 1 })
      .execute();
    await expect(duplicate).rejects.toMatchObject({
      code: '23505',
      constraint: 'items_pkey',
      detail: 'Key (id)=(1) already exists.',
      table: 'items',
    });
    await expect(duplicate).rejects.toBeInstanceOf(Error);
    await expect(sql`update items set n = -1`.execute(db)).rejects.toMatchObject({
      code: '23514',
      constraint: 'n_positive',
    });
  });

  it("answers an engine error with the caller's frames, kept unformatted until read (ADR 0121)", async () => {
    async function aCallerNamedForTheTrace() {
      await sql`update items set n = -2`.execute(db);
    }
    const error = (await aCallerNamedForTheTrace().catch((e: unknown) => e)) as Error;
    expect(error.stack).toMatch(/^error: new row for relation "items" violates check constraint "n_positive"/);
    expect(error.stack).toContain('aCallerNamedForTheTrace');
  });

  it('runs several statements in one parameterless script', async () => {
    const result = await sql.raw<{ x: number }>('select 1; select 2 as x').execute(db);
    expect(result.rows).toEqual([{ x: 2 }]);
  });

  it('serialises concurrent transactions and isolates them', async () => {
    const seen: string[] = [];
    const tx = (name: string, id: number) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into items (id, n) values (${id}, 1)`.execute(trx);
        // A transaction holds the connection from its first statement (ADR 0202), so it is marked there.
        seen.push(`${name} inserted`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        const count = await sql<{ c: number }>`select count(*)::int as c from items where id >= 100`.execute(trx);
        seen.push(`${name} sees ${count.rows[0]!.c}`);
      });
    const outside = sql<{ c: number }>`select count(*)::int as c from items where id >= 100`.execute(db);
    await Promise.all([tx('a', 100), tx('b', 101), outside]);
    expect(seen).toEqual(['a inserted', 'a sees 1', 'b inserted', 'b sees 2']);
    expect((await outside).rows[0]!.c).toBe(0);
  });

  it('rolls a failed transaction back and goes on serving', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into items (id, n) values (200, 1)`.execute(trx);
        await sql`insert into items (id, n) values (200, 1)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const left = await sql<{ c: number }>`select count(*)::int as c from items where id = 200`.execute(db);
    expect(left.rows[0]!.c).toBe(0);
  });

  // ADR 0217: a deferred COMMIT, BEGIN and the settings sent with the next statement go to the engine as one message.
  describe("a batch's framing steps", () => {
    const next = (sqlText: string) => ({ op: 'exec' as const, sql: `${SENT_WITH_NEXT}${sqlText}` });
    const stamp = (name: string) => next(`select set_config('app.${name}', statement_timestamp()::text, true)`);

    // A statement sent for the first time; once kept, it goes in the same message as its framing (ADR 0224,
    // pglite-statements.test.ts), each part then its own Execute with its own statement_timestamp().
    it('run as one message: COMMIT, BEGIN and the settings, then a statement not yet kept on its own', async () => {
      await engine.exec('begin read only');
      const answer = await engine.batch([
        { op: 'exec', sql: 'commit' },
        { op: 'exec', sql: 'begin read only' },
        // The engine's clock counts whole milliseconds: a pause after each stamp keeps two messages apart.
        stamp('a'),
        next('select pg_sleep(0.005)'),
        stamp('b'),
        next('select pg_sleep(0.005)'),
        {
          op: 'query',
          sql: "select current_setting('app.a') = current_setting('app.b') as together, current_setting('app.a') = statement_timestamp()::text as with_statement where $1",
          params: [true],
        },
      ]);
      // statement_timestamp() is when the engine received the message that holds the statement.
      expect(answer.rows).toEqual([{ together: true, with_statement: false }]);
      await engine.exec('commit');
    });

    it('end a part in a line comment without swallowing the next, the statement new or kept', async () => {
      for (const round of ['new', 'kept']) {
        const answer = await engine.batch([
          { op: 'exec', sql: 'begin' },
          next(`select set_config('app.first', '${round}', true) -- a note`),
          next("select set_config('app.second', 'two', true)"),
          {
            op: 'query',
            sql: "select current_setting('app.first') || current_setting('app.second') as both where $1",
            params: [true],
          },
        ]);
        expect(answer.rows).toEqual([{ both: `${round}two` }]);
        await engine.exec('commit');
      }
    });

    it('that fail before a COMMIT of the same batch roll the transaction back', async () => {
      await expect(
        engine.batch([
          { op: 'exec', sql: 'begin' },
          next('insert into items (id, n) values (6060, 1)'),
          next('insert into items (id, n) values (6061, 0)'),
          { op: 'exec', sql: 'commit' },
        ]),
      ).rejects.toMatchObject({ code: '23514' });
      // Out of any transaction, and nothing of it kept.
      await engine.exec('savepoint probe').then(
        () => {
          throw new Error('still in a transaction');
        },
        () => undefined,
      );
      expect((await engine.query('select id from items where id >= $1', [6060])).rows).toEqual([]);
    });
  });

  it('fails every statement loudly once the thread is gone, and closes cleanly', async () => {
    const lost: Error[] = [];
    const other = await PGliteWorker.create({ dataDir: 'memory://' }, (error) => lost.push(error));
    const otherDb = new Kysely<TestDb>({ dialect: new PGliteDialect(other) });
    const slow = sql`select pg_sleep(0.2)`.execute(otherDb);
    // A crash: the thread ends under a pending statement.
    await other.killThread();
    await expect(slow).rejects.toMatchObject({ code: '57P01' });
    await expect(sql`select 1`.execute(otherDb)).rejects.toMatchObject({ code: '57P01' });
    expect(lost).toHaveLength(1);
    await otherDb.destroy();
    expect(other.closed).toBe(true);
  });
});
