import { sql } from 'kysely';
import { withSystem } from '../tenancy/with-tenant';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tenantDataVersion } from './data-version-store';

// ADR 0025: the per-tenant data version every write bumps, and the cached, ETag-answered figures it keys.
let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;

const version = async (tenantId: number) => Number(await withSystem(t.db, (trx) => tenantDataVersion(trx, tenantId)));

/** A write through a tenant table, as any area's store would make it. */
const touchAttributes = (tenantId: number) =>
  withSystem(t.db, (trx) =>
    sql`UPDATE project_attributes SET description = description WHERE tenant_id = ${tenantId}`.execute(trx),
  );

const FIGURES = [
  { operationId: 'getDashboardKpi', query: () => ({ tenantId: acme }) },
  { operationId: 'listYearlyResults', query: () => ({}) },
  { operationId: 'listProjectCards', query: () => ({ defaultStatus: 'true' }) },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  acmeAdmin = await t.signIn('admin@acme.test');
});

afterAll(() => t.close());

test('every table with a tenant_id column carries the data-version triggers', async () => {
  const missing = await withSystem(t.db, async (trx) => {
    const { rows } = await sql<{ table: string }>`
      SELECT c.relname AS table
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'tenant_data_versions'
        AND (SELECT count(*) FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname LIKE 'tenant_data_version_%') < 3
      ORDER BY 1`.execute(trx);
    return rows.map((r) => r.table);
  });
  expect(missing).toEqual([]);
});

test('a table added later gets the triggers from the migration step', async () => {
  const equipped = await withSystem(t.db, async (trx) => {
    await sql`CREATE TABLE later_tenant_things (id int, tenant_id int)`.execute(trx);
    const { rows } = await sql<{ n: number }>`SELECT app_ensure_tenant_data_version_triggers() AS n`.execute(trx);
    await sql`DROP TABLE later_tenant_things`.execute(trx);
    return rows[0]!.n;
  });
  expect(equipped).toBe(1);
});

test("a write bumps its tenant's version in its transaction, and only that tenant's", async () => {
  const [acmeBefore, globexBefore] = [await version(acme), await version(globex)];
  await touchAttributes(acme);
  expect(await version(acme)).toBe(acmeBefore + 1);
  expect(await version(globex)).toBe(globexBefore);

  // Rolled back: no bump either.
  await expect(
    withSystem(t.db, async (trx) => {
      await sql`UPDATE project_attributes SET description = description WHERE tenant_id = ${acme}`.execute(trx);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await version(acme)).toBe(acmeBefore + 1);
});

describe.each(FIGURES)('$operationId', ({ operationId, query }) => {
  const call = (ifNoneMatch?: string, operatingTenant = acme) =>
    t.api.call(operationId, {
      token: acmeAdmin,
      operatingTenant,
      query: query(),
      headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
    });

  test('answers an ETag, then 304 to a client that holds it; a write makes it 200 again', async () => {
    const first = await call();
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"\d+-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await call(etag);
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await touchAttributes(globex);
    expect((await call(etag)).status).toBe(304);

    await touchAttributes(acme);
    const changed = await call(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toEqual(first.body);
  });

  test('the same answer from the cache as from the database', async () => {
    const cold = await call();
    const warm = await call();
    expect(warm.body).toEqual(cold.body);
    expect(warm.headers.etag).toBe(cold.headers.etag);
  });
});
