import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server';
import { testConfig } from '../../testing/test-config';
import { readPages } from '../http/csv-download';
import { BACKGROUND_CONNECTIONS } from './background-pool';
import { openDatabase } from './open-database';
import type { Db } from './schema';
import { inBackground } from './work-priority';

const INTERACTIVE_CONNECTIONS = 10;

let server: PostgresServer;
let dataDir: string;
let db: Db;

beforeAll(async () => {
  server = await startPostgresServer();
  dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-pg-background-'));
  db = await openDatabase(testConfig(dataDir, { databaseUrl: server.url }));
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
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
