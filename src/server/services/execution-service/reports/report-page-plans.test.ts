/** The reports' first pages read an index in their order (issue 30): the plans of Call Records and Results. */
import type { Db } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { planOf, seedPlanProject, sorts, sortsAll, type PlanProject } from '../../../testing/plan-project';
import { callRecordPage } from './call-reports-store';
import { reportPageIds, type ResultsReportFilter } from './results-report-store';

let db: Db;
let plan: PlanProject;
beforeAll(async () => {
  db = await openTestDatabase();
  plan = await seedPlanProject(db);
}, 120_000);
afterAll(() => db.destroy());

const DAY = 86_400_000;

test('Call Records: the newest 25 of 90 days read the tenant time index, no sort', async () => {
  const to = new Date();
  const filter = {
    projectId: null,
    from: new Date(to.getTime() - 90 * DAY),
    to,
    search: null,
    minDuration: null,
    maxDuration: null,
    telcoProvider: null,
  };
  const statement = await withTenant(db, plan.tenantId, async (trx) =>
    callRecordPage(trx, filter, { offset: 0, limit: 25 }, null).compile(),
  );
  const found = await planOf(db, plan.tenantId, statement);
  expect(found).toContain('call_records_tenant_time_idx');
  expect(sorts(found)).toBe(false);
});

// The account's report reads its day index backwards (migration 013): it only orders by id the rows of one instant,
// an Incremental Sort; the report index (migration 041) is the provider's, across accounts.
test("Results report: the account's newest 25 of 90 days read its day index, sorting no more than ties", async () => {
  const to = new Date();
  const filter: ResultsReportFilter = {
    tenantId: plan.tenantId,
    projectId: null,
    from: new Date(to.getTime() - 90 * DAY),
    to,
    search: null,
    codes: [],
    released: true,
  };
  const found = await planOf(
    db,
    plan.tenantId,
    reportPageIds(filter, { by: 'date', direction: 'desc' }, { offset: 0, limit: 25 }),
  );
  expect(found).toContain('Index Scan Backward using interview_results_tenant_day_idx');
  expect(sortsAll(found)).toBe(false);
});
