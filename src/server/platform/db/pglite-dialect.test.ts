import { Kysely, sql } from 'kysely';
import { PGliteDialect, READS_ONLY, SENT_WITH_NEXT } from './pglite-dialect';
import { PGliteWorker, type BatchStep } from './pglite-worker-client';
import { inBackground, inBackgroundHeld } from './work-priority';

// ADR 0060: on the worker engine a transaction's BEGIN and SENT_WITH_NEXT statements travel with its first
// statement, and the connection goes to the next holder as soon as COMMIT or a lone statement is sent.
let engine: PGliteWorker;
let db: Kysely<Record<string, Record<string, unknown>>>;
/** Every request the dialect sent, as the statements it held ('begin', 'commit', ...), with what happened when. */
let sent: string[][] = [];
let events: string[] = [];

beforeAll(async () => {
  engine = await PGliteWorker.create({ dataDir: 'memory://' });
  const batch = engine.batch.bind(engine);
  engine.batch = (steps: BatchStep[], readsOnly?: boolean) => {
    const n = sent.push(steps.map((step) => step.sql.replace(SENT_WITH_NEXT, 'next: ').replace(READS_ONLY, 'reads: ')));
    events.push(`sent ${n}`);
    const answer = batch(steps, readsOnly);
    answer.then(
      () => events.push(`answered ${n}`),
      () => events.push(`failed ${n}`),
    );
    return answer;
  };
  db = new Kysely({ dialect: new PGliteDialect(engine) });
  await sql`create table things (id int primary key, parent int references things (id) deferrable initially deferred)`.execute(
    db,
  );
});
beforeEach(() => {
  sent = [];
  events = [];
});
afterAll(() => db.destroy());

const setting = sql.raw(`${SENT_WITH_NEXT}select set_config('app.mark', 'x', true)`);

/** A promise the test resolves when it chooses. */
function gate(): { passed: Promise<void>; open: () => void } {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

/** Lets every statement issued so far reach the connection's turn (ADR 0202: a holder takes it at its first send). */
const issued = () => new Promise((resolve) => setImmediate(resolve));

test("BEGIN and a SENT_WITH_NEXT statement travel with the transaction's first statement", async () => {
  const seen = await db.transaction().execute(async (trx) => {
    await setting.execute(trx);
    const first = await sql<{ mark: string }>`select current_setting('app.mark') as mark where ${1} = 1`.execute(trx);
    await sql`insert into things (id) values (${1})`.execute(trx);
    return first.rows[0]!.mark;
  });
  expect(seen).toBe('x');
  expect(sent).toEqual([
    [
      'begin',
      "next: select set_config('app.mark', 'x', true)",
      "select current_setting('app.mark') as mark where $1 = 1",
    ],
    ['insert into things (id) values ($1)'],
    ['commit'],
  ]);
  const after = await sql<{ mark: string }>`select current_setting('app.mark', true) as mark`.execute(db);
  expect(after.rows[0]!.mark).toBe(''); // local to the transaction
});

test('a transaction that sent nothing sends nothing when it fails; one that did rolls back', async () => {
  await expect(
    db.transaction().execute(async (trx) => {
      await setting.execute(trx);
      throw new Error('before any statement');
    }),
  ).rejects.toThrow('before any statement');
  expect(sent).toEqual([]);

  await expect(
    db.transaction().execute(async (trx) => {
      await sql`insert into things (id) values (${2})`.execute(trx);
      await sql`insert into things (id) values (${2})`.execute(trx);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect(sent.at(-1)).toEqual(['rollback']);
  expect((await sql`select id from things where id = 2`.execute(db)).rows).toEqual([]);
});

test('a failed COMMIT is reported, nothing is rolled back after it, and the next transaction is untouched', async () => {
  const broken = db.transaction().execute(async (trx) => {
    await sql`insert into things (id, parent) values (${10}, ${999})`.execute(trx); // checked at COMMIT
  });
  const next = db.transaction().execute(async (trx) => {
    await sql`insert into things (id) values (${11})`.execute(trx);
  });
  await expect(broken).rejects.toMatchObject({ code: '23503' });
  await next;
  expect(sent.flat()).not.toContain('rollback');
  const ids = await sql<{ id: number }>`select id from things where id in (10, 11) order by id`.execute(db);
  expect(ids.rows).toEqual([{ id: 11 }]);
});

test('the next holder sends before a lone statement or a COMMIT is answered, and runs after it', async () => {
  const lone = sql`insert into things (id) values (${20})`.execute(db);
  const reader = db
    .transaction()
    .execute((trx) => sql<{ n: number }>`select count(*)::int as n from things where id = ${20}`.execute(trx));
  const [, read] = await Promise.all([lone, reader]);
  expect(read.rows[0]!.n).toBe(1);
  expect(events.indexOf('sent 2')).toBeLessThan(events.indexOf('answered 1'));

  events = [];
  sent = [];
  // The writer holds its turn from its first statement: a read issued meanwhile runs after its COMMIT.
  const inserted = gate();
  const commit = gate();
  const writer = db.transaction().execute(async (trx) => {
    await sql`insert into things (id) values (${21})`.execute(trx);
    inserted.open();
    await commit.passed;
  });
  await inserted.passed;
  const counted = sql<{ n: number }>`select count(*)::int as n from things where id = ${21}`.execute(db);
  await issued();
  commit.open();
  await writer;
  expect((await counted).rows[0]!.n).toBe(1);
  expect(sent).toEqual([
    ['begin', 'insert into things (id) values ($1)'],
    ['commit'],
    ['select count(*)::int as n from things where id = $1'],
  ]);
  expect(events.indexOf('sent 3')).toBeLessThan(events.indexOf('answered 2'));
});

test('two statements on one connection outside a transaction are refused, not interleaved', async () => {
  await expect(
    db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await sql`select 2`.execute(conn);
    }),
  ).rejects.toThrow(/in one transaction/);
});

// ADR 0116: a batch's writes whose answers nobody reads travel with the statement after them, or with the COMMIT.
const deferredInsert = (id: number) => sql`${sql.raw(SENT_WITH_NEXT)}insert into things (id) values (${id})`;

test('SENT_WITH_NEXT statements with parameters travel with the next statement and with the COMMIT', async () => {
  const counted = await db.transaction().execute(async (trx) => {
    await sql`select 1 where ${1} = 1`.execute(trx);
    expect((await deferredInsert(30).execute(trx)).rows).toEqual([]);
    const n = await sql<{ n: number }>`select count(*)::int as n from things where id = ${30}`.execute(trx);
    await deferredInsert(31).execute(trx);
    return n.rows[0]!.n;
  });
  expect(counted).toBe(1);
  expect(sent).toEqual([
    ['begin', 'select 1 where $1 = 1'],
    ['next: insert into things (id) values ($1)', 'select count(*)::int as n from things where id = $1'],
    ['next: insert into things (id) values ($1)', 'commit'],
  ]);
  const ids = await sql<{ id: number }>`select id from things where id in (30, 31) order by id`.execute(db);
  expect(ids.rows).toEqual([{ id: 30 }, { id: 31 }]);
});

test('a SENT_WITH_NEXT statement that fails fails its carrier; with the COMMIT, the transaction rolls back', async () => {
  await expect(
    db.transaction().execute(async (trx) => {
      await sql`insert into things (id) values (${40})`.execute(trx);
      await deferredInsert(40).execute(trx); // a duplicate key, reported by the COMMIT it travels with
    }),
  ).rejects.toMatchObject({ code: '23505' });
  const next = await db.transaction().execute(async (trx) => {
    await sql`insert into things (id) values (${41})`.execute(trx);
    return sql<{ id: number }>`select id from things where id in (40, 41) order by id`.execute(trx);
  });
  expect(next.rows).toEqual([{ id: 41 }]);

  await expect(
    db.transaction().execute(async (trx) => {
      await sql`insert into things (id) values (${42})`.execute(trx);
      await deferredInsert(41).execute(trx);
      await sql`insert into things (id) values (${43})`.execute(trx);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  const left = await sql<{ id: number }>`select id from things where id in (42, 43) order by id`.execute(db);
  expect(left.rows).toEqual([]);
});

// ADR 0119: the connection's hand-over serves interactive holders before background ones.
test('an interactive statement issued while background statements wait is sent before them', async () => {
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  // A background transaction holds the connection (from BEGIN to COMMIT) while the others queue.
  const holder = inBackground(() =>
    db.transaction().execute(async (trx) => {
      await sql`select ${'held'}::text`.execute(trx);
      holding();
      await gate;
    }),
  );
  await held;
  const background = [1, 2, 3].map((n) => inBackground(() => sql`select ${`background ${n}`}::text`.execute(db)));
  const interactive = db
    .transaction()
    .execute((trx) => sql`select ${'interactive'}::text as who where ${1} = 1`.execute(trx));
  await issued();
  letGo();
  await Promise.all([holder, interactive, ...background]);
  expect(sent.map((steps) => steps.at(-1))).toEqual([
    'select $1::text',
    'commit',
    'select $1::text as who where $2 = 1',
    'commit',
    'select $1::text',
    'select $1::text',
    'select $1::text',
  ]);
});

test('background work keeps its transaction whole: an interactive statement waits for its COMMIT', async () => {
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const writer = inBackground(() =>
    db.transaction().execute(async (trx) => {
      await sql`insert into things (id) values (${50})`.execute(trx);
      holding();
      await gate;
      await sql`insert into things (id) values (${51})`.execute(trx);
    }),
  );
  await held;
  const counted = sql<{ n: number }>`select count(*)::int as n from things where id in (50, 51)`.execute(db);
  letGo();
  await writer;
  expect((await counted).rows[0]!.n).toBe(2);
  expect(sent.map((steps) => steps.at(-1))).toEqual([
    'insert into things (id) values ($1)',
    'insert into things (id) values ($1)',
    'commit',
    'select count(*)::int as n from things where id in (50, 51)',
  ]);
});

// ADR 0150: background work learns how long it held the connection, so an export sizes its pages by it.
test("a background transaction's hold of the connection is noted once, from grant to COMMIT sent", async () => {
  const started = performance.now();
  const { value, heldMs } = await inBackgroundHeld(() =>
    db.transaction().execute(async (trx) => {
      await sql`select pg_sleep(0.05)`.execute(trx);
      return (await sql<{ n: number }>`select 1 as n`.execute(trx)).rows[0]!.n;
    }),
  );
  const elapsed = performance.now() - started;
  expect(value).toBe(1);
  expect(heldMs).toBeGreaterThanOrEqual(50);
  expect(heldMs).toBeLessThanOrEqual(elapsed); // once, though Kysely releases the connection again after COMMIT
  const lone = await inBackgroundHeld(() => sql`select 1`.execute(db));
  expect(lone.heldMs).not.toBeNull();
});

/** Whether the engine's one session is inside a transaction block now: SAVEPOINT is refused outside one. */
const inTransaction = () =>
  engine.exec('savepoint probe; release savepoint probe').then(
    () => true,
    () => false,
  );

test("a read-only transaction's COMMIT travels with the next holder's first message (ADR 0178)", async () => {
  const read = gate();
  const commit = gate();
  const readOnly = db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      const answer = await sql<{ n: number }>`select count(*)::int as n from things where id >= ${1000}`.execute(trx);
      read.open();
      await commit.passed;
      return answer;
    });
  await read.passed;
  const next = sql<{ n: number }>`select count(*)::int as n from things where id >= ${1000}`.execute(db);
  await issued();
  commit.open();
  const [first, second] = await Promise.all([readOnly, next]);
  expect(first.rows[0]!.n).toBe(0);
  expect(second.rows[0]!.n).toBe(0);
  expect(sent).toEqual([
    ['begin read only', 'select count(*)::int as n from things where id >= $1'],
    ['commit', 'select count(*)::int as n from things where id >= $1'],
  ]);
  expect(await inTransaction()).toBe(false);
});

test('with nobody waiting, a read-only COMMIT goes at once; a write is refused and rolled back', async () => {
  await db
    .transaction()
    .setAccessMode('read only')
    .execute((trx) => sql`select ${1}::int`.execute(trx));
  expect(sent).toEqual([['begin read only', 'select $1::int'], ['commit']]);
  expect(await inTransaction()).toBe(false);

  sent = [];
  await expect(
    db
      .transaction()
      .setAccessMode('read only')
      .execute((trx) => sql`insert into things (id) values (${31})`.execute(trx)),
  ).rejects.toThrow(/read-only transaction/);
  expect(sent).toEqual([['begin read only', 'insert into things (id) values ($1)'], ['rollback']]);
  expect(await inTransaction()).toBe(false);
});

test('what may write counts as a write sent; a read-only transaction does not (ADR 0199)', async () => {
  const counted = async (work: () => Promise<unknown>) => {
    const before = engine.writesSent;
    await work();
    return engine.writesSent - before;
  };
  const reading = () =>
    db
      .transaction()
      .setAccessMode('read only')
      .execute((trx) => sql`select count(*) from things where id > ${0}`.execute(trx));
  expect(await counted(reading)).toBe(0);
  expect(await counted(() => sql`select ${1}::int`.execute(db))).toBe(1); // a lone statement may call anything
  expect(await counted(() => db.transaction().execute((trx) => sql`select ${1}::int`.execute(trx)))).toBe(2);
  expect(await counted(() => sql`${sql.raw(READS_ONLY)}select count(*)::int as n from things`.execute(db))).toBe(0);
});

test('a READS_ONLY lone statement runs in a read-only transaction of its own, its COMMIT deferred', async () => {
  const [own, next] = await Promise.all([
    sql<{ n: number }>`${sql.raw(READS_ONLY)}select count(*)::int as n from things where id >= ${1000}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from things where id >= ${1000}`.execute(db),
  ]);
  expect(own.rows).toEqual(next.rows);
  expect(sent).toEqual([
    ['begin read only', 'reads: select count(*)::int as n from things where id >= $1'],
    ['commit', 'select count(*)::int as n from things where id >= $1'],
  ]);
  // One that would write is refused by the engine, and its transaction ends with the next message.
  sent = [];
  await expect(sql`${sql.raw(READS_ONLY)}insert into things (id) values (${4141})`.execute(db)).rejects.toThrow(
    /read-only transaction/,
  );
  expect(await inTransaction()).toBe(false);
  expect((await sql`select id from things where id = 4141`.execute(db)).rows).toEqual([]);
  // Inside a transaction it is a comment: the transaction's own mode holds.
  await db
    .transaction()
    .execute((trx) => sql`${sql.raw(READS_ONLY)}insert into things (id) values (${4242})`.execute(trx));
  expect((await sql`select id from things where id = 4242`.execute(db)).rows).toEqual([{ id: 4242 }]);
});

/** A read-only transaction whose only statement is the setting, as one answered wholly from kept parts is. */
const keptReadOnly = () =>
  db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await setting.execute(trx);
      return 'kept';
    });

test('a read-only transaction that ran no statement sends nothing, its setting included (ADR 0180)', async () => {
  const answer = await keptReadOnly();
  expect(answer).toBe('kept');
  expect(sent).toEqual([]);
  // The connection was handed on: the next statement runs, outside any transaction, without the setting.
  const after = await sql<{ mark: string }>`select coalesce(current_setting('app.mark', true), '') as mark`.execute(db);
  expect(after.rows[0]!.mark).toBe('');
  expect(sent).toEqual([["select coalesce(current_setting('app.mark', true), '') as mark"]]);
  expect(await inTransaction()).toBe(false);

  // A writing transaction that ran no statement still sends what waits with its COMMIT (ADR 0116).
  sent = [];
  await db.transaction().execute((trx) => deferredInsert(180).execute(trx));
  expect(sent).toEqual([['begin', 'next: insert into things (id) values ($1)', 'commit']]);
  expect((await sql`select id from things where id = 180`.execute(db)).rows).toEqual([{ id: 180 }]);
});

test('a transaction that sends nothing never waits for a holder; one that sends waits its turn (ADR 0202)', async () => {
  const holding = gate();
  const commit = gate();
  const holder = inBackground(() =>
    db.transaction().execute(async (trx) => {
      await sql`select ${'held'}::text`.execute(trx);
      holding.open();
      await commit.passed;
    }),
  );
  await holding.passed;
  // Answered while the background transaction still holds the connection (else this would wait for commit.open).
  const kept = await keptReadOnly();
  expect(kept).toBe('kept');
  let read = false;
  const reading = db
    .transaction()
    .setAccessMode('read only')
    .execute((trx) => sql`select ${'reader'}::text`.execute(trx))
    .then(() => (read = true));
  await issued();
  expect(read).toBe(false);
  commit.open();
  await Promise.all([holder, reading]);
  expect(sent.map((steps) => steps.at(-1))).toEqual(['select $1::text', 'commit', 'select $1::text', 'commit']);
});

/** A request's read-only transaction (interactive, no isolation level): the one ADR 0216 splits. */
const reading = <T>(fn: (trx: Kysely<Record<string, Record<string, unknown>>>) => Promise<T>) =>
  db.transaction().setAccessMode('read only').execute(fn);
const markRead = (n: number) =>
  sql<{ mark: string }>`select current_setting('app.mark', true) as mark where ${n} = ${n}`;

test("a request's read-only transaction hands the connection on once a statement is sent (ADR 0216)", async () => {
  const between = gate();
  const resumed = gate();
  const transaction = reading(async (trx) => {
    await setting.execute(trx);
    const first = await markRead(1).execute(trx);
    between.open();
    await resumed.passed;
    const second = await markRead(2).execute(trx);
    return [first.rows[0]!.mark, second.rows[0]!.mark];
  });
  await between.passed;
  // Another holder's statement is sent while the transaction is open (before ADR 0216 it waited for its COMMIT).
  const other = sql<{ mark: string }>`select current_setting('app.mark', true) as mark`.execute(db);
  await issued();
  const sentWhileOpen = sent.length;
  resumed.open();
  expect(sentWhileOpen).toBe(2);
  expect((await other).rows[0]!.mark ?? '').toBe(''); // it ran after the transaction's COMMIT, outside its setting
  // The transaction begins again for its next statement, its setting with it.
  expect(await transaction).toEqual(['x', 'x']);
  expect(sent).toEqual([
    [
      'begin read only',
      "next: select set_config('app.mark', 'x', true)",
      "select current_setting('app.mark', true) as mark where $1 = $2",
    ],
    ['commit', "select current_setting('app.mark', true) as mark"],
    [
      'begin read only',
      "next: select set_config('app.mark', 'x', true)",
      "select current_setting('app.mark', true) as mark where $1 = $2",
    ],
    ['commit'],
  ]);
  expect(await inTransaction()).toBe(false);
});

test('a split transaction goes on in one transaction while nobody else sends; its statements take turns', async () => {
  const answers = await reading(async (trx) => {
    await setting.execute(trx);
    const one = await markRead(1).execute(trx);
    // Issued together, each waits its own turn: neither is sent inside the other's message.
    const [two, three] = await Promise.all([markRead(2).execute(trx), markRead(3).execute(trx)]);
    return [one, two, three].map((answer) => answer.rows[0]!.mark);
  });
  expect(answers).toEqual(['x', 'x', 'x']);
  const read = "select current_setting('app.mark', true) as mark where $1 = $2";
  expect(sent).toEqual([
    ['begin read only', "next: select set_config('app.mark', 'x', true)", read],
    [read],
    [read],
    ['commit'],
  ]);
});

test("a statement sent with the next after a split read goes with the COMMIT, and its error is the COMMIT's", async () => {
  await expect(
    reading(async (trx) => {
      await markRead(1).execute(trx);
      await sql`${sql.raw(SENT_WITH_NEXT)}insert into things (id) values (${4343})`.execute(trx);
    }),
  ).rejects.toThrow(/read-only transaction/);
  expect(sent).toEqual([
    ['begin read only', "select current_setting('app.mark', true) as mark where $1 = $2"],
    ['next: insert into things (id) values ($1)', 'commit'],
  ]);
  expect(await inTransaction()).toBe(false);
  expect((await sql`select id from things where id = 4343`.execute(db)).rows).toEqual([]);
});

test('a split statement that fails ends its transaction with the next message; a savepoint keeps the turn', async () => {
  await expect(reading((trx) => sql`select 1 / ${0}::int`.execute(trx))).rejects.toThrow(/division by zero/);
  expect(await inTransaction()).toBe(false);
  expect(sent).toEqual([['begin read only', 'select 1 / $1::int'], ['commit']]);

  // After anything but a read the transaction keeps the connection to its end, as before ADR 0216.
  sent = [];
  const held = gate();
  const finish = gate();
  const transaction = reading(async (trx) => {
    await sql`select ${1}::int`.execute(trx);
    await sql`savepoint kept`.execute(trx);
    held.open();
    await finish.passed;
    await sql`rollback to savepoint kept`.execute(trx);
  });
  await held.passed;
  let answered = false;
  const other = sql`select ${2}::int`.execute(db).then(() => (answered = true));
  await issued();
  expect(answered).toBe(false);
  finish.open();
  await Promise.all([transaction, other]);
  expect(sent).toEqual([
    ['begin read only', 'select $1::int'],
    ['savepoint kept'],
    ['rollback to savepoint kept'],
    ['commit', 'select $1::int'],
  ]);
});

test('a deferred COMMIT is sent before the engine closes', async () => {
  const own = await PGliteWorker.create({ dataDir: 'memory://' });
  const steps: string[][] = [];
  const batch = own.batch.bind(own);
  own.batch = (given: BatchStep[]) => {
    steps.push(given.map((step) => step.sql));
    return batch(given);
  };
  const ownDb = new Kysely({ dialect: new PGliteDialect(own) });
  const reader = ownDb
    .transaction()
    .setAccessMode('read only')
    .execute((trx) => sql`select ${1}::int`.execute(trx));
  const closing = (async () => {
    await reader;
    await ownDb.destroy();
  })();
  await Promise.all([reader, sql`select ${2}::int`.execute(ownDb), closing]);
  expect(steps.flat().filter((text) => text === 'commit')).toHaveLength(1);
  expect(own.closed).toBe(true);
});
