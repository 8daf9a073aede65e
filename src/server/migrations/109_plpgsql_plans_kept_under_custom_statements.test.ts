/**
 * Migration 109 (ADR 0127): every PL/pgSQL function keeps PostgreSQL's own plan choice for its statements, whatever
 * the session's plan_cache_mode (the embedded engine forces custom plans for its kept statements).
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem } from '../platform/tenancy/with-tenant';
import { openTestDatabase } from '../testing/database-template';

let db: Db;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.destroy());

test('no PL/pgSQL function runs under the session plan mode', async () => {
  const functions = await withSystem(db, (trx) =>
    sql<{ name: string; config: string[] | null }>`
      SELECT p.oid::regprocedure::text AS name, p.proconfig AS config
      FROM pg_proc p
      JOIN pg_language l ON l.oid = p.prolang
      JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE l.lanname = 'plpgsql' AND n.nspname = 'public'`.execute(trx),
  );
  expect(functions.rows.length).toBeGreaterThan(10);
  const unset = functions.rows.filter((f) => !(f.config ?? []).includes('plan_cache_mode=auto')).map((f) => f.name);
  expect(unset).toEqual([]);
});
