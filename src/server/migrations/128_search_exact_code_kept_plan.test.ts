/**
 * Migration 128 (ADR 0190, issue 30): a whole code's lookup in the search functions keeps its plan, made once a
 * session, on both engines; a prefix is still planned for its value at every call.
 *
 * How a kept plan shows: the planner's settings are read when a plan is made, not when it runs. After a first call has
 * made the lookup's plan, index scans are switched off for the transaction: a lookup planned again would read its
 * tables from end to end (a sequential scan, counted in pg_stat_xact_user_tables), the kept plan still reads the key
 * indexes. Without the migration (each lookup planned by EXECUTE) the second whole code is read by sequential scans.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { insertTenant } from '../testing/tenant-of-its-own';
import { migratedEngines } from '../testing/migrated-engines';

type Fn = 'result' | 'call' | 'participant';

/** The tables each function reads. */
const TABLES: Record<Fn, string[]> = {
  result: ['interview_results', 'participants'],
  call: ['call_records'],
  participant: ['participants'],
};

const ROWS = 3_000;
const code = (n: number) => `KP-${String(n).padStart(7, '0')}`;
const irn = (n: number) => `KPIRN-${n}`;

/** A tenant of its own with ROWS participants, each with a result and a call record under its code and IRN. */
async function addTenant(db: Db): Promise<number> {
  return withSystem(db, async (trx) => {
    const tenantId = await insertTenant(trx, 'Kept plans');
    await sql`
      WITH project AS (
        INSERT INTO projects (tenant_id, name, configuration_json, created_at)
        VALUES (${tenantId}, 'Kept plans', '{}', now()) RETURNING id, tenant_id
      ), added AS (
        INSERT INTO participants (tenant_id, project_id, interview_ref_num, access_code, first_name, last_name,
                                  created_at, updated_at)
        SELECT project.tenant_id, project.id, 'KPIRN-' || g, 'KP-' || lpad(g::text, 7, '0'), 'First' || g,
               'Last' || g, now(), now()
        FROM project, generate_series(1, ${ROWS}) AS g
        RETURNING id, tenant_id, project_id, interview_ref_num, access_code
      ), results AS (
        INSERT INTO interview_results (tenant_id, project_id, participant_id, interview_reference_number, access_code,
                                       overall_evaluation, completed_at, created_at)
        SELECT tenant_id, project_id, id, interview_ref_num, access_code, 'LR', now(), now() FROM added
      )
      INSERT INTO call_records (tenant_id, project_id, participant_id, call_id, interview_reference_number, access_code,
                                call_at, duration_seconds, created_at)
      SELECT tenant_id, project_id, id, 'kp-call-' || id, interview_ref_num, access_code, now(), 60, now()
      FROM added`.execute(trx);
    await sql`ANALYZE participants, interview_results, call_records`.execute(trx);
    return tenantId;
  });
}

const call = (fn: Fn, text: string) => {
  const pattern = `%${text}%`;
  if (fn === 'result') return sql`app_result_search(${pattern}, app_code_key(${text}), true, 5000, 20000)`;
  return fn === 'call'
    ? sql`app_call_record_search(${pattern}, app_code_key(${text}), 5000, 20000)`
    : sql`app_participant_search(${pattern}, app_code_key(${text}), 5000, 20000)`;
};

const search = async (trx: Db, fn: Fn, text: string) =>
  (await sql<{ match_id: string | null; match_how: string }>`SELECT * FROM ${call(fn, text)}`.execute(trx)).rows;

/** Scans the transaction has started on the tables: sequential, and through their indexes. */
async function scans(trx: Db, tables: string[]) {
  const { rows } = await sql<{ seq: number; idx: number }>`
    SELECT coalesce(sum(seq_scan), 0)::int AS seq, coalesce(sum(idx_scan), 0)::int AS idx
    FROM pg_stat_xact_user_tables WHERE relname = ANY(${tables}::text[])`.execute(trx);
  return rows[0]!;
}

/** What a search does once the planner may no longer choose an index: the scans it started, and its rows. */
async function afterIndexesOff(db: Db, tenantId: number, fn: Fn, first: string, then: string) {
  return withTenant(db, tenantId, async (trx) => {
    // Every kept plan is made again at its next run: the first search makes the lookup's plan, as a session's first
    // call of the function does.
    await sql`DISCARD PLANS`.execute(trx);
    expect(await search(trx, fn, first)).not.toEqual([]);
    await sql`SET LOCAL enable_indexscan = off`.execute(trx);
    await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
    await sql`SET LOCAL enable_indexonlyscan = off`.execute(trx);
    const before = await scans(trx, TABLES[fn]);
    const rows = await search(trx, fn, then);
    const after = await scans(trx, TABLES[fn]);
    return { seq: after.seq - before.seq, idx: after.idx - before.idx, rows };
  });
}

describe.each(migratedEngines('kept-search'))('on %s', (_engine, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let tenantId: number;

  beforeAll(async () => {
    ({ db, close } = await open());
    tenantId = await addTenant(db);
  }, 120_000);
  afterAll(() => close?.());

  test.each(['call', 'participant', 'result'] as const)(
    'the %s search reads a whole code by its kept plan, in every spelling',
    async (fn) => {
      const found = await afterIndexesOff(db, tenantId, fn, code(11), ' kp 00000-12 ');
      expect(found.rows.map((r) => r.match_how)).toEqual(['exact']);
      expect(found.seq).toBe(0);
      expect(found.idx).toBeGreaterThan(0);
      // An IRN, the other key, through the same plan.
      const byIrn = await afterIndexesOff(db, tenantId, fn, code(13), irn(14).toLowerCase());
      expect(byIrn.rows.map((r) => r.match_how)).toEqual(['exact']);
      expect(byIrn.seq).toBe(0);
    },
  );

  test.each(['call', 'participant', 'result'] as const)(
    "the %s search plans a code's start for its value",
    async (fn) => {
      const found = await afterIndexesOff(db, tenantId, fn, code(11), 'KP-000001');
      expect(found.rows.filter((r) => r.match_how === 'code')).toHaveLength(10);
      expect(found.seq).toBeGreaterThan(0);
    },
  );
});
