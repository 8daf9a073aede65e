/**
 * The exports' readers (ADR 0114), the Results tab's, the results report's, the call records' and the incomplete
 * calls': keyset pages hold exactly the rows, in exactly the order, that the list's offset
 * pages hold, ties on the sort key included, whatever the page size.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { seedPlanProject, type PlanProject } from '../../../testing/plan-project';
import type { TimeKeyset } from '../../../platform/db/keyset';
import { readKeysetPages } from '../../../platform/http/csv-download';
import type { PageStart } from '../../../platform/cache/kept-cuts';
import { offsetPages, readDeepPages } from '../../../testing/deep-pages';
import {
  findCallRecords,
  findCallRecordsAfter,
  findIncompleteCalls,
  findIncompleteCallsAfter,
  findIncompleteCallsFrom,
  type CallRecordRow,
  type IncompleteCallRow,
  type IncompleteKey,
  type IncompleteSort,
} from './call-reports-store';
import {
  findReportResults,
  findReportResultsAfter,
  type ReportKeyset,
  type ResultsReportFilter,
  type ResultsReportRow,
  type ResultsReportSort,
} from './results-report-store';
import { resultPages } from '../project-results/result-pages';
import { readResults, type ListedResult, type ResultQuery } from '../project-results/results-store';

let db: Db;
let plan: PlanProject;
beforeAll(async () => {
  db = await openTestDatabase();
  plan = await seedPlanProject(db, { participants: 300, results: 1_200 });
  // Ties: every third result shares its week's completion time (with microseconds, which a Date would drop).
  await withTenant(db, plan.tenantId, (trx) =>
    sql`UPDATE interview_results SET completed_at = date_trunc('week', completed_at) + interval '123456 microseconds'
        WHERE project_id = ${plan.projectId} AND id % 3 = 0`.execute(trx),
  );
  await withTenant(db, plan.tenantId, (trx) =>
    sql`UPDATE call_records SET call_at = date_trunc('week', call_at) + interval '123456 microseconds'
        WHERE project_id = ${plan.projectId} AND id % 3 = 0`.execute(trx),
  );
}, 120_000);
afterAll(() => db.destroy());

const query = (changes: Partial<ResultQuery> = {}): ResultQuery => ({
  projectId: plan.projectId,
  page: 0,
  pageSize: 100,
  offset: '+00:00',
  sortBy: 'date',
  sortDirection: 'desc',
  released: true,
  hideReviewed: false,
  ...changes,
});

const inTenant = <T>(fn: (trx: Db) => Promise<T>) => withTenant(db, plan.tenantId, fn);

async function exported(q: ResultQuery, options: { pageSize: number; maxRows?: number }): Promise<ListedResult[]> {
  const rows: ListedResult[] = [];
  for await (const page of resultPages(inTenant, q, options)) rows.push(...page);
  return rows;
}

/** The list's rows in its order, as one offset page (what an export held before it read by keyset). */
const listed = (q: ResultQuery) => inTenant((trx) => readResults(trx, q, 100_000, 0));

const orders: Partial<ResultQuery>[] = [
  { sortBy: 'date', sortDirection: 'desc' },
  { sortBy: 'date', sortDirection: 'asc' },
  { sortBy: 'overallScore', sortDirection: 'desc' },
  { sortBy: 'overallScore', sortDirection: 'asc' },
  { sortBy: 'overallScore', sortDirection: 'desc', riskLevels: ['HR', 'G'], hideReviewed: true },
  { sortBy: 'date', sortDirection: 'desc', search: 'santos' },
  { sortBy: 'irn', sortDirection: 'asc' },
];

test('the seeded project has ties on the completion time, and results of several severities', async () => {
  const found = await inTenant((trx) =>
    sql<{ tied: number; severities: number }>`
      SELECT (SELECT count(*)::int FROM (SELECT completed_at FROM interview_results WHERE project_id = ${plan.projectId}
               GROUP BY completed_at HAVING count(*) > 1) AS t) AS tied,
             (SELECT count(DISTINCT overall_evaluation)::int FROM interview_results
               WHERE project_id = ${plan.projectId}) AS severities`.execute(trx),
  );
  expect(found.rows[0]!.tied).toBeGreaterThan(40);
  expect(found.rows[0]!.severities).toBeGreaterThan(2);
});

test.each(orders)(
  'pages of 37 hold the rows of the list in its order: %o',
  async (order) => {
    const q = query(order);
    const expected = await listed(q);
    expect(expected.length).toBeGreaterThan(order.search || order.riskLevels ? 10 : 200);
    const found = await exported(q, { pageSize: 37 });
    expect(found.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(found).toEqual(expected);
  },
  60_000,
);

test('maxRows stops the export at the first rows of the order, and a page as long as the rest ends it', async () => {
  const q = query({ sortBy: 'overallScore', sortDirection: 'desc' });
  const expected = await listed(q);
  expect((await exported(q, { pageSize: 37, maxRows: 100 })).map((r) => r.id)).toEqual(
    expected.slice(0, 100).map((r) => r.id),
  );
  expect((await exported(q, { pageSize: expected.length })).map((r) => r.id)).toEqual(expected.map((r) => r.id));
}, 60_000);

describe("the results report's export (reports area) by keyset", () => {
  const filter = (changes: Partial<ResultsReportFilter> = {}): ResultsReportFilter => ({
    tenantId: plan.tenantId,
    projectId: plan.projectId,
    from: null,
    to: null,
    search: null,
    codes: [],
    released: true,
    ...changes,
  });

  async function reportExported(f: ResultsReportFilter, sort: ResultsReportSort, pageSize: number) {
    const rows: ResultsReportRow[] = [];
    const pages = readKeysetPages(
      (after: ReportKeyset | null, limit: number) =>
        inTenant((trx) => findReportResultsAfter(trx, f, sort, limit, after)),
      { pageSize },
    );
    for await (const page of pages) rows.push(...page);
    return rows;
  }

  test.each([
    [{}, 'desc'],
    [{}, 'asc'],
    [{ search: 'santos' }, 'desc'],
    [{ codes: ['HR', 'G'] }, 'asc'],
  ] as const)(
    'pages of 37 hold the rows of one offset page in the date order: %o %s',
    async (changes, direction) => {
      const f = filter(changes);
      const sort: ResultsReportSort = { by: 'date', direction };
      const expected = await inTenant((trx) => findReportResults(trx, f, sort, { offset: 0, limit: 100_000 }));
      expect(expected.length).toBeGreaterThan(10);
      expect(await reportExported(f, sort, 37)).toEqual(expected);
    },
    60_000,
  );
});

/** A filter of the call reports' tabs over the plan project (Call Records also takes a carrier: none). */
const callFilter = (changes: { search?: string; minDuration?: number; maxDuration?: number } = {}) => ({
  projectId: plan.projectId,
  from: null,
  to: null,
  search: changes.search ?? null,
  minDuration: changes.minDuration ?? null,
  maxDuration: changes.maxDuration ?? null,
});

describe('the call records export by keyset', () => {
  const filter = (changes: { search?: string; minDuration?: number } = {}) => ({
    ...callFilter(changes),
    telcoProvider: null,
  });

  test.each([{}, { minDuration: 60 }, { search: 'PLAN-00001' }])(
    'pages of 37 hold the rows of one offset page, newest first, ties included: %o',
    async (changes) => {
      const f = filter(changes);
      const expected = await inTenant((trx) => findCallRecords(trx, f, { offset: 0, limit: 100_000 }));
      expect(expected.length).toBeGreaterThan(changes.search ? 1 : 200);
      const rows: CallRecordRow[] = [];
      const pages = readKeysetPages(
        (after: TimeKeyset | null, limit: number) => inTenant((trx) => findCallRecordsAfter(trx, f, limit, after)),
        { pageSize: 37 },
      );
      for await (const page of pages) rows.push(...page);
      expect(rows).toEqual(expected);
    },
    60_000,
  );
});

describe('the incomplete calls export by keyset', () => {
  beforeAll(async () => {
    // An incomplete call for every fourth call record, every third of them at its week's shared time (a tie).
    await inTenant((trx) =>
      sql`INSERT INTO incomplete_calls (tenant_id, project_id, participant_id, interview_reference_number, access_code,
            caller_id, interrupt_code, call_at, duration_seconds, created_at)
          SELECT c.tenant_id, c.project_id, c.participant_id, c.interview_reference_number, c.access_code,
                 c.caller_number, 'HANGUP',
                 CASE WHEN c.id % 3 = 0 THEN date_trunc('week', c.call_at) + interval '654321 microseconds'
                      ELSE c.call_at END,
                 c.duration_seconds, now()
          FROM call_records c WHERE c.project_id = ${plan.projectId} AND c.id % 4 = 0`.execute(trx),
    );
    // The IRN and duration orders' ties and gaps (ADR 0236): every fifth call without an IRN, every seventh with an IRN
    // many share, and durations in steps of 10 s, so many calls have each.
    await inTenant((trx) =>
      sql`UPDATE incomplete_calls
          SET interview_reference_number = CASE WHEN id % 5 = 0 THEN NULL WHEN id % 7 = 0 THEN 'PLAN-SHARED'
                                                ELSE interview_reference_number END,
              duration_seconds = duration_seconds / 10 * 10
          WHERE project_id = ${plan.projectId}`.execute(trx),
    );
  });

  const filter = callFilter;
  const whole = (f: ReturnType<typeof filter>, sort: IncompleteSort) =>
    inTenant((trx) => findIncompleteCalls(trx, f, sort, { offset: 0, limit: 100_000 }));

  test.each([
    { by: 'date' as const, direction: 'desc' as const },
    { by: 'date' as const, direction: 'asc' as const },
    { by: 'date' as const, direction: 'desc' as const, minDuration: 60 },
    { by: 'date' as const, direction: 'asc' as const, search: 'PLAN-00001' },
    { by: 'irnno' as const, direction: 'asc' as const },
    { by: 'irnno' as const, direction: 'desc' as const, minDuration: 400 },
    { by: 'duration' as const, direction: 'asc' as const, minDuration: 400, maxDuration: 600 },
    { by: 'duration' as const, direction: 'desc' as const, minDuration: 400, maxDuration: 600 },
  ])(
    'pages of 37 hold the rows of one offset page in its order, ties included: %o',
    async (changes) => {
      const f = filter(changes);
      const sort = { by: changes.by, direction: changes.direction };
      const expected = await whole(f, sort);
      expect(expected.length).toBeGreaterThan(changes.search ? 1 : 50);
      const rows: IncompleteCallRow[] = [];
      const pages = readKeysetPages(
        (after: IncompleteKey | null, limit: number) =>
          inTenant((trx) => findIncompleteCallsAfter(trx, f, sort, limit, after)),
        { pageSize: 37 },
      );
      for await (const page of pages) rows.push(...page);
      expect(rows).toEqual(expected);
    },
    60_000,
  );

  /** The list's pages read as the handler reads a deep page, and as they should be: the rows of each offset. */
  async function deepPages(f: ReturnType<typeof filter>, sort: IncompleteSort, pageSize: number) {
    const rows = await whole(f, sort);
    const read = await readDeepPages(rows.length, pageSize, (start: PageStart<IncompleteKey>) =>
      inTenant((trx) => findIncompleteCallsFrom(trx, f, sort, start, null)),
    );
    return { rows, read, expected: offsetPages(read.pages, rows, pageSize) };
  }

  // ADRs 0233 and 0236: the list's deep pages start from the nearest point known (the start, the far end, a kept cut).
  test.each([
    ['date', 'desc'],
    ['date', 'asc'],
    ['irnno', 'asc'],
    ['irnno', 'desc'],
    ['duration', 'asc'],
    ['duration', 'desc'],
  ] as const)(
    'list pages of 37 read from the far end or a kept cut equal the offset pages, ties included: %s %s',
    async (by, direction) => {
      const { rows, read, expected } = await deepPages(filter(), { by, direction }, 37);
      expect(rows.length).toBeGreaterThan(50);
      expect(read.pages).toEqual(expected);
      expect(read.cuts).toBeGreaterThan(0);
    },
    60_000,
  );

  /** Calls of 300 to 360 s (of 240-719): few enough to read a page a row, with every kind of tie and gap below. */
  const band = () => filter({ minDuration: 300, maxDuration: 360 });

  test('the band holds calls without an IRN, IRNs and durations several calls share', async () => {
    const rows = await whole(band(), { by: 'irnno', direction: 'asc' });
    const most = (values: unknown[]) => Math.max(...values.map((v) => values.filter((w) => w === v).length));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.length).toBeLessThan(150);
    expect(rows.filter((r) => r.interviewReferenceNumber === null).length).toBeGreaterThan(2);
    const irns = rows.map((r) => r.interviewReferenceNumber).filter((irn) => irn !== null);
    expect(most(irns)).toBeGreaterThan(2);
    expect(most(rows.map((r) => r.durationSeconds))).toBeGreaterThan(2);
  });

  // The orders as the list has always read them: PostgreSQL's own, calls without an IRN last ascending, first descending.
  test.each([
    ['irnno', 'asc', sql`interview_reference_number ASC, id ASC`],
    ['irnno', 'desc', sql`interview_reference_number DESC, id DESC`],
    ['duration', 'asc', sql`duration_seconds ASC, id ASC`],
    ['duration', 'desc', sql`duration_seconds DESC, id DESC`],
  ] as const)("the %s order %s is PostgreSQL's ORDER BY of its column, then the id", async (by, direction, order) => {
    const ids = await inTenant((trx) =>
      sql<{ id: string }>`SELECT id FROM incomplete_calls
          WHERE project_id = ${plan.projectId} AND duration_seconds BETWEEN 300 AND 360 ORDER BY ${order}`.execute(trx),
    );
    const rows = await whole(band(), { by, direction });
    expect(rows.map((r) => r.id)).toEqual(ids.rows.map((r) => Number(r.id)));
    if (by === 'irnno') expect(rows.at(direction === 'asc' ? -1 : 0)!.interviewReferenceNumber).toBeNull();
  });

  // Past a cut on either side of the calls without an IRN, in either direction, read forwards or reversed (ADR 0236).
  test.each(
    (['irnno', 'duration'] as const).flatMap((by) =>
      (['asc', 'desc'] as const).flatMap((direction) => [1, 2, 3].map((size) => [by, direction, size] as const)),
    ),
  )(
    'list pages in the %s order %s, %i a page, read by jumps, forwards and backwards equal the offset pages',
    async (by, direction, size) => {
      const { read, expected } = await deepPages(band(), { by, direction }, size);
      expect(read.pages).toEqual(expected);
    },
    60_000,
  );
});
