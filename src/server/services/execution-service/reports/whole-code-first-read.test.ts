/**
 * ADR 0184 (issue 30): a first read of one whole access code or IRN in Call Records or the Results report is one
 * statement in the account's transaction (the search's probe, the page and the total read together), and answers the
 * rows, order and total the probe, page and count statements answer apart. So is the Results tab's first read of a
 * whole IRN (ADR 0210), which reads its project once per data version, not per search (ADR 0209).
 */
import { sql } from 'kysely';
import { RESULTS_DEFAULT_OFFSET } from '../../../../shared/result-rules';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { embeddedEngineOf } from '../../../platform/db/open-database';
import type { BatchStep, PGliteEngine } from '../../../platform/db/pglite-worker-client';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { Db } from '../../../platform/db/schema';
import { countResults, readResults, type ResultQuery } from '../project-results/results-store';
import { callRecordsByCode, countCallRecords, findCallRecords } from './call-reports-store';
import { searchWithExactStatement } from '../../../platform/db/list-search';
import {
  countReportResults,
  findReportResults,
  type ResultsReportFilter,
  type ResultsReportSort,
} from './results-report-store';

let t: TestApp;
let acme: number;
let admin: SignedIn;
/** Each message the embedded engine's worker was sent, as the SQL of its statements. */
const messages: string[][] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
  // Call records with codes: one code three times, one twice (differently written), one once.
  const codes = ['WC-A0000001', 'WC-A0000001', 'wc a0000001', 'WC-A0000002', 'wc-a0000002', 'WC-A0000003'];
  for (const [i, code] of codes.entries())
    await sql`
      INSERT INTO call_records (tenant_id, project_id, call_id, access_code, interview_reference_number, call_at,
                                duration_seconds, created_at)
      SELECT ${acme}, min(id), ${`wc-${i}`}, ${code}, ${`WCIRN-${i % 2}`},
             ${new Date(Date.UTC(2026, 10, 20, 18, i))}, 60 + ${i}, now()
      FROM projects WHERE tenant_id = ${acme}`.execute(t.db);
  const engine = embeddedEngineOf(t.db) as PGliteEngine & Required<Pick<PGliteEngine, 'batch'>>;
  const spy = <K extends 'query' | 'exec' | 'batch'>(name: K, texts: (arg: never) => string[]) => {
    const original = (engine[name] as (...a: unknown[]) => unknown).bind(engine);
    jest.spyOn(engine, name).mockImplementation(((first: never, ...rest: unknown[]) => {
      messages.push(texts(first));
      return original(first, ...rest);
    }) as never);
  };
  spy('query', (text: string) => [text]);
  spy('exec', (text: string) => [text]);
  spy('batch', (steps: BatchStep[]) => steps.map((step) => step.sql));
  await callRecords({ pageSize: 1 }); // the server's first request reads its signing key
}, 120_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
});

/** The statements the request's transaction ran: every one but the principal, BEGIN, the tenant setting and COMMIT. */
const reads = () =>
  messages
    .flat()
    .filter(
      (text) =>
        !/^\s*(begin|commit)/i.test(text) &&
        !text.includes('app_session_principal') &&
        !text.includes("set_config('app.tenant_id'"),
    );

const callRecords = async (body: Record<string, unknown>) =>
  (await t.api.ok('listCallRecords', { token: admin, operatingTenant: acme, body })) as {
    calls: { id: number; accessCode: string | null }[];
    totalResults: number;
  };
const report = async (body: Record<string, unknown>) =>
  (await t.api.ok('listResultsReport', { token: admin, operatingTenant: acme, body })) as {
    results: { interviewResultId: number }[];
    totalResults: number;
  };

/** A whole code of the account's listed results (its own or its participant's), and an IRN. */
async function resultCodes(): Promise<string[]> {
  const found = await sql<{ code: string; irn: string }>`
    SELECT coalesce(r.access_code, p.access_code) AS code, coalesce(r.interview_reference_number, p.interview_ref_num) AS irn
    FROM interview_results r JOIN participants p ON p.id = r.participant_id
    WHERE r.tenant_id = ${acme} AND r.released AND NOT r.deleted
      AND coalesce(r.access_code, p.access_code) IS NOT NULL AND coalesce(r.interview_reference_number, p.interview_ref_num) IS NOT NULL
    ORDER BY r.id LIMIT 3`.execute(t.db);
  expect(found.rows.length).toBeGreaterThan(0);
  return found.rows.flatMap((r) => [r.code, r.irn.toLowerCase()]);
}

test('Call Records: a first whole-code read is one statement in the transaction (ADR 0184)', async () => {
  for (const search of ['WC-A0000001', 'wc-a0000002', 'wcirn-1']) {
    messages.length = 0;
    const answer = await callRecords({ search, pageSize: 2 });
    expect(answer.totalResults).toBeGreaterThan(0);
    expect({ search, reads: reads() }).toEqual({
      search,
      reads: [expect.stringMatching(/app_call_record_search[\s\S]*call_records/)],
    });
    // The probe's ids are the code's records: the page and the count do not compare their codes again (ADR 0218).
    expect({ search, read: reads()[0] }).toEqual({
      search,
      read: expect.not.stringContaining('app_code_key(call_records.'),
    });
  }
  // A prefix still reads its probe, then the page and the total.
  messages.length = 0;
  expect((await callRecords({ search: 'WC-A000000' })).totalResults).toBe(6);
  expect(reads()).toHaveLength(3);
});

/** Call Records' filter of every record of the account, searched for `search`. */
const callFilter = (search: string) => ({
  projectId: null,
  from: null,
  to: null,
  search,
  minDuration: null,
  maxDuration: null,
  telcoProvider: null,
});

test("Call Records: the one statement sends the probe's ids once, on the page's first row (ADR 0219)", async () => {
  const rows = await withTenant(t.db, acme, async (trx) => {
    const byCode = callRecordsByCode(trx, callFilter('WC-A0000001'), { offset: 0, limit: 25 });
    return (await searchWithExactStatement({ name: 'app_call_record_search' }, 'WC-A0000001', byCode).execute(trx))
      .rows;
  });
  expect(rows.map((r) => r.probe_ids?.length ?? null)).toEqual([3, null, null]);
  expect(rows.map((r) => Number(r.total))).toEqual([3, 3, 3]);
});

test('Results report: a first whole-code read is one statement in the transaction (ADR 0184)', async () => {
  for (const search of await resultCodes()) {
    messages.length = 0;
    const answer = await report({ search, pageSize: 10 });
    expect(answer.totalResults).toBeGreaterThan(0);
    expect({ search, reads: reads() }).toEqual({
      search,
      reads: [expect.stringMatching(/app_result_search[\s\S]*interview_results/)],
    });
  }
});

/** A page's ids in order and the total: what a list answers and what its statements apart read. */
type ReadPage = { ids: number[]; total: number };

/**
 * For each search, order and page (pages 1 and 2 of one row, a page of 25), the list answers what its page and count
 * statements read apart, in the account's transaction.
 */
async function expectAnswersApart<Sort>(
  searches: string[],
  sorts: Sort[],
  read: {
    answer: (search: string, sort: Sort, page: number, pageSize: number) => Promise<ReadPage>;
    apart: (trx: Db, search: string, sort: Sort, page: number, pageSize: number) => Promise<ReadPage>;
  },
) {
  for (const search of searches)
    for (const sort of sorts)
      for (const [page, pageSize] of [
        [0, 1],
        [1, 1],
        [0, 25],
      ] as const) {
        const answer = await read.answer(search, sort, page, pageSize);
        const apart = await withTenant(t.db, acme, (trx) => read.apart(trx, search, sort, page, pageSize));
        expect({ search, sort, page, ...answer }).toEqual({ search, sort, page, ...apart });
      }
}

/** A project of Acme's with released results that have IRNs, and those IRNs. */
async function projectIrns(): Promise<{ projectId: number; irns: string[] }> {
  const found = await sql<{ project_id: number; irn: string }>`
    SELECT r.project_id, coalesce(r.interview_reference_number, p.interview_ref_num) AS irn
    FROM interview_results r JOIN participants p ON p.id = r.participant_id
    WHERE r.tenant_id = ${acme} AND r.released AND NOT r.deleted
      AND coalesce(r.interview_reference_number, p.interview_ref_num) IS NOT NULL
    ORDER BY r.project_id, r.id`.execute(t.db);
  const projectId = found.rows[0]!.project_id;
  return { projectId, irns: found.rows.filter((r) => r.project_id === projectId).map((r) => r.irn) };
}

const resultsTab = async (body: Record<string, unknown>) =>
  (await t.api.ok('listProjectResults', { token: admin, operatingTenant: acme, body })) as {
    results: { interviewResultId: number }[];
    totalResults: number;
  };

test("Results tab: a first whole-IRN read is one statement; the project's columns are not read again", async () => {
  const { projectId, irns } = await projectIrns();
  await resultsTab({ projectId, page: 0, pageSize: 10, search: 'no such name' });
  for (const search of [irns[0]!, irns.at(-1)!.toLowerCase()]) {
    messages.length = 0;
    expect((await resultsTab({ projectId, page: 0, pageSize: 10, search })).totalResults).toBeGreaterThan(0);
    expect({ search, reads: reads() }).toEqual({
      search,
      reads: [expect.stringMatching(/app_result_search[\s\S]*count\(\*\)[\s\S]*WITH page AS MATERIALIZED/)],
    });
  }
  // A name still reads its probe and the page, then the count's own probe (the usual names cap) and the count.
  messages.length = 0;
  await resultsTab({ projectId, page: 0, pageSize: 10, search: 'zzz-no-such-name' });
  expect(reads()).toHaveLength(4);
});

test('Results tab: a whole IRN read in one statement answers the rows, order and total read apart', async () => {
  const { projectId, irns } = await projectIrns();
  type Sort = Pick<ResultQuery, 'sortBy' | 'sortDirection'>;
  const body = (search: string, page: number, pageSize: number, sort: Sort) => ({
    projectId,
    page,
    pageSize,
    search,
    ...sort,
  });
  const query = (search: string, page: number, pageSize: number, sort: Sort): ResultQuery => ({
    ...body(search, page, pageSize, sort),
    offset: RESULTS_DEFAULT_OFFSET,
    released: true,
    hideReviewed: false,
  });
  const sorts: Sort[] = [
    { sortBy: 'date', sortDirection: 'desc' },
    { sortBy: 'irn', sortDirection: 'asc' },
    { sortBy: 'overallScore', sortDirection: 'asc' },
    { sortBy: 'question', sortDirection: 'desc' },
  ];
  const searches = [irns[0]!, irns.at(-1)!.toLowerCase().replace(/-/g, ' '), 'NO-SUCH-IRN'];
  await expectAnswersApart(searches, sorts, {
    answer: async (search, sort, page, pageSize) => {
      const answer = await resultsTab(body(search, page, pageSize, sort));
      return { ids: answer.results.map((r) => r.interviewResultId), total: answer.totalResults };
    },
    apart: async (trx, search, sort, page, pageSize) => ({
      ids: (await readResults(trx, query(search, page, pageSize, sort), pageSize, page * pageSize)).map((r) => r.id),
      total: await countResults(trx, query(search, page, pageSize, sort)),
    }),
  });
});

test('Call Records: a whole code read in one statement answers the rows, order and total read apart', async () => {
  for (const search of ['WC-A0000001', 'wc a0000001', 'WCIRN-0', 'wc-a0000003', 'WC-A0000009'])
    for (const [page, pageSize] of [
      [0, 2],
      [1, 2],
      [5, 2],
      [0, 25],
    ] as const) {
      const answer = await callRecords({ search, page, pageSize });
      const apart = await withTenant(t.db, acme, async (trx) => ({
        ids: (await findCallRecords(trx, callFilter(search), { offset: page * pageSize, limit: pageSize })).map(
          (r) => r.id,
        ),
        total: await countCallRecords(trx, callFilter(search)),
      }));
      expect({ search, page, ids: answer.calls.map((c) => c.id), total: answer.totalResults }).toEqual({
        search,
        page,
        ...apart,
      });
    }
});

test('Results report: a whole code read in one statement answers the rows, order and total read apart', async () => {
  const filter = (search: string): ResultsReportFilter => ({
    tenantId: acme,
    projectId: null,
    from: null,
    to: null,
    search,
    codes: [],
    released: true,
  });
  const sorts: ResultsReportSort[] = [
    { by: 'date', direction: 'desc' },
    { by: 'irn', direction: 'asc' },
    { by: 'overallScore', direction: 'desc' },
  ];
  await expectAnswersApart([...(await resultCodes()), 'NO-SUCH-CODE'], sorts, {
    answer: async (search, sort, page, pageSize) => {
      const answer = await report({ search, page, pageSize, sortBy: sort.by, sortDirection: sort.direction });
      return { ids: answer.results.map((r) => r.interviewResultId), total: answer.totalResults };
    },
    apart: async (trx, search, sort, page, pageSize) => ({
      ids: (await findReportResults(trx, filter(search), sort, { offset: page * pageSize, limit: pageSize })).map(
        (r) => r.id,
      ),
      total: await countReportResults(trx, filter(search)),
    }),
  });
});
