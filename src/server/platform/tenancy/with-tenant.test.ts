import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { withSystem, withTenant } from './with-tenant';

let t: TestApp;
let acme: number;
let globex: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
});
afterAll(() => t.close());

describe('row-level security (defence in depth)', () => {
  test('queries without any WHERE clause see only the operating tenant', async () => {
    const seen = await withTenant(t.db, acme, async (trx) => ({
      users: await trx.selectFrom('users').select('tenant_id').execute(),
      roles: await trx.selectFrom('roles').select('tenant_id').execute(),
      projects: await trx.selectFrom('projects').select('tenant_id').execute(),
      callCenters: await trx.selectFrom('call_centers').select('tenant_id').execute(),
      memberships: await trx.selectFrom('user_tenants').select('tenant_id').execute(),
    }));
    for (const rows of Object.values(seen)) {
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.tenant_id))).toEqual(new Set([acme]));
    }
    const all = await withSystem(t.db, (trx) => trx.selectFrom('users').select('tenant_id').execute());
    expect(new Set(all.map((r) => r.tenant_id)).size).toBeGreaterThan(1);
  });

  test('a row of another tenant cannot be read, written or deleted by id', async () => {
    const globexProject = await withSystem(t.db, (trx) =>
      trx.selectFrom('projects').select('id').where('tenant_id', '=', globex).executeTakeFirstOrThrow(),
    );
    const outcome = await withTenant(t.db, acme, async (trx) => ({
      read: await trx.selectFrom('projects').select('id').where('id', '=', globexProject.id).execute(),
      updated: await trx
        .updateTable('projects')
        .set({ name: 'hijacked' })
        .where('id', '=', globexProject.id)
        .executeTakeFirst(),
      deleted: await trx.deleteFrom('projects').where('id', '=', globexProject.id).executeTakeFirst(),
    }));
    expect(outcome.read).toEqual([]);
    expect(Number(outcome.updated.numUpdatedRows)).toBe(0);
    expect(Number(outcome.deleted.numDeletedRows)).toBe(0);
  });

  test('inserting a row for another tenant is refused', async () => {
    await expect(
      withTenant(t.db, acme, (trx) =>
        trx.insertInto('projects').values({ tenant_id: globex, name: 'Smuggled', created_at: t.clock.now() }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  test('the application role is not a superuser, cannot bypass RLS and cannot touch identity tables', async () => {
    const role = await withTenant(t.db, acme, async (trx) => {
      const { rows } = await sql<{ user: string; rolsuper: boolean; rolbypassrls: boolean }>`
        SELECT current_user AS user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`.execute(trx);
      return rows[0];
    });
    expect(role).toEqual({ user: 'voxscreen_app', rolsuper: false, rolbypassrls: false });
    await expect(
      withTenant(t.db, acme, (trx) => trx.selectFrom('signing_keys').select('kid').execute()),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withTenant(t.db, acme, (trx) => trx.selectFrom('login_failures').select('id').execute()),
    ).rejects.toThrow(/permission denied/);
  });

  test('every table with a tenant_id column has row-level security enabled, forced and a tenant policy', async () => {
    const tables = await sql<{ table: string; enabled: boolean; forced: boolean; policies: number }>`
      SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
             (SELECT count(*)::int FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'tenant_isolation') AS policies
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind = 'r'
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
      ORDER BY 1`.execute(t.db);
    expect(tables.rows.length).toBeGreaterThanOrEqual(10);
    for (const table of tables.rows)
      expect(table).toEqual({ table: table.table, enabled: true, forced: true, policies: 1 });
  });

  test('without a tenant set, the application role sees nothing', async () => {
    const rows = await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL ROLE voxscreen_app`.execute(trx);
      return trx.selectFrom('users').select('id').execute();
    });
    expect(rows).toEqual([]);
  });
});

test('opening a transaction inside another one fails instead of deadlocking on the single connection', async () => {
  await expect(withSystem(t.db, () => withTenant(t.db, acme, async () => 1))).rejects.toThrow(
    /inside a system transaction/,
  );
  await expect(withTenant(t.db, acme, () => withSystem(t.db, async () => 1))).rejects.toThrow(
    /inside a tenant transaction/,
  );
});

test('generic plans are asked for one transaction alone (ADR 0174)', async () => {
  const mode = (trx: Db) =>
    sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`.execute(trx).then((r) => r.rows[0]!.mode);
  const tenant = (trx: Db) =>
    sql<{ id: string }>`SELECT current_setting('app.tenant_id') AS id`.execute(trx).then((r) => r.rows[0]!.id);
  const serverMode = await withTenant(t.db, acme, mode);
  expect(serverMode).not.toBe('force_generic_plan');
  expect(await withTenant(t.db, acme, mode, { genericPlans: true })).toBe('force_generic_plan');
  // Still the operating tenant's transaction, and the next one plans as the server does.
  expect(await withTenant(t.db, acme, tenant, { genericPlans: true })).toBe(String(acme));
  expect(await withTenant(t.db, acme, mode)).toBe(serverMode);
});
