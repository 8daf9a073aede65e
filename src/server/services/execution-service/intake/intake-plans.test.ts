/** The plans of the intake's batched statements (ADR 0075): each reads its rows through an index, as the app role. */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { planOf } from '../../../testing/plan-project';
import { callersStatement } from './intake-store';
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

test("a batch's participants are read by their keyed access codes' index", async () => {
  const plan = await planOf(db, tenantId, callersStatement(['700000001', '700000002', 'B10A0000123']));
  expect(plan).toContain('participants_access_code_key_idx');
  expect(plan).toMatch(/Index Cond: .*access_code_key = ANY/);
});
