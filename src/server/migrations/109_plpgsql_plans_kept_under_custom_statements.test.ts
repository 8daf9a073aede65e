/**
 * Migration 109 (ADR 0127): every PL/pgSQL function keeps PostgreSQL's own plan choice for its statements, whatever
 * the session's plan_cache_mode (the embedded engine forces custom plans for its kept statements). The search
 * functions keep generic plans instead (migration 128, ADR 0190): their only static statements are the whole code's
 * lookup, whose plan does not depend on the code, while their prefixes and texts are planned by EXECUTE in helpers
 * declared `auto`.
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

/**
 * PL/pgSQL functions whose static statements keep a generic plan by design (migration 128; the Backend Data Log's and
 * Incomplete Calls' and View Codes' searches, migrations 134, 135 and 137: key lookups, whose plans do not depend on the key).
 */
const GENERIC = [
  'app_access_code_search(bigint,text,integer)',
  'app_backend_log_search(text,text,integer)',
  'app_call_record_search(text,text,integer,integer)',
  'app_incomplete_call_search(text,text,integer,integer)',
  'app_participant_search(text,text,integer,integer)',
  'app_result_search(text,text,boolean,integer,integer)',
];

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
  const mode = (f: { name: string }) => (GENERIC.includes(f.name) ? 'force_generic_plan' : 'auto');
  const unset = functions.rows
    .filter((f) => !(f.config ?? []).includes(`plan_cache_mode=${mode(f)}`))
    .map((f) => f.name);
  expect(unset).toEqual([]);
});
