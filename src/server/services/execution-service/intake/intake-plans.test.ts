/** The plans of the intake's batched statements (ADR 0075): each reads its rows through an index, as the app role. */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { planOf } from '../../../testing/plan-project';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { claimAndCallersStatement } from './intake-store';
import { seededTenantId } from '../../../testing/seeded-tenant';

let db: Db;
let tenantId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  tenantId = await seededTenantId(db);
  // A project of 3,000 participants, analysed, so the planner weighs the indexes as on a real tenant (on the seed's
  // few rows every index costs the same).
  await withSystem(db, async (trx) => {
    await sql`
      INSERT INTO participants (tenant_id, project_id, interview_ref_num, access_code, first_name, last_name, status,
                                created_at, updated_at)
      SELECT ${tenantId}, (SELECT min(id) FROM projects WHERE tenant_id = ${tenantId}), 'PLAN-' || g,
             'PL' || lpad(g::text, 7, '0'), 'First' || g, 'Last' || g, 'INVITATION_SENT', now(), now()
      FROM generate_series(1, 3000) AS g`.execute(trx);
    await sql`ANALYZE participants`.execute(trx);
  });
});
afterAll(() => db.destroy());

const claims = [{ requestId: 'plan-1', kind: 'RESULT', bodyHash: 'h' }];
const at = new Date('2026-12-03T08:00:00Z');
const callersOf = (codes: string[]) => claimAndCallersStatement(tenantId, claims, codes, at);

test("a batch's participants are read by their keyed access codes' index", async () => {
  const plan = await planOf(db, tenantId, callersOf(['700000001', '700000002', 'B10A0000123']));
  expect(plan).toContain('participants_access_code_key_idx');
  expect(plan).toMatch(/Index Cond: .*access_code_key = ANY/);
});

test('the claim is aggregated on the outer side of a nested loop: it ends before a participant is locked (ADR 0200)', async () => {
  const plan = await planOf(db, tenantId, callersOf(['700000001', '700000002']));
  const lines = plan.split('\n');
  const loop = lines.findIndex((line) => /Nested Loop Left Join/.test(line));
  expect(loop).toBeGreaterThanOrEqual(0);
  // The loop's first child (its outer side) is the claim's aggregate, the second the callers' scan.
  const children = lines.slice(loop + 1).filter((line) => /^\s*->/.test(line));
  expect(children[0]).toMatch(/Aggregate/);
  expect(lines.slice(loop + 1).join('\n')).toMatch(/CTE Scan on claimed[\s\S]*CTE Scan on callers/);
});

test("the callers' plan is made once, for any codes, and still reads the keyed codes' index (ADR 0169)", async () => {
  const compiled = callersOf(['700000001', '700000002']).compile(db);
  expect(compiled.sql.startsWith(GENERIC_PLAN)).toBe(true);
  // The plan the engine keeps for it: made without the codes' values (a generic plan), then run with these.
  const plan = await withTenant(db, tenantId, async (trx) => {
    await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
    await sql`PREPARE callers AS ${sql.raw(compiled.sql)}`.execute(trx);
    const explained = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN EXECUTE callers(${sql.join([
        sql.lit(tenantId),
        sql.raw(`'2026-12-03T08:00:00Z'::timestamptz`),
        sql.raw(`'{plan-1}'::text[]`),
        sql.raw(`'{RESULT}'::text[]`),
        sql.raw(`'{h}'::text[]`),
        sql.raw(`'{700000001,700000002,B10A0000123}'::text[]`),
        sql.lit(3), // the result ids drawn (ADR 0225)
      ])})`.execute(trx);
    await sql`DEALLOCATE callers`.execute(trx);
    return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain('participants_access_code_key_idx');
  expect(plan).toMatch(/Index Cond: .*access_code_key = ANY \(\$6\)/);
  expect(plan).not.toMatch(/Seq Scan on participants/);
});
