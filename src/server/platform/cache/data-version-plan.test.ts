import { Kysely } from 'kysely';
import { PGliteDialect } from '../db/pglite-dialect';
import { PGliteWorker } from '../db/pglite-worker-client';
import type { DB, Db } from '../db/schema';
import { tenantDataVersion, tenantVersions } from './data-version-store';

// ADR 0132: the data version is read on every cached answer; on the worker engine its plan is made once and kept.
let engine: PGliteWorker;
let db: Db;

beforeAll(async () => {
  engine = await PGliteWorker.create({ dataDir: 'memory://' });
  await engine.exec(`create table tenant_data_versions (tenant_id int primary key, version bigint not null,
                                                       results_version bigint not null);
                     insert into tenant_data_versions values (1, 7, 3), (2, 9, 4)`);
  db = new Kysely<DB>({ dialect: new PGliteDialect(engine) });
});
afterAll(() => db.destroy());

test("the tenant's data version is read with one kept generic plan, never planned again", async () => {
  for (const [tenant, version] of [
    [1, '7'],
    [2, '9'],
    [1, '7'],
  ] as const)
    expect(await tenantDataVersion(db, tenant)).toBe(version);
  expect(await tenantVersions(db, 2)).toEqual({ data: '9', results: '4' });
  expect(await tenantVersions(db, 3)).toEqual({ data: '0', results: '0' });
  const [kept] = await engine.exec(
    "select generic_plans, custom_plans from pg_prepared_statements where statement like '%tenant_data_versions%'",
  );
  expect(kept?.rows).toEqual([{ generic_plans: 5, custom_plans: 0 }]);
});
