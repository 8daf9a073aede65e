import { sql } from 'kysely';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { verifyResultRollups } from '../services/execution-service';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_QUESTIONS } from './demo-data';
import { FIRST, LAST, twelveMonthsBefore } from './interview-data';
import { BENCHMARK_USER, seedBenchmarkData } from './seed-benchmark-data';

let t: TestApp;
let tenantId: number;
const PARTICIPANTS = 2_000;
const RESULTS = 10_000;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await seedBenchmarkData(t.db, t.clock, {
    participants: PARTICIPANTS,
    results: RESULTS,
    projects: 1,
    tenantName: 'Generated Co',
    fast: true,
  });
  // A ceiling for a loaded machine, not a timed assertion: the generation takes a few seconds.
}, 300_000);
afterAll(() => t.close());

const one = async <T>(query: string): Promise<T> =>
  withSystem(
    t.db,
    async (trx) => (await sql<T>`${sql.raw(query.replaceAll(':tenant', String(tenantId)))}`.execute(trx)).rows[0]!,
  );

test('the generated tenant has the requested rows, each result with its question results and call record', async () => {
  const counts = await one<Record<string, number>>(`
    SELECT (SELECT count(*)::int FROM participants WHERE tenant_id = :tenant) AS participants,
           (SELECT count(*)::int FROM interview_results WHERE tenant_id = :tenant) AS results,
           (SELECT count(*)::int FROM interview_results WHERE tenant_id = :tenant AND overall_evaluation <> 'DC') AS completed,
           (SELECT count(*)::int FROM interview_question_results WHERE tenant_id = :tenant) AS question_results,
           (SELECT count(*)::int FROM call_records WHERE tenant_id = :tenant) AS calls,
           (SELECT count(*)::int FROM participant_status_logs WHERE tenant_id = :tenant) AS status_logs,
           -- The list's status rows (migration 126), each as its participant.
           (SELECT count(*)::int FROM participant_list_statuses s JOIN participants p ON p.id = s.participant_id
            WHERE s.tenant_id = :tenant AND (s.tenant_id, s.project_id, s.is_test_participant, s.is_hidden, s.status)
              = (p.tenant_id, p.project_id, p.is_test_participant, p.is_hidden, p.status)) AS list_statuses`);
  expect(counts).toMatchObject({
    participants: PARTICIPANTS,
    results: RESULTS,
    calls: RESULTS,
    status_logs: PARTICIPANTS,
    list_statuses: PARTICIPANTS,
  });
  // One per question for every result but the disconnected (DC) ones, as generateInterviewData writes them.
  expect(counts.question_results).toBe(counts.completed! * DEMO_QUESTIONS.length);
});

test('IRNs and access codes are unique, and each result carries its participant`s, its order and its call', async () => {
  const broken = await one<Record<string, number>>(`
    SELECT (SELECT count(*) - count(DISTINCT (project_id, interview_ref_num)) FROM participants WHERE tenant_id = :tenant)::int AS irn_repeats,
           (SELECT count(*) - count(DISTINCT access_code) FROM participants WHERE tenant_id = :tenant)::int AS code_repeats,
           (SELECT count(*) FROM participants WHERE tenant_id = :tenant AND (interview_ref_num IS NULL OR access_code IS NULL
              OR email IS NULL OR first_name IS NULL OR last_name IS NULL OR access_code_updated_at IS NULL))::int AS unfilled,
           (SELECT count(*) FROM interview_results r JOIN participants p ON p.id = r.participant_id
            WHERE r.tenant_id = :tenant AND (r.interview_reference_number IS DISTINCT FROM p.interview_ref_num
              OR r.access_code IS DISTINCT FROM p.access_code OR r.project_id <> p.project_id))::int AS mismatched,
           (SELECT count(*) FROM interview_results r WHERE r.tenant_id = :tenant AND r.order_id IS NULL)::int AS without_order,
           (SELECT count(*) FROM interview_results r WHERE r.tenant_id = :tenant
              AND NOT EXISTS (SELECT 1 FROM call_records c WHERE c.tenant_id = r.tenant_id AND c.call_id = r.call_id
                                AND c.participant_id = r.participant_id))::int AS without_call,
           (SELECT count(DISTINCT participant_id) FROM interview_results WHERE tenant_id = :tenant)::int AS interviewed,
           -- Written without foreign-key checks (ADR 0058): every reference must still hold.
           (SELECT count(*) FROM interview_results r WHERE r.tenant_id = :tenant
              AND (NOT EXISTS (SELECT 1 FROM participants p WHERE p.id = r.participant_id AND p.tenant_id = r.tenant_id)
                OR NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id AND o.tenant_id = r.tenant_id)))::int
             + (SELECT count(*) FROM interview_question_results q WHERE q.tenant_id = :tenant
              AND (NOT EXISTS (SELECT 1 FROM interview_results r WHERE r.id = q.interview_result_id AND r.tenant_id = q.tenant_id)
                OR NOT EXISTS (SELECT 1 FROM project_questions pq
                               WHERE pq.id = q.project_question_id AND pq.tenant_id = q.tenant_id
                                 AND pq.project_id = (SELECT project_id FROM interview_results WHERE id = q.interview_result_id))))::int
             + (SELECT count(*) FROM participant_status_logs l WHERE l.tenant_id = :tenant
              AND NOT EXISTS (SELECT 1 FROM participants p WHERE p.id = l.participant_id AND p.tenant_id = l.tenant_id))::int
             AS dangling`);
  expect(broken).toEqual({
    irn_repeats: 0,
    code_repeats: 0,
    unfilled: 0,
    mismatched: 0,
    without_order: 0,
    without_call: 0,
    interviewed: PARTICIPANTS,
    dangling: 0,
  });
  const names = await one<{ first: string[]; last: string[] }>(`
    SELECT array_agg(DISTINCT first_name) AS first, array_agg(DISTINCT last_name) AS last
    FROM participants WHERE tenant_id = :tenant`);
  expect([...names.first].sort()).toEqual([...FIRST].sort());
  expect([...names.last].sort()).toEqual([...LAST].sort());
});

test('risk levels and completion dates are spread as the domain path spreads them', async () => {
  const shares = await withSystem(
    t.db,
    async (trx) =>
      (
        await sql<{ code: string; share: number }>`
          SELECT overall_evaluation AS code, count(*)::float8 / ${RESULTS} AS share FROM interview_results
          WHERE tenant_id = ${tenantId} GROUP BY 1`.execute(trx)
      ).rows,
  );
  const share = Object.fromEntries(shares.map((s) => [s.code, s.share]));
  // The weights of interview-data.ts (LR 44 %, AR 18 %, HR 9 %, DC 6 %, ...), within sampling error.
  expect(Object.keys(share).sort()).toEqual(['AD', 'AR', 'CM', 'DC', 'HR', 'LR', 'NC', 'PR']);
  expect(share.LR).toBeGreaterThan(0.41);
  expect(share.LR).toBeLessThan(0.47);
  expect(share.HR).toBeGreaterThan(0.07);
  expect(share.HR).toBeLessThan(0.11);
  const span = await one<{ months: number; first: Date; last: Date; spanish: number }>(`
    SELECT count(DISTINCT date_trunc('month', completed_at AT TIME ZONE 'UTC'))::int AS months,
           min(completed_at) AS first, max(completed_at) AS last,
           (SELECT count(*)::int FROM participants WHERE tenant_id = :tenant AND participant_language_id = 2) AS spanish
    FROM interview_results WHERE tenant_id = :tenant`);
  expect(span.months).toBe(12);
  expect(span.first.getTime()).toBeGreaterThanOrEqual(twelveMonthsBefore(t.clock.now()).getTime());
  expect(span.last.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  expect(span.spanish / PARTICIPANTS).toBeGreaterThan(0.15);
  expect(span.spanish / PARTICIPANTS).toBeLessThan(0.25);
});

test('the rollups equal a recount, and the dashboard, the results list and the results report read the rows', async () => {
  expect(await withTenant(t.db, tenantId, (trx) => verifyResultRollups(trx, tenantId))).toEqual([]);
  const { project_id: projectId, completed } = await one<{ project_id: number; completed: number }>(`
    SELECT min(project_id) AS project_id, count(*) FILTER (WHERE overall_evaluation <> 'DC')::int AS completed
    FROM interview_results WHERE tenant_id = :tenant`);
  const token = await t.signIn(BENCHMARK_USER);
  const kpi = await t.api.ok('getDashboardKpi', { token, operatingTenant: tenantId, query: { tenantId } });
  expect(kpi.total_life_time_completed_interview).toBe(completed);

  const page = await t.api.ok('listProjectResults', {
    token,
    operatingTenant: tenantId,
    body: { projectId, page: 0, pageSize: 100 },
  });
  expect(page.totalResults).toBe(RESULTS);
  expect(page.results).toHaveLength(100);
  const withQuestions = page.results.find((r) => r.overallEvaluation.code !== 'DC')!;
  expect(withQuestions.interviewQuestionsResult).toHaveLength(DEMO_QUESTIONS.length);
  expect(withQuestions.interviewReferenceNumber).toMatch(new RegExp(`^B${projectId}-\\d{7}$`));

  const day = (ago: number) => new Date(t.clock.now().getTime() - ago * 86_400_000).toISOString().slice(0, 10);
  const report = await t.api.ok('listResultsReport', {
    token,
    operatingTenant: tenantId,
    body: { tenantId, startDate: day(400), endDate: day(0), pageSize: 25 },
  });
  expect(report.totalResults).toBe(RESULTS);
  expect(report.results).toHaveLength(25);
});
