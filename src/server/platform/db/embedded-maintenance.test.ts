/**
 * ADR 0147: the embedded database's stand-in for autovacuum. A table that grew, or whose rows were rewritten, is
 * vacuumed (its pages marked all-visible) and analysed; one that only changed a little is left alone. ADR 0203: a
 * sweep waits for a pause in the requests, at most MAX_WAIT_MS.
 */
import { sql } from 'kysely';
import pino from 'pino';
import { openTestDatabase } from '../../testing/database-template';
import type { Db } from './schema';
import {
  EmbeddedMaintenance,
  maintainEveryTable,
  maintainOneTable,
  MAX_WAIT_MS,
  QUIET_MS,
  tablesDue,
} from './embedded-maintenance';

let db: Db;
beforeAll(async () => {
  db = await openTestDatabase();
  // Whatever the template left due is done first: each test starts from a maintained database.
  await maintainEveryTable(db);
}, 120_000);
afterAll(() => db.destroy());

const TABLE = 'public.maintenance_probe';

const catalogue = async () =>
  (
    await sql<{ pages: number; all_visible: number; reltuples: number }>`
      SELECT (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
             c.relallvisible AS all_visible, c.reltuples::int AS reltuples
      FROM pg_class c WHERE c.oid = ${TABLE}::regclass`.execute(db)
  ).rows[0]!;

const dueFor = async (table: string) => (await tablesDue(db)).find((d) => d.table === table);

beforeEach(async () => {
  await sql`DROP TABLE IF EXISTS maintenance_probe`.execute(db);
  await sql`CREATE TABLE maintenance_probe (id int PRIMARY KEY, label text)`.execute(db);
});

test('a table that grew is vacuumed: its pages are marked all-visible and it gains statistics', async () => {
  await sql`INSERT INTO maintenance_probe SELECT g, md5(g::text) FROM generate_series(1, 20000) g`.execute(db);
  expect((await catalogue()).all_visible).toBe(0);
  expect(await dueFor(TABLE)).toMatchObject({ vacuum: true });

  expect(await maintainOneTable(db)).toMatchObject({ table: TABLE, vacuum: true });
  const after = await catalogue();
  expect(after.pages).toBeGreaterThan(100);
  expect(after.all_visible).toBe(after.pages);
  expect(after.reltuples).toBe(20000);
  expect(await dueFor(TABLE)).toBeUndefined();
}, 60_000);

test('rows rewritten beyond the threshold make the table due again; a few do not', async () => {
  await sql`INSERT INTO maintenance_probe SELECT g, md5(g::text) FROM generate_series(1, 20000) g`.execute(db);
  await maintainOneTable(db);
  await sql`UPDATE maintenance_probe SET label = label || '.' WHERE id <= 20`.execute(db);
  expect(await dueFor(TABLE)).toBeUndefined();
  await sql`UPDATE maintenance_probe SET label = label || '.' WHERE id <= 6000`.execute(db);
  expect(await dueFor(TABLE)).toMatchObject({ vacuum: true });
  await maintainOneTable(db);
  expect(await dueFor(TABLE)).toBeUndefined();
  const after = await catalogue();
  expect(after.all_visible).toBe(after.pages);
}, 60_000);

test('the server loop sweeps until nothing is due, one table at a time, and says what it did', async () => {
  await sql`INSERT INTO maintenance_probe SELECT g, md5(g::text) FROM generate_series(1, 20000) g`.execute(db);
  const logged: unknown[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const maintenance = new EmbeddedMaintenance(db, log);
  maintenance.soon();
  // The loop asks for the next table itself until a sweep finds none; stop() waits for the sweep in progress.
  await waitFor(async () => (await catalogue()).all_visible > 0);
  await maintenance.stop();
  expect(logged).toContainEqual(expect.objectContaining({ table: TABLE, vacuum: true, msg: 'embedded maintenance' }));
  expect(await tablesDue(db)).toEqual([]);
}, 60_000);

const silent = pino({ level: 'silent' });
const grown = () =>
  sql`INSERT INTO maintenance_probe SELECT g, md5(g::text) FROM generate_series(1, 20000) g`.execute(db);

test('while requests are answered a sweep waits; once they pause it runs', async () => {
  await grown();
  const clock = { now: () => 1_000, sinceAnswered: () => 100 };
  const maintenance = new EmbeddedMaintenance(db, silent, clock);
  try {
    expect(await maintenance.sweep()).toBeNull();
    expect((await catalogue()).all_visible).toBe(0);
    clock.sinceAnswered = () => QUIET_MS;
    expect(await maintenance.sweep()).toMatchObject({ table: TABLE, vacuum: true });
    expect((await catalogue()).all_visible).toBeGreaterThan(0);
  } finally {
    await maintenance.stop();
  }
}, 60_000);

test('under requests that never pause a sweep runs once it has waited MAX_WAIT_MS', async () => {
  await grown();
  let now = 1_000;
  const maintenance = new EmbeddedMaintenance(db, silent, { now: () => now, sinceAnswered: () => 0 });
  try {
    expect(await maintenance.sweep()).toBeNull();
    now += MAX_WAIT_MS - 1;
    expect(await maintenance.sweep()).toBeNull();
    expect((await catalogue()).all_visible).toBe(0);
    now += 1;
    expect(await maintenance.sweep()).toMatchObject({ table: TABLE, vacuum: true });
  } finally {
    await maintenance.stop();
  }
}, 60_000);

test('a waiting sweep looks again by itself when the pause is long enough, not at the next interval', async () => {
  await grown();
  const answeredAt = performance.now();
  const maintenance = new EmbeddedMaintenance(db, silent, {
    now: Date.now,
    sinceAnswered: () => performance.now() - answeredAt,
  });
  maintenance.start(60 * 60_000);
  maintenance.soon();
  await waitFor(async () => (await catalogue()).all_visible > 0);
  // Not before the requests had paused for QUIET_MS; the hour's interval never came.
  expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(QUIET_MS);
  await maintenance.stop();
}, 60_000);

async function waitFor(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 50));
}

test('after a bulk load every due table is maintained once, and nothing is left due', async () => {
  await sql`INSERT INTO maintenance_probe SELECT g, md5(g::text) FROM generate_series(1, 20000) g`.execute(db);
  await sql`CREATE TABLE maintenance_probe_two AS SELECT g AS id FROM generate_series(1, 20000) g`.execute(db);
  try {
    expect(await maintainEveryTable(db)).toBeGreaterThanOrEqual(2);
    expect(await tablesDue(db)).toEqual([]);
  } finally {
    await sql`DROP TABLE maintenance_probe_two`.execute(db);
  }
}, 60_000);
