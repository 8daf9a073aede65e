import { sql } from 'kysely';
import type { TenantContext } from '../openapi/handler';
import { withTenant } from '../tenancy/with-tenant';
import { recordingStatements } from '../../testing/recording-statements';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { keptUnderDataVersion } from './tenant-figures-cache';

// The parts of one answer kept under one read of the account's data version (ADR 0025).
let t: TestApp;
let acme: number;
let globex: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
});
afterAll(() => t.close());

const contextOf = (tenantId: number) =>
  ({ deps: { db: t.db }, account: { id: tenantId }, everyAccount: false }) as unknown as TenantContext;

/** A database that notes each statement's text. */
const countingDb = () => recordingStatements(t.db);

const touch = (tenantId: number) =>
  withTenant(t.db, tenantId, (trx) =>
    sql`UPDATE project_attributes SET description = description WHERE tenant_id = ${tenantId}`.execute(trx),
  );

test('the parts of one answer read the version once, and a second answer reuses what the first kept', async () => {
  const { db, statements } = countingDb();
  const reads: string[] = [];
  const answer = () =>
    withTenant(db, acme, async (trx) => {
      const kept = keptUnderDataVersion(contextOf(acme), trx);
      const probe = await kept('probe', ['santos'], async () => (reads.push('probe'), 'probed'));
      const total = await kept('total', [{ status: 1 }], async () => (reads.push('total'), 42));
      return { probe, total };
    });
  expect(await answer()).toEqual({ probe: 'probed', total: 42 });
  expect(statements.filter((text) => text.includes('tenant_data_versions'))).toHaveLength(1);
  expect(await answer()).toEqual({ probe: 'probed', total: 42 });
  expect(statements.filter((text) => text.includes('tenant_data_versions'))).toHaveLength(2);
  expect(reads).toEqual(['probe', 'total']);
});

test("a write to the account reads the parts again; another account's write does not", async () => {
  const reads: number[] = [];
  const read = (tenantId: number) =>
    withTenant(t.db, tenantId, (trx) =>
      keptUnderDataVersion(contextOf(tenantId), trx)('count', ['moves'], async () => {
        reads.push(tenantId);
        return reads.length;
      }),
    );
  const first = await read(acme);
  await touch(globex);
  expect(await read(acme)).toBe(first);
  await touch(acme);
  expect(await read(acme)).toBe(first + 1);
  expect(reads).toEqual([acme, acme]);
});

test('the same part of two accounts is kept apart', async () => {
  const read = (tenantId: number) =>
    withTenant(t.db, tenantId, (trx) =>
      keptUnderDataVersion(contextOf(tenantId), trx)('whose', [], async () => `of ${tenantId}`),
    );
  expect([await read(acme), await read(globex)]).toEqual([`of ${acme}`, `of ${globex}`]);
});

test('a value its keepIf refuses is answered and read again next time; a small one is kept', async () => {
  let reads = 0;
  const read = (size: number) =>
    withTenant(t.db, acme, (trx) =>
      keptUnderDataVersion(contextOf(acme), trx)(
        'sized',
        [size],
        async () => (reads++, Array.from({ length: size }, (_, i) => i)),
        (ids) => ids.length <= 3,
      ),
    );
  expect(await read(5)).toHaveLength(5);
  expect(await read(5)).toHaveLength(5);
  expect(reads).toBe(2);
  expect(await read(2)).toEqual([0, 1]);
  expect(await read(2)).toEqual([0, 1]);
  expect(reads).toBe(3);
});

test('pages are kept in their own store: a hundred newer pages push out the oldest page, never a small part', async () => {
  const reads: string[] = [];
  const keep = (name: string, store: 'parts' | 'pages') =>
    withTenant(t.db, acme, (trx) =>
      keptUnderDataVersion(contextOf(acme), trx)(name, [], async () => (reads.push(name), name), undefined, store),
    );
  await keep('total', 'parts');
  for (let page = 0; page <= 100; page++) await keep(`page ${page}`, 'pages');
  reads.length = 0;
  await keep('total', 'parts');
  await keep('page 100', 'pages');
  await keep('page 0', 'pages');
  expect(reads).toEqual(['page 0']);
});
