/** The reports' first pages read an index in their order (issue 30): the plans of Call Records and Results. */
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { findListSearch, searchWithExactStatement, type ListSearch } from '../../../platform/db/list-search';
import { WALK_MAX } from '../../../platform/db/list-walk';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import {
  indexBuffersRead,
  planOf,
  seedPlanProject,
  sorts,
  sortsAll,
  type PlanProject,
} from '../../../testing/plan-project';
import {
  callRecordPage,
  callRecordsByCode,
  findCallRecords,
  findCallRecordsAfter,
  findCallRecordsFromCut,
  findCallSearchWithExact,
} from './call-reports-store';
import {
  findReportResults,
  findReportResultsFromCut,
  findReportSearchWithExact,
  reportByCode,
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
  const filter = callFilter({ projectId: plan.projectId });
  const statement = await withTenant(db, plan.tenantId, async (trx) => {
    const before = await findCallRecordsAfter(trx, filter, 5_000, null);
    return callRecordPage(trx, { ...filter, after: before.next! }, { offset: 0, limit: 500 }, null).compile();
  });
  const found = await planOf(db, plan.tenantId, statement);
  expect(found).toMatch(/call_records_tenant_time_idx[\s\S]*Index Cond: .*ROW\(call_at, id\) < ROW/);
  expect(sorts(found)).toBe(false);
});

// The account's report reads its own index (migration 125, ADR 0175): the account, the view (released) and the order,
// so it neither drops held results nor sorts ties (its day index, migration 013, did both); the report index
// (migration 041) is the provider's, across accounts.
test("Results report: the account's newest 25 of 90 days read its page index in order, no sort", async () => {
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
  expect(found).toMatch(/Index Scan using interview_results_account_page_idx[\s\S]*Index Cond: .*released = true/);
  expect(sorts(found)).toBe(false);
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
test("Results report: a broad name walks the account's page index and reads each row's participant by its key", async () => {
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
  expect(found).toContain('interview_results_account_page_idx');
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

/** A statement's plan as it ran (EXPLAIN ANALYZE) in the tenant, as a request runs it. */
const ranPlan = (statement: RawBuilder<unknown> | CompiledQuery) =>
  withTenant(db, plan.tenantId, async (trx) => {
    const explain = 'sql' in statement && 'parameters' in statement ? statement : statement.compile(trx);
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${explain.sql}`, [
        ...explain.parameters,
      ]),
    );
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });

const callFilter = (extra: Partial<Parameters<typeof callRecordPage>[1]> = {}) => ({
  projectId: null,
  from: null,
  to: null,
  search: null,
  minDuration: null,
  maxDuration: null,
  telcoProvider: null,
  ...extra,
});

/**
 * The plan a statement runs with on the embedded engine's worker: its generic plan when marked GENERIC_PLAN (ADR 0132,
 * made without its values), else the plan for its values.
 */
const planRun = async (statement: RawBuilder<unknown> | CompiledQuery) => {
  const compiled = await withTenant(db, plan.tenantId, async (trx) =>
    'sql' in statement && 'parameters' in statement ? statement : statement.compile(trx),
  );
  if (!compiled.sql.includes(GENERIC_PLAN.trim())) return ranPlan(compiled);
  return withTenant(db, plan.tenantId, async (trx) => {
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (GENERIC_PLAN, COSTS OFF) ${compiled.sql}`, []),
    );
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
};

// ADR 0184: a first read of a whole code reads the probe, the page and the total in one statement; the page and the
// count read the code's rows by their key (the ids the probe listed), never a scan of the account's rows, in the plan
// the statement runs with (ADR 0208: a kept generic plan of the report's read the ids inside its window's index, until
// ADR 0209 read them first in a subquery).
test("a whole code's probe, page and total in one statement read the code's rows by key, no sequential scan", async () => {
  const page = { offset: 0, limit: 25 };
  const date = { by: 'date', direction: 'desc' } as const;
  const window = { from: new Date(Date.now() - 800 * DAY), to: new Date(Date.now() + DAY) };
  for (const code of ['PLAN-A0000012', 'plan 0000013']) {
    const calls = callFilter({ search: code, ...window });
    const results = { ...reportFilter(code), ...window };
    const [callStatement, callRead, reportRead] = await withTenant(db, plan.tenantId, async (trx) => [
      searchWithExactStatement({ name: 'app_call_record_search' }, code, callRecordsByCode(trx, calls, page)),
      await findCallSearchWithExact(trx, calls, page),
      await findReportSearchWithExact(trx, results, date, page),
    ]);
    // Both found the code's rows in that one statement.
    expect({ code, calls: callRead.exact?.total, results: reportRead.exact?.total }).toEqual({
      code,
      calls: expect.any(Number),
      results: expect.any(Number),
    });
    expect(reportRead.exact!.total).toBeGreaterThan(0);
    const reportStatement = searchWithExactStatement(
      { name: 'app_result_search', accessCodes: true },
      code,
      reportByCode(results, date, page),
    );
    for (const [statement, key] of [
      [callStatement, 'call_records_pkey'],
      [reportStatement, 'interview_results_pkey'],
    ] as const) {
      const found = await planRun(statement);
      expect({ code, key, found }).toEqual({
        code,
        key,
        found: expect.stringMatching(new RegExp(`Index Scan using ${key}[^\\n]*\\n\\s*Index Cond: \\(id = ANY`)),
      });
      expect({ code, found }).toEqual({
        code,
        found: expect.not.stringMatching(
          /Seq Scan on (call_records|interview_results|participants|interview_question_results|incomplete_calls)/,
        ),
      });
    }
  }
});

// Issue 30, ADR 0175: a deep page skips its OFFSET, and a filtered page passes over the rows it drops, in the index
// alone. Pages marked all-visible, as a server's autovacuum and the embedded maintenance (ADR 0147) leave them.
describe('deep and filtered report pages read no table row for a row they pass over (ADR 0175)', () => {
  beforeAll(async () => {
    await sql`VACUUM interview_results, call_records`.execute(db);
  });

  test('Results report: page 321 of the account skips its offset by an index-only scan of its page index', async () => {
    for (const codes of [[], ['HR', 'PR', 'LR']]) {
      const found = await ranPlan(
        reportPageIds(
          { ...reportFilter(null), codes },
          { by: 'date', direction: 'desc' },
          { offset: 8_000, limit: 25 },
        ),
      );
      expect({ codes, found }).toEqual({
        codes,
        found: expect.stringMatching(
          /Index Only Scan using interview_results_account_page_idx[^\n]*\n(.*\n)*?.*Heap Fetches: 0/,
        ),
      });
    }
  });

  test('Call Records: page 800 skips its offset, and a filtered page its dropped rows, by an index-only scan', async () => {
    const deep = await withTenant(db, plan.tenantId, async (trx) =>
      callRecordPage(trx, callFilter(), { offset: 8_000, limit: 10 }, null).compile(),
    );
    const filtered = await withTenant(db, plan.tenantId, async (trx) =>
      callRecordPage(
        trx,
        callFilter({ projectId: plan.projectId, minDuration: 240, maxDuration: 300, telcoProvider: 'Twilio' }),
        { offset: 0, limit: 10 },
        null,
      ).compile(),
    );
    for (const statement of [deep, filtered]) {
      const found = await ranPlan(statement);
      expect(found).toMatch(/Index Only Scan using call_records_tenant_time_idx[^\n]*\n(.*\n)*?.*Heap Fetches: 0/);
      expect(sorts(found)).toBe(false);
    }
  });

  test('the pages cut by ids hold the rows of the order at their offset, filtered or not, either direction', async () => {
    await withTenant(db, plan.tenantId, async (trx) => {
      for (const direction of ['desc', 'asc'] as const)
        for (const codes of [[], ['HR', 'PR', 'LR']])
          for (const offset of [0, 25, 8_000]) {
            const filter = { ...reportFilter(null), codes };
            const expected = await sql<{ id: string }>`
              SELECT r.id FROM interview_results r
              WHERE r.tenant_id = ${plan.tenantId} AND r.released AND NOT r.deleted
                ${codes.length ? sql`AND r.overall_evaluation = ANY(${codes}::text[])` : sql``}
              ORDER BY r.completed_at ${sql.raw(direction)}, r.id ${sql.raw(direction)}
              LIMIT 25 OFFSET ${offset}`.execute(trx);
            const found = await findReportResults(trx, filter, { by: 'date', direction }, { offset, limit: 25 });
            expect({ direction, codes, offset, ids: found.map((r) => r.id) }).toEqual({
              direction,
              codes,
              offset,
              ids: expected.rows.map((r) => Number(r.id)),
            });
          }
      for (const filter of [callFilter(), callFilter({ minDuration: 240, maxDuration: 300, telcoProvider: 'Twilio' })])
        for (const offset of [0, 10, 8_000]) {
          const expected = await sql<{ id: string }>`
            SELECT c.id FROM call_records c
            WHERE ${filter.telcoProvider === null ? sql`true` : sql`c.duration_seconds BETWEEN 240 AND 300 AND c.provider_name = 'Twilio'`}
            ORDER BY c.call_at DESC, c.id DESC LIMIT 10 OFFSET ${offset}`.execute(trx);
          const found = await findCallRecords(trx, filter, { offset, limit: 10 }, undefined, null);
          expect({ filter, offset, ids: found.map((r) => r.id) }).toEqual({
            filter,
            offset,
            ids: expected.rows.map((r) => Number(r.id)),
          });
        }
    });
  }, 120_000);

  test('a page read after a kept cut (ADR 0186) seeks to it in the same index, index-only, passing only the rows between', async () => {
    const inTenant = <T>(read: (trx: Db) => Promise<T>) => withTenant(db, plan.tenantId, read);
    for (const direction of ['desc', 'asc'] as const) {
      const sort = { by: 'date', direction } as const;
      // The cut: the last of the rows 7,950-7,974; the page: offset 8,000, 25 rows past the cut.
      const before = await inTenant((trx) =>
        findReportResultsFromCut(trx, reportFilter(null), sort, { offset: 7_950, limit: 25 }, null),
      );
      const cut = { position: 7_974, key: before.last! };
      const page = { offset: 8_000, limit: 25 };
      const fromCut = await inTenant((trx) => findReportResultsFromCut(trx, reportFilter(null), sort, page, cut));
      const byOffset = await inTenant((trx) => findReportResults(trx, reportFilter(null), sort, page));
      expect(fromCut.rows.map((r) => r.id)).toEqual(byOffset.map((r) => r.id));
      expect(fromCut.last!.id).toBe(byOffset.at(-1)!.id);
      const found = await ranPlan(
        reportPageIds({ ...reportFilter(null), after: cut.key }, sort, { offset: 25, limit: 25 }),
      );
      expect({ direction, found }).toEqual({
        direction,
        found: expect.stringMatching(
          /Index Only Scan (Backward )?using interview_results_account_page_idx[^\n]*rows=50\b[^\n]*\n(.*\n)*?.*Index Cond: .*ROW\(completed_at, id\) [<>] ROW(.*\n)*?.*Heap Fetches: 0/,
        ),
      });
    }
    const filter = callFilter();
    const before = await inTenant((trx) => findCallRecordsFromCut(trx, filter, { offset: 7_980, limit: 10 }, null));
    const cut = { position: 7_989, key: before.last! };
    const page = { offset: 8_000, limit: 10 };
    const fromCut = await inTenant((trx) => findCallRecordsFromCut(trx, filter, page, cut));
    const byOffset = await inTenant((trx) => findCallRecords(trx, filter, page, undefined, null));
    expect(fromCut.rows.map((r) => r.id)).toEqual(byOffset.map((r) => r.id));
    const found = await ranPlan(
      await inTenant(async (trx) =>
        callRecordPage(trx, filter, { offset: 10, limit: 10 }, null, undefined, cut.key).compile(),
      ),
    );
    expect(found).toMatch(
      /Index Only Scan using call_records_tenant_time_idx[^\n]*rows=20\b[^\n]*\n(.*\n)*?.*Index Cond: .*ROW\(call_at, id\) < ROW(.*\n)*?.*Heap Fetches: 0/,
    );
    expect(sorts(found)).toBe(false);
  });
});

// ADR 0205: a keyset page in a window of dates (every report's filter) seeks to its keyset. On the embedded engine
// (PostgreSQL 18) the window's bound on the keyset's side made the scan start at the bound and read every entry up to
// the keyset: 8,000 entries deep, tens of index pages, where the seek reads a few.
describe('a keyset page inside a date window seeks to its keyset, not from the window bound (ADR 0205)', () => {
  const window = () => ({ from: new Date(Date.now() - 800 * DAY), to: new Date(Date.now() + DAY) });
  const SEEK_BUFFERS = 8;
  // Index-only, so the buffers counted are the index's pages alone (no table page of the page's rows).
  beforeAll(async () => {
    await sql`VACUUM interview_results, call_records`.execute(db);
  });

  test('Results report, either direction: the page after a cut 8,000 rows deep reads a few index pages', async () => {
    const filter = { ...reportFilter(null), ...window() };
    for (const direction of ['desc', 'asc'] as const) {
      const sort = { by: 'date', direction } as const;
      const cut = await withTenant(db, plan.tenantId, (trx) =>
        findReportResultsFromCut(trx, filter, sort, { offset: 7_950, limit: 25 }, null),
      );
      const statement = await withTenant(db, plan.tenantId, async (trx) =>
        reportPageIds({ ...filter, after: cut.last! }, sort, { offset: 25, limit: 25 }).compile(trx),
      );
      const buffers = await indexBuffersRead(db, plan.tenantId, statement, 'interview_results_account_page_idx');
      expect({ direction, seeks: buffers <= SEEK_BUFFERS }).toEqual({ direction, seeks: true });
      const page = await withTenant(db, plan.tenantId, (trx) =>
        findReportResultsFromCut(trx, filter, sort, { offset: 8_000, limit: 25 }, { position: 7_974, key: cut.last! }),
      );
      const byOffset = await withTenant(db, plan.tenantId, (trx) =>
        findReportResults(trx, filter, sort, { offset: 8_000, limit: 25 }),
      );
      expect(page.rows.map((r) => r.id)).toEqual(byOffset.map((r) => r.id));
    }
  });

  test('Call Records: the page after a cut 8,000 rows deep reads a few index pages, its rows those by offset', async () => {
    const filter = callFilter(window());
    const before = await withTenant(db, plan.tenantId, (trx) =>
      findCallRecordsFromCut(trx, filter, { offset: 7_990, limit: 10 }, null),
    );
    const statement = await withTenant(db, plan.tenantId, async (trx) =>
      callRecordPage(trx, filter, { offset: 0, limit: 10 }, null, undefined, before.last!).compile(),
    );
    expect(await indexBuffersRead(db, plan.tenantId, statement, 'call_records_tenant_time_idx')).toBeLessThanOrEqual(
      SEEK_BUFFERS,
    );
    const fromCut = await withTenant(db, plan.tenantId, (trx) =>
      findCallRecordsFromCut(trx, filter, { offset: 8_000, limit: 10 }, { position: 7_999, key: before.last! }),
    );
    const byOffset = await withTenant(db, plan.tenantId, (trx) =>
      findCallRecords(trx, filter, { offset: 8_000, limit: 10 }, undefined, null),
    );
    expect(fromCut.rows.map((r) => r.id)).toEqual(byOffset.map((r) => r.id));
  });
});
