/**
 * The participants list's pages read the list's partial indexes in their order (issue 30, migration 029), and a broad
 * search walks that order and finds exactly the rows its rule finds (ADR 0092).
 */
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { indexBuffersRead, planOf, seedPlanProject, sorts, type PlanProject } from '../../../testing/plan-project';
import type { ParticipantFilter } from './participant-selection';
import {
  countStatement,
  findParticipantSearch,
  listParticipantPage,
  participantCutPage,
  participantPage,
  type ParticipantPageRequest,
} from './participants-store';

let db: Db;
let plan: PlanProject;
beforeAll(async () => {
  db = await openTestDatabase();
  plan = await seedPlanProject(db, { participants: 4_000, results: 0 });
}, 120_000);
afterAll(() => db.destroy());

const request = (changes: Partial<ParticipantPageRequest> = {}): ParticipantPageRequest => ({
  sort: 'createdAt',
  direction: 'desc',
  pageSize: 25,
  page: 0,
  after: null,
  ...changes,
});

// Newest first, two indexes hold the order (migration 005's project page index and 029's list index); either serves
// a page without sorting, so either passes. The other orders have only their 029 index.
const NEWEST = /Index Scan using participants_(list_created|project_page)_idx/;

test.each([
  ['the first page, newest first', request(), NEWEST],
  ['a keyset page, newest first', request({ after: { value: '2026-01-01T00:00:00.000000Z', id: 1_000_000 } }), NEWEST],
  ['the first page by IRN', request({ sort: 'interviewRefNum', direction: 'asc' }), /participants_list_irn_idx/],
  ['the first page by status', request({ sort: 'status' }), /participant_list_statuses_list_idx/],
] as const)('%s: an index in the order, no sort', async (_label, page, index) => {
  const found = await planOf(db, plan.tenantId, participantPage({ projectId: plan.projectId }, page));
  expect(found).toMatch(index);
  expect(sorts(found)).toBe(false);
});

// A status filter finds its rows in participant_list_statuses' index (migration 126: no index of participants holds
// the status), for the list's total as for a page in another order.
test.each([
  ['the total', (filter: ParticipantFilter) => countStatement(filter)],
  ['the first page, newest first', (filter: ParticipantFilter) => participantPage(filter, request())],
] as const)('a status filter: %s reads the statuses through their index', async (_label, statement) => {
  const filter = { projectId: plan.projectId, statuses: ['INTERVIEWED'] as const };
  const found = await planOf(db, plan.tenantId, statement(filter));
  expect(found).toMatch(/participant_list_statuses_list_idx/);
});

test("a total of statuses alone is counted in the side table's index, reading no participant", async () => {
  const found = await planOf(
    db,
    plan.tenantId,
    countStatement({ projectId: plan.projectId, statuses: ['INTERVIEWED'] }),
  );
  expect(found).toMatch(/Index Only Scan using participant_list_statuses_list_idx/);
  expect(found).not.toMatch(/participants_|on participants p/);
});

test("a keyset page by status starts in the side table's index at the cursor", async () => {
  // Before the project's status: every row of the project follows the cursor.
  const page = request({ sort: 'status', direction: 'asc', after: { value: 'INVITATION_SCHEDULED', id: 1 } });
  const found = await planOf(db, plan.tenantId, participantPage({ projectId: plan.projectId }, page));
  expect(found).toMatch(/Index Cond: \(.*ROW\(status, participant_id\) > ROW\(/);
  expect(sorts(found)).toBe(false);
});

test("a broad name walks the order's index and tests each row, no sort", async () => {
  const filter = { projectId: plan.projectId, search: 'santos' };
  const search = await withTenant(db, plan.tenantId, (trx) => findParticipantSearch(trx, filter, 0));
  expect(search!.textIds).toBeNull();
  const found = await planOf(db, plan.tenantId, participantPage(filter, request(), search, 2_000));
  expect(found).toMatch(NEWEST);
  expect(sorts(found)).toBe(false);
});

describe('a walked page is the page', () => {
  const texts = ['santos', 'sa', 'PLAN-0000', 'no such name'];
  const filters: Partial<ParticipantFilter>[] = [
    {},
    { statuses: ['NEW_PARTICIPANT', 'INVITATION_SENT'], languageIds: [1] },
  ];
  const pages: [string, Partial<ParticipantPageRequest>][] = [
    ['first, newest first', {}],
    ['third, newest first', { page: 2 }],
    ['first by IRN', { sort: 'interviewRefNum', direction: 'asc' }],
    ['first by status', { sort: 'status', direction: 'asc' }],
  ];

  test('walked (every search broad) or read through the ids, the list finds the rows the rule finds row by row', async () => {
    await withTenant(db, plan.tenantId, async (trx) => {
      for (const text of texts)
        for (const more of filters)
          for (const [label, changes] of pages) {
            const filter: ParticipantFilter = { projectId: plan.projectId, search: text, ...more };
            const page = request({ pageSize: 40, ...changes });
            const listed = await findParticipantSearch(trx, filter);
            const byRow = { ...listed!, codeIds: null, textIds: null };
            const ids = async (rows: Promise<{ id: string | number }[]>) => (await rows).map((r) => Number(r.id));
            const expected = await ids(
              participantPage(filter, page, byRow)
                .execute(trx)
                .then((r) => r.rows),
            );
            const at = { text, more, label };
            expect({ ...at, walked: await ids(listParticipantPage(trx, filter, page, { walkAbove: 0 })) }).toEqual({
              ...at,
              walked: expected,
            });
            expect({ ...at, byIds: await ids(listParticipantPage(trx, filter, page)) }).toEqual({
              ...at,
              byIds: expected,
            });
            // The next page by keyset, from the last row of this one.
            const last = expected[page.pageSize - 1];
            if (last === undefined) continue;
            const lastRow = (await listParticipantPage(trx, filter, page)).find((r) => Number(r.id) === last)!;
            const next = { ...page, after: { value: lastRow.sort_value, id: last } };
            const expectedNext = await ids(
              participantPage(filter, next, byRow)
                .execute(trx)
                .then((r) => r.rows),
            );
            expect({ ...at, next: await ids(listParticipantPage(trx, filter, next, { walkAbove: 0 })) }).toEqual({
              ...at,
              next: expectedNext,
            });
          }
    });
  }, 120_000);
});

// ADR 0191: a deep page by offset skips its rows in the order's index alone (ids first, the page's rows by key after),
// never reading a skipped row from the table nor joining or computing its columns. Pages marked all-visible, as a
// server's autovacuum and the embedded maintenance (ADR 0147) leave them.
describe('a deep page skips its offset in the index alone (ADR 0191)', () => {
  beforeAll(async () => {
    await sql`VACUUM participants, participant_list_statuses`.execute(db);
  });

  const ranPlan = (statement: RawBuilder<unknown>) =>
    withTenant(db, plan.tenantId, async (trx) => {
      const explain = statement.compile(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${explain.sql}`, [
          ...explain.parameters,
        ]),
      );
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  test.each([
    ['newest first', request(), /Index Only Scan( Backward)? using participants_list_created_idx/],
    [
      'oldest first (the far end of newest first)',
      request({ direction: 'asc' }),
      /Index Only Scan( Backward)? using participants_list_created_idx/,
    ],
    [
      'by status',
      request({ sort: 'status', direction: 'asc' }),
      /Index Only Scan( Backward)? using participant_list_statuses_list_idx/,
    ],
  ] as const)('%s: page 120 reads no table row for the 3,000 it skips', async (_label, page, index) => {
    const found = await ranPlan(participantCutPage({ projectId: plan.projectId }, page, 3_000, 26));
    expect(found).toMatch(index);
    expect(found).toMatch(/Index Only Scan[^\n]*\n(.*\n)*?.*Heap Fetches: 0/);
    // Only the page's own rows are read from the table (by key), joined and computed.
    expect(found).toMatch(/Index Scan using participants_pkey on participants p.*\n(.*\n)*?.*rows=1(\.00)? loops=26/);
    expect(sorts(found)).toBe(false);
  });

  test('a status filter with the status order skips in the side table alone; the page is the offset read', async () => {
    const filter = { projectId: plan.projectId, statuses: ['INVITATION_SENT'] as const };
    const page = request({ sort: 'status', direction: 'desc' });
    const found = await ranPlan(participantCutPage(filter, page, 2_000, 26));
    expect(found).toMatch(/Index Only Scan( Backward)? using participant_list_statuses_list_idx/);
    expect(found).toMatch(/Heap Fetches: 0/);
    await withTenant(db, plan.tenantId, async (trx) => {
      const ids = (rows: { id: number | string }[]) => rows.map((r) => Number(r.id));
      const byOffset = await participantPage(filter, { ...page, page: 80 }).execute(trx);
      const cut = await participantCutPage(filter, page, 2_000, 26).execute(trx);
      expect(ids(cut.rows)).toEqual(ids(byOffset.rows));
      expect(cut.rows).toHaveLength(26);
    });
  });
});

// ADR 0207: sorted by status with a status filter, `s.status = ANY(statuses)` beside the keyset's row comparison on the
// same column made the embedded engine (PostgreSQL 18) start each status's scan at its first entry and pass every entry
// up to the keyset. A page thousands of entries deep now seeks: the rest of the key's status, then the statuses after.
describe('a keyset page by status inside a status filter seeks to its keyset (ADR 0207)', () => {
  const SEEK_BUFFERS = 8;
  // Three statuses by id; the filter names the outer two, so a page past the first reads over the middle one.
  const statuses = ['INTERVIEWED', 'INVITATION_SENT'] as const;
  let firstStatusRows: Record<'asc' | 'desc', number>;
  beforeAll(async () => {
    // The last block of this file: the statuses it sets change no earlier test's project.
    firstStatusRows = await withTenant(db, plan.tenantId, async (trx) => {
      await sql`UPDATE participants SET status = (ARRAY['INTERVIEWED', 'INVITATION_SCHEDULED', 'INVITATION_SENT'])[1 + id % 3]
        WHERE project_id = ${plan.projectId}`.execute(trx);
      const count = async (status: string) =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM participants WHERE project_id = ${plan.projectId}
              AND status = ${status} AND NOT is_hidden AND NOT is_test_participant`.execute(trx)
          ).rows[0]!.n,
        );
      return { asc: await count('INTERVIEWED'), desc: await count('INVITATION_SENT') };
    });
    await sql`VACUUM ANALYZE participants, participant_list_statuses`.execute(db);
  });

  const filterOf = (more: Partial<ParticipantFilter> = {}): ParticipantFilter => ({
    projectId: plan.projectId,
    statuses,
    ...more,
  });
  const ids = (rows: { id: number | string }[]) => rows.map((r) => Number(r.id));
  const offsetRead = (filter: ParticipantFilter, page: ParticipantPageRequest, offset: number, limit: number) =>
    withTenant(db, plan.tenantId, async (trx) =>
      (
        await sql<{ id: string; sort_value: string }>`SELECT * FROM (${participantPage(filter, {
          ...page,
          pageSize: offset + limit - 1,
        })}) AS rows OFFSET ${offset}`.execute(trx)
      ).rows.slice(0, limit),
    );

  test.each(['desc', 'asc'] as const)(
    '%s: ten rows 1,000 deep, or across to the next status asked for, read a few index pages; the rows by offset',
    async (direction) => {
      const page = request({ sort: 'status', direction, pageSize: 10 });
      for (const [more, depth] of [
        [{}, 999],
        [{ languageIds: [1, 2] }, 999],
        [{}, firstStatusRows[direction] - 5],
      ] as const) {
        const filter = filterOf(more);
        const [key, ...rest] = await offsetRead(filter, page, depth, 11);
        const after = { value: key!.sort_value, id: Number(key!.id) };
        const keyset = participantPage(filter, { ...page, after });
        const at = { direction, more, depth };
        const buffers = await indexBuffersRead(db, plan.tenantId, keyset, 'participant_list_statuses_list_idx');
        expect({ ...at, seeks: buffers <= SEEK_BUFFERS }).toEqual({ ...at, seeks: true });
        const byKeyset = await withTenant(db, plan.tenantId, (trx) => keyset.execute(trx));
        // The page and the row after it, which tells a next page exists.
        expect({ ...at, rows: ids(byKeyset.rows).slice(0, 10) }).toEqual({ ...at, rows: ids(rest) });
        // A deep page after a kept cut (ADR 0191) reads the same way.
        const cut = participantCutPage(filter, { ...page, after }, 0, 10);
        const cutBuffers = await indexBuffersRead(db, plan.tenantId, cut, 'participant_list_statuses_list_idx');
        expect({ ...at, cutSeeks: cutBuffers <= SEEK_BUFFERS }).toEqual({ ...at, cutSeeks: true });
        const byCut = await withTenant(db, plan.tenantId, (trx) => cut.execute(trx));
        expect({ ...at, cut: ids(byCut.rows) }).toEqual({ ...at, cut: ids(rest.slice(0, 10)) });
      }
    },
  );
});

// ADR 0207: read through the status side table, the page says the list's prefix and statuses of `s` alone. Said again
// of `p`, PostgreSQL 15 multiplied both selectivities, expected 423 of 6,829 rows to match where all did, and read the
// page in parallel (78-112 ms at 10 connections against 28 ms). The engine here plans it either way, so the text is
// what is checked.
test('a page sorted by status says the prefix and statuses of the side table alone, not of the participant again', () => {
  const filter: ParticipantFilter = { projectId: plan.projectId, statuses: ['INTERVIEWED'], languageIds: [1] };
  for (const after of [null, { value: 'INTERVIEWED', id: 1_000 }]) {
    const page = request({ sort: 'status', after });
    for (const statement of [participantPage(filter, page), participantCutPage(filter, page, 0, 26)]) {
      const text = statement.compile(db).sql;
      expect({ after, text }).toEqual({ after, text: expect.stringMatching(/s\.project_id = /) });
      expect({ after, text }).toEqual({
        after,
        text: expect.not.stringMatching(/p\.project_id = |NOT p\.is_hidden|p\.is_test_participant = |p\.status = ANY/),
      });
      // The other filters still read the participant's own columns.
      expect({ after, text }).toEqual({ after, text: expect.stringMatching(/p\.participant_language_id = ANY/) });
    }
  }
});
