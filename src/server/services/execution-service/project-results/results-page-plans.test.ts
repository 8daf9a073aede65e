/**
 * The Results tab's pages (issue 30, ADR 0092): the plans read the order's index, and a broad search walks that
 * order and finds exactly the rows its rule finds, whichever way the page is read.
 */
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { findListSearch, searchWithExactStatement, type ListSearch } from '../../../platform/db/list-search';
import { openTestDatabase } from '../../../testing/database-template';
import { analyzeInterviewTables } from '../../../seed/interview-data-in-database';
import { indexBuffersRead, planOf, seedPlanProject, sorts, type PlanProject } from '../../../testing/plan-project';
import { WALK_MAX } from '../../../platform/db/list-walk';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import {
  byIdsStatement,
  countStatement,
  findResultSearchWithExact,
  pageIds,
  pageStatement,
  readResults,
  readResultsByIds,
  resultPageCut,
  resultsByCode,
  type ResultKeyset,
  type ResultQuery,
} from './results-store';

let db: Db;
let plan: PlanProject;
beforeAll(async () => {
  db = await openTestDatabase();
  plan = await seedPlanProject(db);
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

const resultSearch = (trx: Db, text: string, names?: number) =>
  findListSearch(
    trx,
    { name: 'app_result_search', accessCodes: false },
    text,
    names === undefined ? undefined : { code: 5_000, text: names },
  );

/**
 * An index that holds the view's order: the project's (migration 106) or, on this tenant, whose plan project holds
 * nearly all its results, the account's (migration 125, ADR 0175), which then drops as few rows; either reads no
 * result of the other view and sorts nothing.
 */
const VIEW_ORDER_INDEX = /interview_results_(view|account)_page_idx/;

describe('the plans of the Results tab', () => {
  test("newest first: the first page reads the view's page index, no sort", async () => {
    const found = await planOf(db, plan.tenantId, pageIds(query(), 100, 0));
    expect(found).toMatch(VIEW_ORDER_INDEX);
    expect(sorts(found)).toBe(false);
  });

  test("a broad name walks the view's page index in its order and reads each row's participant by its key", async () => {
    const search = await withTenant(db, plan.tenantId, (trx) => resultSearch(trx, 'santos', 0));
    expect(search!.textIds).toBeNull();
    const found = await planOf(db, plan.tenantId, pageIds(query({ search: 'santos' }), 100, 0, search, 2_000));
    expect(found).toMatch(VIEW_ORDER_INDEX);
    expect(found).toContain('participants_pkey');
    expect(sorts(found)).toBe(false);
  });
});

/**
 * The most rows any index scan of a statement's plan returned, run (EXPLAIN ANALYZE) in the tenant; with `filtered`,
 * also those its filter dropped. (The severity index's keyset pages still drop rows: under row-level security the
 * severity's equality, array_position, is not leakproof and so is no index condition; ADR 0125 lists it.)
 */
async function indexRowsRead(statement: ReturnType<typeof pageIds>, filtered = false): Promise<number> {
  const nodes = [planRoot(await explained(statement))];
  let most = 0;
  for (const node of nodes) {
    if (String(node['Node Type']).startsWith('Index'))
      most = Math.max(most, Number(node['Actual Rows']) + (filtered ? Number(node['Rows Removed by Filter'] ?? 0) : 0));
    nodes.push(...(node.Plans ?? []));
  }
  return most;
}

/** The keyset of the row at `offset` of the order (what the page before a deep page ended on). */
const keysetAt = async (q: ResultQuery, offset: number): Promise<ResultKeyset> => {
  const rows = await withTenant(db, plan.tenantId, (trx) =>
    sql<{ key: string; id: string; severity: number }>`
      SELECT to_char(r.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key, r.id,
             array_position(ARRAY['HR','R','PR','CM','AD','AR','LR','G','NC','NP','DC','PD','RJ']::text[],
                            r.overall_evaluation) AS severity
      FROM (${pageIds(q, 1, offset)}) AS r`.execute(trx),
  );
  const row = rows.rows[0]!;
  return { completedAt: row.key, id: Number(row.id), severity: row.severity, part: 'within' };
};

describe('the plans of an export read by keyset (ADR 0114)', () => {
  test("a deep page newest first seeks in the view's page index: no sort, only its own rows read", async () => {
    const after = await keysetAt(query(), 8_000);
    const deep = pageIds(query({ after }), 100, 0);
    const found = await planOf(db, plan.tenantId, deep);
    expect(found).toContain('interview_results_view_page_idx');
    expect(sorts(found)).toBe(false);
    expect(await indexRowsRead(deep, true)).toBeLessThanOrEqual(100);
    // The offset page it replaces reads every row before it.
    expect(await indexRowsRead(pageIds(query(), 100, 8_000))).toBeGreaterThanOrEqual(8_100);
  });

  test('a deep page by overall score seeks in the severity index, within and beyond the severity', async () => {
    const q = query({ sortBy: 'overallScore', sortDirection: 'desc' });
    const after = await keysetAt(q, 6_000);
    for (const part of ['within', 'beyond'] as const) {
      const deep = pageIds(query({ ...q, after: { ...after, part } }), 100, 0);
      const found = await planOf(db, plan.tenantId, deep);
      expect({ part, index: found.includes('interview_results_severity_page_idx') }).toEqual({ part, index: true });
      expect({ part, sorts: sorts(found) }).toEqual({ part, sorts: false });
      expect(await indexRowsRead(deep)).toBeLessThanOrEqual(100);
      // ADR 0206: the severity is a key of the scan, not a filter of every entry before the keyset (2,664 buffers).
      expect({ part, buffers: (await indexBuffersOf(deep)) <= 130 }).toEqual({ part, buffers: true });
    }
  });
});

/** The buffers the page's index scans read, which count the entries a scan passes unreturned too. */
const indexBuffersOf = (statement: ReturnType<typeof pageIds>) => indexBuffersRead(db, plan.tenantId, statement);

// ADR 0209: one whole IRN's page and count keep their generic plan (GENERIC_PLAN), made without the values: the
// listed results are read by their ids first, whatever the window, where a generic plan had looked for the ids inside
// the view's page index over the window. ADR 0210: so do they in the probe's statement, by the ids it found.
describe("one whole IRN's page and count keep a plan that reads its results by key", () => {
  const genericPlan = (statement: RawBuilder<unknown>) =>
    withTenant(db, plan.tenantId, async (trx) => {
      const compiled = statement.compile(trx);
      expect(compiled.sql).toContain(GENERIC_PLAN.trim());
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN (GENERIC_PLAN, COSTS OFF) ${compiled.sql}`, []),
      );
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  test.each([
    ['PLAN-0000012', {}],
    ['plan 0000013', {}],
    ['PLAN-0000014', { startDate: '2000-01-01', endDate: '2100-01-01' }],
    ['PLAN-0000015', { startDate: '2000-01-01', endDate: '2100-01-01', sortBy: 'overallScore' }],
  ] as const)('%s %o', async (code, changes) => {
    const q = query({ search: code, ...changes });
    const search = await withTenant(db, plan.tenantId, (trx) => resultSearch(trx, code));
    expect(search).toMatchObject({ exact: true, codeIds: expect.any(Array) });
    const [page, total] = await withTenant(db, plan.tenantId, async (trx) => [
      (await pageStatement(q, 100, 0, search).execute(trx)).rows,
      (await countStatement(q, search).execute(trx)).rows[0]!.n,
    ]);
    expect(total).toBeGreaterThan(0);
    expect(page.map((r) => r.interview_reference_number)).toEqual(Array(total).fill(code.replace('plan ', 'PLAN-')));
    // Read in the probe's own statement, the page and the total are the same.
    const read = await withTenant(db, plan.tenantId, (trx) => findResultSearchWithExact(trx, q));
    expect(read.exact!.total).toBe(total);
    expect(read.exact!.rows.map((r) => r.id)).toEqual(page.map((r) => Number(r.id)));
    const combined = searchWithExactStatement(
      { name: 'app_result_search', accessCodes: false },
      code,
      resultsByCode(q),
    );
    for (const statement of [pageStatement(q, 100, 0, search), countStatement(q, search), combined]) {
      const found = await genericPlan(statement);
      expect({ code, found }).toEqual({
        code,
        found: expect.stringMatching(/Index Scan using interview_results_pkey[^\n]*\n\s*Index Cond: \(id = ANY/),
      });
      expect({ code, found }).toEqual({
        code,
        found: expect.not.stringMatching(
          /interview_results_(view|account)_page_idx|Seq Scan on (interview_results|participants)/,
        ),
      });
    }
  });
});

// ADR 0205: with the dates filter, the window's bound on the keyset's side made the embedded engine (PostgreSQL 18)
// start the scan at the bound and pass every entry up to the keyset, 8,000 deep: about 90 index pages for 10 rows.
describe('a keyset page within a dates filter seeks to its keyset (ADR 0205)', () => {
  const dated = (changes: Partial<ResultQuery>) =>
    query({ startDate: '2000-01-01', endDate: '2100-01-01', ...changes });

  test.each([
    { sortBy: 'date', sortDirection: 'desc' },
    { sortBy: 'date', sortDirection: 'asc' },
  ] as const)('%o: ten rows 8,000 deep read a few pages of the index, the rows those by offset', async (order) => {
    const q = dated(order);
    const after = await keysetAt(q, 8_000);
    expect(await indexBuffersOf(pageIds(dated({ ...order, after }), 10, 0))).toBeLessThanOrEqual(30);
    const ids = (statement: ReturnType<typeof pageIds>) =>
      withTenant(db, plan.tenantId, async (trx) => (await statement.execute(trx)).rows.map((r) => String(r.id)));
    expect(await ids(pageIds(dated({ ...order, after }), 10, 0))).toEqual(await ids(pageIds(q, 10, 8_001)));
  });
});

describe('a deep page by offset skips its rows in the index alone (ADR 0146)', () => {
  test("newest first: an index-only scan of the view's page index, no table row read for a skipped one", async () => {
    // What the embedded database's maintenance (ADR 0147) and a server's autovacuum do: pages marked all-visible.
    await sql`VACUUM interview_results`.execute(db);
    const deep = pageIds(query(), 100, 8_000);
    const plans = await withTenant(db, plan.tenantId, (trx) =>
      sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${deep}`.execute(trx),
    );
    const text = plans.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Only Scan using interview_results_view_page_idx/);
    expect(text).toMatch(/Heap Fetches: 0/);
    expect(await indexRowsRead(deep)).toBeGreaterThanOrEqual(8_100);
  });

  test('the page has the rows of the order at its offset, first page and deep, either direction', async () => {
    await withTenant(db, plan.tenantId, async (trx) => {
      for (const sortDirection of ['desc', 'asc'] as const)
        for (const offset of [0, 100, 8_000]) {
          const dir = sql.raw(sortDirection);
          const expected = await sql<{ id: string }>`SELECT id FROM interview_results
            WHERE project_id = ${plan.projectId} AND released AND NOT deleted
            ORDER BY completed_at ${dir}, id ${dir} LIMIT 100 OFFSET ${offset}`.execute(trx);
          const found = await idsOf(trx, query({ sortDirection }), offset, null);
          expect({ sortDirection, offset, found }).toEqual({
            sortDirection,
            offset,
            found: expected.rows.map((r) => Number(r.id)),
          });
        }
    });
  });
});

describe('one view of the results does not read the other (migration 106, ADR 0125)', () => {
  test('with the newest 2,000 results On Hold, either view reads only its own page, first or deep', async () => {
    const hold = async (released: boolean) => {
      await withTenant(db, plan.tenantId, (trx) =>
        sql`UPDATE interview_results SET released = ${released}
          WHERE id IN (SELECT id FROM interview_results WHERE project_id = ${plan.projectId}
                       ORDER BY completed_at DESC, id DESC LIMIT 2000)`.execute(trx),
      );
      await analyzeInterviewTables(db);
    };
    await hold(false);
    try {
      for (const released of [true, false]) {
        const first = pageIds(query({ released }), 100, 0);
        expect({ released, first: (await indexRowsRead(first, true)) <= 100 }).toEqual({ released, first: true });
        expect(sorts(await planOf(db, plan.tenantId, first))).toBe(false);
        const after = await keysetAt(query({ released }), 1_000);
        const deep = pageIds(query({ released, after }), 100, 0);
        expect({ released, deep: (await indexRowsRead(deep, true)) <= 100 }).toEqual({ released, deep: true });
      }
    } finally {
      await hold(true);
    }
  });
});

/** The ids of a page read through `pageIds` (with `walk`: the first `walk` rows of the order only). */
async function idsOf(trx: Db, q: ResultQuery, offset: number, search: ListSearch | null, walk?: number) {
  const rows = await pageIds(q, q.pageSize, offset, search, walk).execute(trx);
  return rows.rows.map((r) => Number(r.id));
}

describe('a walked page is the page', () => {
  const texts = ['santos', 'sa', 'PLAN-0000', 'plan-0000012', 'no such name'];
  const orders: Partial<ResultQuery>[] = [
    { sortBy: 'date', sortDirection: 'desc' },
    { sortBy: 'date', sortDirection: 'asc' },
    { sortBy: 'overallScore', sortDirection: 'desc' },
    { sortBy: 'date', sortDirection: 'desc', riskLevels: ['HR', 'PR'], participantLanguageIds: [1] },
  ];

  test('whatever the walk, a full or exhausted walk finds the rows the rule finds row by row', async () => {
    await withTenant(db, plan.tenantId, async (trx) => {
      const all = await sql<{ n: number }>`SELECT count(*)::int AS n FROM interview_results r
        WHERE r.project_id = ${plan.projectId}`.execute(trx);
      for (const text of texts)
        for (const order of orders)
          for (const offset of [0, 300]) {
            const q = query({ ...order, search: text, pageSize: 50 });
            const listed = (await resultSearch(trx, text))!;
            const byRow = { ...listed, codeIds: null, textIds: null };
            const expected = await idsOf(trx, q, offset, byRow);
            const label = { text, order, offset };
            expect({ ...label, found: await idsOf(trx, q, offset, listed) }).toEqual({ ...label, found: expected });
            for (const walk of [300, 100_000]) {
              const walked = await idsOf(trx, q, offset, byRow, walk);
              if (walked.length === q.pageSize || walk >= all.rows[0]!.n)
                expect({ ...label, walk, found: walked }).toEqual({ ...label, walk, found: expected });
              // A short walk finds a prefix of the page's rows, never a row the page does not have.
              else expect(expected.slice(0, walked.length)).toEqual(walked);
            }
          }
    });
  }, 60_000);

  test('the list reads the same pages, walked (broad) or by ids (narrow), shallow or deep', async () => {
    await withTenant(db, plan.tenantId, async (trx) => {
      for (const text of texts)
        for (const order of orders.slice(1, 3))
          for (const page of [0, 2, WALK_MAX / 100]) {
            const q = query({ ...order, search: text, page });
            const listed = (await resultSearch(trx, text))!;
            const expected = await idsOf(trx, q, page * 100, { ...listed, codeIds: null, textIds: null });
            const found = (await readResults(trx, q, 100, page * 100)).map((r) => r.id);
            expect({ text, order, page, found }).toEqual({ text, order, page, found: expected });
          }
    });
  }, 60_000);
});

/** Each table's most executions of one scan node (its loops) in the statement's EXPLAIN ANALYZE, by table. */
async function scanLoops(statement: RawBuilder<unknown>): Promise<Record<string, number>> {
  return loopsOf(await explained(statement)).byTable;
}

/** The statement's EXPLAIN (ANALYZE, FORMAT JSON); `settings` first, in its transaction. */
async function explained(statement: RawBuilder<unknown>, settings: string[] = []): Promise<unknown> {
  const plans = await withTenant(db, plan.tenantId, async (trx) => {
    for (const setting of settings) await sql.raw(`SET LOCAL ${setting}`).execute(trx);
    return sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`.execute(trx);
  });
  return plans.rows[0]!['QUERY PLAN'];
}

/** The top node of an EXPLAIN (FORMAT JSON) answer, which the driver gives as text or parsed. */
const planRoot = (raw: unknown) => (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** The most executions of a node that reads `table`'s rows or groups or sorts them (its scan, sort and aggregate). */
function readerLoops(raw: unknown, table: string): number {
  let most = 0;
  const reads = (node: PlanNode): boolean => {
    const below = (node.Plans ?? []).map(reads).some(Boolean);
    const found = below || node['Relation Name'] === table;
    if (found && /Scan|Sort|Aggregate/.test(node['Node Type'])) most = Math.max(most, node['Actual Loops']);
    return found;
  };
  reads(planRoot(raw));
  return most;
}

describe("a page's parts are read once for the page, not once a row (ADR 0155)", () => {
  const PARTS = ['interview_result_notes', 'interview_result_follow_ups', 'interview_result_emails'];

  test('first page and deep: each part is one scan whatever the rows, the question results too', async () => {
    for (const [size, offset] of [
      [100, 0],
      [25, 0],
      [100, 8_000],
    ] as const) {
      const loops = await scanLoops(pageStatement(query({ pageSize: size }), size, offset));
      const read = Object.fromEntries([...PARTS, 'interview_question_results'].map((t) => [t, loops[t]]));
      expect({ size, offset, read }).toEqual({
        size,
        offset,
        read: Object.fromEntries([...PARTS, 'interview_question_results'].map((t) => [t, 1])),
      });
    }
  });

  // ADR 0214: the planner expects one row of a whole IRN's page; as a subquery in the join, the question results were
  // grouped again for each of its rows, where the planner groups sorted rows (the 1M-result tenant's plan; this
  // project's small tables hash them unless told not to).
  test("a whole IRN's page, alone and in its probe's statement: each part one scan, the questions grouped once", async () => {
    const code = 'PLAN-0000016';
    const q = query({ search: code });
    const search = await withTenant(db, plan.tenantId, (trx) => resultSearch(trx, code));
    const combined = searchWithExactStatement(
      { name: 'app_result_search', accessCodes: false },
      code,
      resultsByCode(q),
    );
    for (const [statement, label] of [
      [pageStatement(q, 100, 0, search), 'page'],
      [combined, "in the probe's statement"],
    ] as const) {
      const loops = await scanLoops(statement);
      expect(loops['interview_results']).toBeGreaterThan(0);
      const read = Object.fromEntries([...PARTS, 'interview_question_results'].map((t) => [t, loops[t]]));
      expect({ label, read }).toEqual({
        label,
        read: Object.fromEntries([...PARTS, 'interview_question_results'].map((t) => [t, 1])),
      });
      const sortedGroups = await explained(statement, ['enable_hashagg = off']);
      expect({ label, grouped: readerLoops(sortedGroups, 'interview_question_results') }).toEqual({
        label,
        grouped: 1,
      });
    }
  });

  test('a kept cut read by its ids gives the rows the page reads, parts and all, in its order', async () => {
    await withTenant(db, plan.tenantId, async (trx) => {
      for (const sortDirection of ['desc', 'asc'] as const)
        for (const page of [1, 80]) {
          const q = query({ sortDirection, page });
          const cut = await resultPageCut(trx, q);
          expect(cut).toHaveLength(100);
          const expected = await readResults(trx, q, 100, page * 100);
          expect({ sortDirection, page, rows: await readResultsByIds(trx, q, cut) }).toEqual({
            sortDirection,
            page,
            rows: expected,
          });
        }
    });
  });
});

describe('a page read by its kept cut is planned once, for any ids (ADR 0160)', () => {
  test('its statement is marked GENERIC_PLAN, and the generic plan reads every table by key, each part once', async () => {
    const q = query({ page: 80 });
    const cut = await withTenant(db, plan.tenantId, (trx) => resultPageCut(trx, q));
    const compiled = byIdsStatement(q, cut).compile(db);
    expect(compiled.sql.startsWith(GENERIC_PLAN)).toBe(true);
    // The plan PostgreSQL keeps for it: made without the ids' values (a generic plan), then run with this page's.
    const loops = await withTenant(db, plan.tenantId, async (trx) => {
      await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
      await sql`PREPARE by_ids AS ${sql.raw(compiled.sql)}`.execute(trx);
      const ids = sql.raw(`'{${cut.join(',')}}'::bigint[]`);
      const explained = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON)
        EXECUTE by_ids(${sql.join(compiled.parameters.map(() => ids))})`.execute(trx);
      await sql`DEALLOCATE by_ids`.execute(trx);
      return loopsOf(explained.rows[0]!['QUERY PLAN']);
    });
    // The seeded project's 1M-row-sized tables by key (the small ones, recordings and outbox, may be scanned whole).
    const large = ['interview_results', 'participants', 'interview_question_results'];
    expect(loops.seqScans.filter((table) => large.includes(table))).toEqual([]);
    expect(loops.byTable).toMatchObject({
      interview_results: 1,
      interview_result_notes: 1,
      interview_result_follow_ups: 1,
      interview_result_emails: 1,
      interview_question_results: 1,
    });
  });
});

/** Each table's most loops of one scan node and the tables read by a sequential scan, of an EXPLAIN's JSON. */
function loopsOf(raw: unknown): { byTable: Record<string, number>; seqScans: string[] } {
  const nodes = [planRoot(raw)];
  const byTable: Record<string, number> = {};
  const seqScans: string[] = [];
  for (const node of nodes) {
    const table = node['Relation Name'] as string | undefined;
    if (table) byTable[table] = Math.max(byTable[table] ?? 0, Number(node['Actual Loops']));
    if (table && node['Node Type'] === 'Seq Scan') seqScans.push(table);
    nodes.push(...(node.Plans ?? []));
  }
  return { byTable, seqScans };
}
