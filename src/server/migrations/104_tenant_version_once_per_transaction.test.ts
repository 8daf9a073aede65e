/**
 * Migration 104 (ADR 0121): a tenant's data version moves once per writing transaction and is announced once at
 * commit, on both engines, keeping ADRs 0025 and 0078's guarantees: every committed write moves it, listeners hear
 * consecutive versions naming every table written, and a read inside a writing transaction sees each of its writes.
 */
import { sql } from 'kysely';
import { allTenantsDataVersion, tenantDataVersion } from '../platform/cache/data-version-store';
import type { Db } from '../platform/db/schema';
import type { TenantChange } from '../platform/events/change-feed';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { openTestDatabase } from '../testing/database-template';
import { embeddedFeedEngine, postgresFeedEngine, type FeedEngine } from '../testing/feed-engines';

// Tenant ids of these scratch tables only (no tenant row needed: the version rows have no foreign key).
const A = 9_104_001;
const B = 9_104_002;

describe.each([
  ['embedded', embeddedFeedEngine],
  ['PostgreSQL', postgresFeedEngine],
])('on the %s engine', (_name, open) => {
  let engine: FeedEngine;
  let db: Db;
  const heard: TenantChange[] = [];

  beforeAll(async () => {
    engine = await open();
    db = engine.db;
    await withSystem(db, async (trx) => {
      for (const table of ['m104_things', 'm104_others']) {
        await sql`CREATE TABLE ${sql.table(table)} (id serial PRIMARY KEY, tenant_id integer NOT NULL, v integer)`.execute(
          trx,
        );
        await sql`SELECT app_enable_tenant_rls(${table})`.execute(trx);
        await sql`GRANT USAGE ON SEQUENCE ${sql.table(`${table}_id_seq`)} TO voxscreen_app`.execute(trx);
      }
      // A tenant table whose rows the application may write for any tenant: no statement of it is ever skipped.
      await sql`CREATE TABLE m104_open (id serial PRIMARY KEY, tenant_id integer NOT NULL, v integer)`.execute(trx);
      await sql`SELECT app_enable_tenant_rls('m104_open')`.execute(trx);
      await sql`CREATE POLICY any_tenant ON m104_open TO voxscreen_app USING (true) WITH CHECK (true)`.execute(trx);
      await sql`GRANT USAGE ON SEQUENCE m104_open_id_seq TO voxscreen_app`.execute(trx);
      await sql`SELECT app_ensure_tenant_data_version_triggers()`.execute(trx);
    });
    await engine.feed.start();
    engine.feed.subscribeAll((change) => {
      if (change.tenantId === A || change.tenantId === B) heard.push(change);
    });
  }, 120_000);
  afterAll(async () => {
    await engine.feed.stop();
    await engine.close();
  });

  const version = async (tenant: number) => Number(await withSystem(db, (trx) => tenantDataVersion(trx, tenant)));
  const insert = (trx: Db, table: string, tenant: number) =>
    sql`INSERT INTO ${sql.table(table)} (tenant_id, v) VALUES (${tenant}, 1)`.execute(trx);
  /** Waits until the feed heard `count` changes of the tenant after `after`. */
  const changesAfter = async (tenant: number, after: number, count: number) => {
    for (let waited = 0; waited < 10_000; waited += 20) {
      const found = heard.filter((c) => c.tenantId === tenant && c.version > after);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    return heard.filter((c) => c.tenantId === tenant && c.version > after);
  };

  test('a transaction of many writes moves the version once and is announced once, naming every table', async () => {
    const before = await version(A);
    await withTenant(db, A, async (trx) => {
      await insert(trx, 'm104_things', A);
      await insert(trx, 'm104_things', A);
      await sql`UPDATE m104_things SET v = v + 1`.execute(trx);
      await insert(trx, 'm104_others', A);
      await sql`DELETE FROM m104_things WHERE v > 100`.execute(trx);
    });
    expect(await version(A)).toBe(before + 1);
    const changes = await changesAfter(A, before, 1);
    expect(changes).toEqual([{ tenantId: A, version: before + 1, tables: ['m104_things', 'm104_others'] }]);
  });

  test('every committed writing transaction moves it, and listeners hear consecutive versions', async () => {
    const before = await version(A);
    for (let i = 0; i < 3; i += 1)
      await withTenant(db, A, async (trx) => {
        await insert(trx, 'm104_things', A);
        await insert(trx, 'm104_things', A);
      });
    expect(await version(A)).toBe(before + 3);
    const changes = await changesAfter(A, before, 3);
    expect(changes.map((c) => c.version)).toEqual([before + 1, before + 2, before + 3]);
    expect(engine.feed.since(A, before, before + 3)).toHaveLength(3);
  });

  test('a rolled-back transaction moves nothing and announces nothing', async () => {
    const before = await version(A);
    await expect(
      withTenant(db, A, async (trx) => {
        await insert(trx, 'm104_things', A);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A later commit is the next version: nothing was skipped or announced in between.
    await withTenant(db, A, (trx) => insert(trx, 'm104_things', A));
    expect(await version(A)).toBe(before + 1);
    expect((await changesAfter(A, before, 1)).map((c) => c.version)).toEqual([before + 1]);
  });

  test('a savepoint rolled back takes its mark with it: the next write moves the version again', async () => {
    const before = await version(A);
    await withTenant(db, A, async (trx) => {
      await sql`SAVEPOINT first_write`.execute(trx);
      await insert(trx, 'm104_things', A);
      await sql`ROLLBACK TO SAVEPOINT first_write`.execute(trx);
      await insert(trx, 'm104_others', A);
    });
    expect(await version(A)).toBe(before + 1);
    expect(await changesAfter(A, before, 1)).toEqual([{ tenantId: A, version: before + 1, tables: ['m104_others'] }]);
  });

  test('a statement across tenants moves each tenant once', async () => {
    const [a, b] = [await version(A), await version(B)];
    await withSystem(db, async (trx) => {
      await sql`INSERT INTO m104_things (tenant_id, v) VALUES (${A}, 1), (${B}, 1)`.execute(trx);
      await sql`INSERT INTO m104_things (tenant_id, v) VALUES (${B}, 2)`.execute(trx);
    });
    expect([await version(A), await version(B)]).toEqual([a + 1, b + 1]);
  });

  test('a read inside a writing transaction sees each of its writes; outside it, the committed version', async () => {
    const before = await version(A);
    const seen = await withTenant(db, A, async (trx) => {
      const read = () => tenantDataVersion(trx, A);
      const all = () => allTenantsDataVersion(trx);
      const untouched = [await read(), await all()];
      await insert(trx, 'm104_things', A);
      const first = [await read(), await all()];
      await insert(trx, 'm104_things', A);
      const second = [await read(), await all()];
      const again = [await read(), await all()];
      return { untouched, first, second, again };
    });
    expect(seen.untouched[0]).toBe(String(before));
    expect(new Set([seen.untouched[0], seen.first[0], seen.second[0]]).size).toBe(3);
    expect(new Set([seen.untouched[1], seen.first[1], seen.second[1]]).size).toBe(3);
    expect(seen.first[0]).toMatch(new RegExp(`^${before + 1}~`));
    // Reads with no write between them agree (a cache may serve the second from the first).
    expect(seen.again).toEqual(seen.second);
    expect(await withTenant(db, A, (trx) => tenantDataVersion(trx, A))).toBe(String(before + 1));
  });

  test('a notification in the earlier form (one table, migration 072) is still heard, from an older instance', async () => {
    const payload = JSON.stringify({ tenant: B, version: 1_000_000, table: 'projects' });
    await withSystem(db, (trx) => sql`SELECT pg_notify('voxscreen_changes', ${payload})`.execute(trx));
    expect(await changesAfter(B, 999_999, 1)).toEqual([{ tenantId: B, version: 1_000_000, tables: ['projects'] }]);
  });

  test('on a table whose rows the application may write for any tenant, no statement is skipped', async () => {
    const [a, b] = [await version(A), await version(B)];
    await withTenant(db, A, async (trx) => {
      await insert(trx, 'm104_open', A);
      await insert(trx, 'm104_open', B);
    });
    expect([await version(A), await version(B)]).toEqual([a + 1, b + 1]);
    const skips = await withSystem(db, (trx) =>
      sql<{ table: string; skips: boolean }>`
        SELECT t.tgrelid::regclass::text AS table, t.tgqual IS NOT NULL AS skips FROM pg_trigger t
        WHERE t.tgname = 'tenant_data_version_insert' AND t.tgrelid::regclass::text LIKE 'm104_%' ORDER BY 1`.execute(
        trx,
      ),
    );
    expect(skips.rows).toEqual([
      { table: 'm104_open', skips: false },
      { table: 'm104_others', skips: true },
      { table: 'm104_things', skips: true },
    ]);
  });
});

test('every tenant table whose triggers skip is confined to the operating tenant by its policies', async () => {
  const db = await openTestDatabase();
  try {
    const { rows } = await withSystem(db, (trx) =>
      sql<{ table: string; confined: boolean }>`
        SELECT DISTINCT t.tgrelid::regclass::text AS table, app_confined_to_operating_tenant(t.tgrelid) AS confined
        FROM pg_trigger t WHERE t.tgname LIKE 'tenant_data_version_%' AND t.tgqual IS NOT NULL`.execute(trx),
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => !r.confined)).toEqual([]);
    // The intake's tables among them (the statements an intake batch repeats are skipped).
    expect(rows.map((r) => r.table)).toEqual(
      expect.arrayContaining(['interview_results', 'participants', 'result_rollups', 'intake_requests']),
    );
  } finally {
    await db.destroy();
  }
});
