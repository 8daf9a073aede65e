/** Migration 101: the application deletes an intake request only in the transaction that claimed it (ADR 0116). */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { openTestDatabase } from '../testing/database-template';
import { seededTenantId } from '../testing/seeded-tenant';

let db: Db;
let tenantId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  tenantId = await seededTenantId(db);
});
afterAll(() => db.destroy());

const claim = (trx: Db, requestId: string) =>
  sql`INSERT INTO intake_requests (tenant_id, request_id, kind, body_hash, answer, created_at)
      VALUES (${tenantId}, ${requestId}, 'RESULT', 'hash', '{}'::jsonb, now())`.execute(trx);
const giveBack = async (trx: Db, requestId: string) =>
  Number(
    (await sql`DELETE FROM intake_requests WHERE tenant_id = ${tenantId} AND request_id = ${requestId}`.execute(trx))
      .numAffectedRows,
  );
const stored = (requestId: string) =>
  withSystem(db, (trx) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM intake_requests WHERE request_id = ${requestId}`.execute(trx),
  ).then((r) => r.rows[0]!.n);

test('a claim is given back in the transaction that made it', async () => {
  const deleted = await withTenant(db, tenantId, async (trx) => {
    await claim(trx, 'm101-same');
    return giveBack(trx, 'm101-same');
  });
  expect(deleted).toBe(1);
  expect(await stored('m101-same')).toBe(0);
});

test('a stored request is beyond the application: a later transaction deletes nothing', async () => {
  await withTenant(db, tenantId, (trx) => claim(trx, 'm101-kept'));
  expect(await withTenant(db, tenantId, (trx) => giveBack(trx, 'm101-kept'))).toBe(0);
  expect(await stored('m101-kept')).toBe(1);
});
