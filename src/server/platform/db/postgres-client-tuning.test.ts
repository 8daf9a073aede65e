/** ADR 0142: statements marked GENERIC_PLAN are prepared once per PostgreSQL connection, by name. */
import { sql } from 'kysely';
import { openPostgresTestDb, type PostgresTestDb } from '../../testing/postgres-test-db';
import { withTenant } from '../tenancy/with-tenant';
import { GENERIC_PLAN } from './pglite-dialect';
import { statementName } from './postgres-client-tuning';
import type { Db } from './schema';

let cluster: PostgresTestDb;
let db: Db;

beforeAll(async () => {
  cluster = await openPostgresTestDb('tuning');
  db = cluster.db;
  await sql`CREATE ROLE voxscreen_app`.execute(db);
  await sql`CREATE TABLE tuning_probe (tenant_id int, n int)`.execute(db);
  await sql`INSERT INTO tuning_probe VALUES (1, 10), (1, 11), (2, 20)`.execute(db);
  await sql`ALTER TABLE tuning_probe ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY by_tenant ON tuning_probe
    USING (tenant_id = current_setting('app.tenant_id', true)::int)`.execute(db);
  await sql`GRANT SELECT ON tuning_probe TO voxscreen_app`.execute(db);
}, 120_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await cluster?.close();
});

const marked = (from: number) => sql<{ n: number }>`${sql.raw(GENERIC_PLAN)}
  SELECT n FROM tuning_probe WHERE n >= ${from} ORDER BY n`;
const markedText = () => marked(0).compile(db).sql;

test('a marked statement is prepared once on its connection, under its name; an unmarked one is not', async () => {
  const prepared = await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 3; i++) await marked(i).execute(trx);
    await sql`SELECT n FROM tuning_probe WHERE n >= ${0}`.execute(trx);
    const { rows } = await sql<{ name: string; statement: string }>`
      SELECT name, statement FROM pg_prepared_statements`.execute(trx);
    return rows;
  });
  expect(prepared).toEqual([{ name: statementName(markedText()), statement: markedText() }]);
});

test("a prepared statement answers each tenant's rows only, and every row to the server's own role", async () => {
  // More runs than PostgreSQL's five custom plans, so a kept generic plan is among them.
  for (let run = 0; run < 8; run++) {
    const [one, two] = await Promise.all([
      withTenant(db, 1, async (trx) => (await marked(0).execute(trx)).rows.map((r) => r.n)),
      withTenant(db, 2, async (trx) => (await marked(0).execute(trx)).rows.map((r) => r.n)),
    ]);
    expect(one).toEqual([10, 11]);
    expect(two).toEqual([20]);
    expect((await marked(0).execute(db)).rows.map((r) => r.n)).toEqual([10, 11, 20]);
  }
});
