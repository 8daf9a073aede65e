/** The reports' first pages read an index in their order (issue 30): the plans of Call Records and Results. */
import type { Db } from '../../../platform/db/schema';
import { findListSearch, type ListSearch } from '../../../platform/db/list-search';
import { WALK_MAX } from '../../../platform/db/list-walk';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { planOf, seedPlanProject, sorts, sortsAll, type PlanProject } from '../../../testing/plan-project';
import { callRecordPage, findCallRecordsAfter } from './call-reports-store';
import {
  findReportResults,
  reportPageIds,
  type ResultsReportFilter,
  type ResultsReportSort,
} from './results-report-store';

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

test('Call Records export: a deep keyset page (ADR 0114) seeks in the tenant time index from the last row, no sort', async () => {
  const filter = {
    projectId: plan.projectId,
    from: null,
    to: null,
    search: null,
    minDuration: null,
    maxDuration: null,
    telcoProvider: null,
  };
  const statement = await withTenant(db, plan.tenantId, async (trx) => {
    const before = await findCallRecordsAfter(trx, filter, 5_000, null);
    return callRecordPage(trx, { ...filter, after: before.next! }, { offset: 0, limit: 500 }, null).compile();
  });
  const found = await planOf(db, plan.tenantId, statement);
  expect(found).toMatch(/call_records_tenant_time_idx[\s\S]*Index Cond: .*ROW\(call_at, id\) < ROW/);
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

const reportFilter = (search: string | null): ResultsReportFilter => ({
  tenantId: plan.tenantId,
  projectId: null,
  from: null,
  to: null,
  search,
  codes: [],
  released: true,
});

const reportSearch = (trx: Db, text: string, names?: number) =>
  findListSearch(
    trx,
    { name: 'app_result_search', accessCodes: true },
    text,
    names === undefined ? undefined : { code: 5_000, text: names },
  );

// Issue 30: a common name in the Results report read every match through its ids (628 / 725 ms p50 / p99 on the
// 1M-result tenant); it now walks the date order as the Results tab does (ADR 0092).
test("Results report: a broad name walks the account's day index and reads each row's participant by its key", async () => {
  const search = await withTenant(db, plan.tenantId, (trx) => reportSearch(trx, 'santos', 0));
  expect(search!.textIds).toBeNull();
  const found = await planOf(
    db,
    plan.tenantId,
    reportPageIds(
      { ...reportFilter('santos'), from: new Date(Date.now() - 90 * DAY), to: new Date() },
      { by: 'date', direction: 'desc' },
      { offset: 0, limit: 25 },
      search,
      2_000,
    ),
  );
  expect(found).toContain('interview_results_tenant_day_idx');
  expect(found).toContain('participants_pkey');
  expect(sortsAll(found)).toBe(false);
});

test('Results report: walked (broad) or by ids (narrow), shallow or deep, a page holds the rows its rule finds', async () => {
  const ids = async (
    trx: Db,
    filter: ResultsReportFilter,
    sort: ResultsReportSort,
    offset: number,
    search: ListSearch,
  ) =>
    (await reportPageIds(filter, sort, { offset, limit: 25 }, search).execute(trx)).rows.map((r) =>
      Number((r as { id: string | number }).id),
    );
  await withTenant(db, plan.tenantId, async (trx) => {
    for (const text of ['santos', 'sa', 'PLAN-0000', 'plan-0000012', 'no such name'])
      for (const sort of [
        { by: 'date', direction: 'desc' },
        { by: 'date', direction: 'asc' },
        { by: 'irn', direction: 'asc' },
      ] as const)
        for (const page of [0, 2, WALK_MAX / 25]) {
          const filter = reportFilter(text);
          const listed = (await reportSearch(trx, text))!;
          const expected = await ids(trx, filter, sort, page * 25, { ...listed, codeIds: null, textIds: null });
          const found = (await findReportResults(trx, filter, sort, { offset: page * 25, limit: 25 })).map((r) => r.id);
          expect({ text, sort, page, found }).toEqual({ text, sort, page, found: expected });
        }
  });
}, 120_000);
