import { sql } from 'kysely';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { verifyResultRollups } from '../services/execution-service';
import { createTestApp, type TestApp } from '../testing/test-app';
import { BENCHMARK_USER, seedBenchmarkData } from './seed-benchmark-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the size option adds exactly the requested rows, with rollups equal to them and dashboard figures to match', async () => {
  const tenantId = await seedBenchmarkData(t.db, t.clock, { participants: 1_001, results: 12_003, projects: 2 });
  const counts = await withSystem(t.db, async (trx) => {
    const one = async (table: 'participants' | 'interview_results' | 'projects') =>
      (
        await trx
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n;
    return {
      participants: await one('participants'),
      results: await one('interview_results'),
      projects: await one('projects'),
    };
  });
  expect(counts).toEqual({ participants: 1_001, results: 12_003, projects: 2 });
  expect(await withTenant(t.db, tenantId, (trx) => verifyResultRollups(trx, tenantId))).toEqual([]);

  const token = await t.signIn(BENCHMARK_USER);
  const [kpi, months] = await Promise.all([
    t.api.ok('getDashboardKpi', { token, operatingTenant: tenantId, query: { tenantId } }),
    t.api.ok('listYearlyResults', { token, operatingTenant: tenantId }),
  ]);
  const completed = await withSystem(
    t.db,
    async (trx) =>
      (
        await trx
          .selectFrom('interview_results')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('tenant_id', '=', tenantId)
          .where('overall_evaluation', '<>', 'DC')
          .executeTakeFirstOrThrow()
      ).n,
  );
  expect(kpi.total_life_time_completed_interview).toBe(completed);
  expect(kpi.total_completed_interview).toBe(completed);
  expect(kpi.total_number_of_calls).toBe(24_006);
  expect(months.reduce((sum, m) => sum + m.count, 0)).toBe(completed);
});
