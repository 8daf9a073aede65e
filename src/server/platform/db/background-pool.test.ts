import { Kysely, PostgresDialect, sql } from 'kysely';
import { openPostgresTestDb, type PostgresTestDb } from '../../testing/postgres-test-db';
import { readPages } from '../http/csv-download';
import { BACKGROUND_CONNECTIONS, BackgroundTurns, PrioritisedPool } from './background-pool';
import { resilientPool } from './open-database';
import type { DB, Db } from './schema';
import { inBackground } from './work-priority';

const INTERACTIVE_CONNECTIONS = 10;

let cluster: PostgresTestDb;
let db: Db;

beforeAll(async () => {
  cluster = await openPostgresTestDb('pg-background');
  db = cluster.db;
}, 60_000);

afterAll(async () => {
  await cluster?.close();
});

/** A promise and its resolver: holders wait on it inside their transactions. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves once `count` callers have arrived. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  const all = gate();
  return async () => {
    arrived += 1;
    if (arrived === count) all.open();
    await all.opened;
  };
}

test('background work holds at most its few connections, and the requests keep every one of theirs', async () => {
  const release = gate();
  let holding = 0;
  let mostHolding = 0;
  const backgroundWork = Array.from({ length: BACKGROUND_CONNECTIONS + 2 }, () =>
    inBackground(() =>
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        holding += 1;
        mostHolding = Math.max(mostHolding, holding);
        await release.opened;
        holding -= 1;
      }),
    ),
  );
  while (holding < BACKGROUND_CONNECTIONS) await new Promise((resolve) => setImmediate(resolve));

  // Every interactive connection at once, while background work holds its own: none waits for a background holder
  // (with one shared pool the last ones would wait until the pool's connect timeout and fail).
  const allIn = barrier(INTERACTIVE_CONNECTIONS);
  const backends = await Promise.all(
    Array.from({ length: INTERACTIVE_CONNECTIONS }, () =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await allIn();
        return rows[0]!.pid;
      }),
    ),
  );
  expect(new Set(backends).size).toBe(INTERACTIVE_CONNECTIONS);
  expect(holding).toBe(BACKGROUND_CONNECTIONS);

  release.open();
  await Promise.all(backgroundWork);
  expect(mostHolding).toBe(BACKGROUND_CONNECTIONS);
}, 60_000);

test('a background transaction is whole on one connection, and a failed one leaves nothing behind', async () => {
  await sql`create table if not exists background_probe (n int)`.execute(db);
  const [first, second] = await inBackground(() =>
    db.transaction().execute(async (trx) => {
      const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
      const before = await pid();
      await sql`insert into background_probe values (1)`.execute(trx);
      return [before, await pid()];
    }),
  );
  expect(second).toBe(first);
  await expect(
    inBackground(() =>
      db.transaction().execute(async (trx) => {
        await sql`insert into background_probe values (2)`.execute(trx);
        throw new Error('rolled back');
      }),
    ),
  ).rejects.toThrow('rolled back');
  const { rows } = await sql<{ n: number }>`select n from background_probe order by n`.execute(db);
  expect(rows.map((r) => r.n)).toEqual([1]);
});

test('more exports than background connections all complete, each page read whole in the background', async () => {
  const ROWS = 2_500;
  const exportOne = async () => {
    const rows: number[] = [];
    const pages = readPages(
      (offset, limit) =>
        db.transaction().execute(async (trx) => {
          const { rows: page } = await sql<{ n: number }>`
            select n from generate_series(1, ${ROWS}) as n order by n offset ${offset} limit ${limit}`.execute(trx);
          return page.map((r) => r.n);
        }),
      { pageSize: 100 },
    );
    for await (const page of pages) rows.push(...page);
    return rows;
  };
  const exports = await Promise.all(Array.from({ length: BACKGROUND_CONNECTIONS * 3 }, exportOne));
  const all = Array.from({ length: ROWS }, (_, i) => i + 1);
  for (const rows of exports) expect(rows).toEqual(all);
}, 60_000);

test('a background transaction begins once the interactive ones have ended, or once it has waited its bound', async () => {
  const pools = new Map<Db, PrioritisedPool>();
  const paced = (maxWaitMs: number): Db => {
    const pool = new PrioritisedPool(
      resilientPool(cluster.server.url, () => {}),
      resilientPool(cluster.server.url, () => {}, BACKGROUND_CONNECTIONS),
      new BackgroundTurns(BACKGROUND_CONNECTIONS, maxWaitMs),
    );
    const pacedDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    pools.set(pacedDb, pool);
    return pacedDb;
  };
  const events: string[] = [];
  const run = async (pacedDb: Db) => {
    const done = gate();
    const request = pacedDb.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      events.push('request began');
      await done.opened;
      events.push('request ends');
    });
    while (events.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const background = inBackground(() =>
      pacedDb.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        events.push('background began');
      }),
    );
    return { request, background, end: done.open };
  };

  // Nobody waits its bound (a minute): the background transaction waits for the request to end.
  const patient = paced(60_000);
  try {
    const { request, background, end } = await run(patient);
    // Until the background transaction waits for its turn, or (were it not held back) has begun.
    while (pools.get(patient)!.backgroundWaiting === 0 && events.length < 2)
      await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['request began']);
    end();
    await Promise.all([request, background]);
    expect(events).toEqual(['request began', 'request ends', 'background began']);
  } finally {
    await patient.destroy();
  }

  // With a short bound it goes on beside a request that does not end: long work always advances.
  events.length = 0;
  const bounded = paced(50);
  try {
    const { request, background, end } = await run(bounded);
    await background;
    expect(events).toEqual(['request began', 'background began']);
    end();
    await request;
  } finally {
    await bounded.destroy();
  }
}, 60_000);

// ADR 0201: a request answered without a connection (a dashboard from kept parts) is interactive work too.
test('a background turn waits while requests are answered, then for the quiet time, or at most its bound', async () => {
  jest.useFakeTimers();
  try {
    let answeredAt = performance.now();
    const granted: string[] = [];
    const turns = new BackgroundTurns(2, 500, 20, () => answeredAt);
    void turns.take().then(() => granted.push('first'));
    for (let n = 0; n < 10; n += 1) {
      await jest.advanceTimersByTimeAsync(10);
      answeredAt = performance.now();
    }
    expect(granted).toEqual([]);
    await jest.advanceTimersByTimeAsync(21);
    expect(granted).toEqual(['first']);

    // Answers that never stop: the next turn comes at its bound.
    const asked = performance.now();
    answeredAt = asked;
    let after: number | null = null;
    void turns.take().then(() => (after = performance.now() - asked));
    for (let n = 0; n < 100 && after === null; n += 1) {
      answeredAt = performance.now();
      await jest.advanceTimersByTimeAsync(10);
    }
    expect(after).toBe(500);
  } finally {
    jest.useRealTimers();
  }
});
