/** DB_EXPLAIN_SLOW_MS (docs/development.md): slow reads inside a transaction are reported once with their plan. */
import { sql } from 'kysely';
import { openDatabase } from './open-database';
import type { SlowStatement } from './explain-slow';
import type { Db } from './schema';

let db: Db;
const reported: SlowStatement[] = [];
beforeAll(async () => {
  // Threshold 0: every read inside a transaction counts as slow.
  db = await openDatabase(
    { databaseUrl: null, pgliteDataDir: 'memory://', pgliteInWorker: false, explainSlowMs: 0 },
    () => {},
    () => {},
    (slow) => reported.push(slow),
  );
  await sql`CREATE TABLE notes (id int PRIMARY KEY, text text)`.execute(db);
}, 60_000);
afterAll(() => db.destroy());

test('a read in a transaction is reported once per text with its plan; a write and its answer are untouched', async () => {
  const read = (id: number) => sql<{ text: string }>`SELECT text FROM notes WHERE id = ${id}`;
  const answers = await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO notes VALUES (1, 'one'), (2, 'two')`.execute(trx);
    const first = await read(1).execute(trx);
    const second = await read(2).execute(trx);
    return [...first.rows, ...second.rows];
  });
  expect(answers).toEqual([{ text: 'one' }, { text: 'two' }]);
  const reads = reported.filter((r) => r.sql.includes('FROM notes'));
  expect(reads).toHaveLength(1);
  expect(reads[0]!.plan).toMatch(/Execution Time/);
  expect(reported.some((r) => /insert/i.test(r.sql))).toBe(false);
  // The EXPLAIN ANALYZE of a read did not run anything twice: the rows are the two inserted once.
  const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes`.execute(db);
  expect(count.rows[0]!.n).toBe(2);
});
