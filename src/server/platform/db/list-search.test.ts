import { sql } from 'kysely';
import type { Db } from './schema';
import { withSystem, withTenant } from '../tenancy/with-tenant';
import { openTestDatabase } from '../../testing/database-template';
import { findListSearch, probedOnce, searchCondition, type SearchFunction } from './list-search';
import { GENERIC_PLAN } from './pglite-dialect';

// A search reads the ids its parts may match first (ADR 0073); the rows it finds must be the ones its rule finds row
// by row, whatever the ids listed (exact, prefix, text, none, or too many to list).
let db: Db;
let tenantId: number;
let sample: { irn: string; accessCode: string; lastName: string };

beforeAll(async () => {
  db = await openTestDatabase();
  ({ tenantId, sample } = await withSystem(db, async (trx) => {
    const row = await sql<{ tenant_id: number; irn: string; access_code: string; last_name: string }>`
      SELECT p.tenant_id, p.interview_ref_num AS irn, p.access_code, p.last_name FROM participants p
      WHERE p.interview_ref_num IS NOT NULL AND p.access_code IS NOT NULL AND p.last_name IS NOT NULL
        AND EXISTS (SELECT 1 FROM interview_results r WHERE r.participant_id = p.id)
      ORDER BY p.id LIMIT 1`.execute(trx);
    const found = row.rows[0]!;
    return {
      tenantId: found.tenant_id,
      sample: { irn: found.irn, accessCode: found.access_code, lastName: found.last_name },
    };
  }));
});
afterAll(() => db.destroy());

const RESULTS: SearchFunction = { name: 'app_result_search', accessCodes: true };
const resultColumns = {
  id: sql`r.id`,
  codes: [
    sql`coalesce(r.interview_reference_number, p.interview_ref_num)`,
    sql`coalesce(r.access_code, p.access_code)`,
  ],
  texts: [sql`concat_ws(' ', p.first_name, p.last_name)`],
  textId: sql`r.participant_id`,
};

/** The results a search finds among the tenant's, under `search` as read (its ids) or row by row. */
async function resultsFound(trx: Db, search: Parameters<typeof searchCondition>[0]): Promise<number[]> {
  const rows = await sql<{ id: string }>`
    SELECT r.id FROM interview_results r JOIN participants p ON p.id = r.participant_id
    WHERE ${searchCondition(search, resultColumns)} ORDER BY r.id`.execute(trx);
  return rows.rows.map((r) => Number(r.id));
}

const texts = () => [
  sample.irn,
  sample.irn.toLowerCase().replace(/(.{2})/, '$1 '),
  sample.irn.slice(0, 3),
  sample.accessCode,
  sample.accessCode.slice(0, 4),
  sample.lastName,
  sample.lastName.slice(1, 4).toUpperCase(),
  'zz',
  '%',
  'no such thing',
];

test('the rows found through the listed ids are the rows the rule finds row by row', async () => {
  await withTenant(db, tenantId, async (trx) => {
    for (const text of texts()) {
      const listed = await findListSearch(trx, RESULTS, text);
      const tight = await findListSearch(trx, RESULTS, text, { code: 0, text: 0 });
      const byRow = { text, exact: listed!.exact, codeIds: null, textIds: null };
      const expected = await resultsFound(trx, byRow);
      expect({ text, found: await resultsFound(trx, listed!) }).toEqual({ text, found: expected });
      expect({ text, found: await resultsFound(trx, tight!) }).toEqual({ text, found: expected });
    }
  });
});

test('a whole code is exact and lists its rows only; a code start and a name list their parts', async () => {
  await withTenant(db, tenantId, async (trx) => {
    const whole = (await findListSearch(trx, RESULTS, sample.irn))!;
    expect(whole.exact).toBe(true);
    expect(whole.textIds).toEqual([]);
    expect(whole.codeIds!.length).toBeGreaterThan(0);
    const start = (await findListSearch(trx, RESULTS, sample.irn.slice(0, -1)))!;
    expect(start.exact).toBe(false);
    expect(start.codeIds!.length).toBeGreaterThan(0);
    // Two characters: too short for the trigram indexes, so names are tested row by row.
    expect((await findListSearch(trx, RESULTS, 'zz'))!.textIds).toBeNull();
    expect(await findListSearch(trx, RESULTS, '  ')).toBeNull();
  });
});

test('the selections decide exactness inside the statement and find the same rows', async () => {
  await withTenant(db, tenantId, async (trx) => {
    for (const text of texts()) {
      const listed = (await findListSearch(trx, RESULTS, text))!;
      const exactSql = sql<boolean>`(SELECT EXISTS (SELECT 1 FROM app_result_search(NULL, app_code_key(${text}), true, 1, 1)
                                                    WHERE match_how = 'exact'))`;
      expect({ text, found: await resultsFound(trx, { text, exactSql }) }).toEqual({
        text,
        found: await resultsFound(trx, listed),
      });
    }
  });
});

test("only one code's listed rows mark their statement for a kept plan (ADR 0132), and only when the caller says its ids lead the plan (ADR 0208); a prefix is planned per value", () => {
  const statement = (search: Parameters<typeof searchCondition>[0]) =>
    db.selectFrom('interview_results as r').select('r.id').where(searchCondition(search, resultColumns)).compile().sql;
  const kept = { keepsPlan: true };
  expect(statement({ text: 'B1-A1', exact: true, codeIds: [1, 2], textIds: [], ...kept })).toContain(GENERIC_PLAN);
  expect(statement({ text: 'B1-A1', exact: true, idsSql: sql`ARRAY[1]::bigint[]`, ...kept })).toContain(GENERIC_PLAN);
  expect(statement({ text: 'B1-A1', exact: true, codeIds: [1, 2], textIds: [] })).not.toContain(GENERIC_PLAN);
  expect(statement({ text: 'B1-A1', exact: true, idsSql: sql`ARRAY[1]::bigint[]` })).not.toContain(GENERIC_PLAN);
  expect(statement({ text: 'B1-A1', exact: true, codeIds: null, textIds: [], ...kept })).not.toContain(GENERIC_PLAN);
  expect(statement({ text: 'B1-A', exact: false, codeIds: [1, 2], textIds: null, ...kept })).not.toContain(
    GENERIC_PLAN,
  );
});

test('ids its own probe matched by the same codes are not compared again (ADR 0218); any other ids are', () => {
  const statement = (search: Parameters<typeof searchCondition>[0]) =>
    db.selectFrom('interview_results as r').select('r.id').where(searchCondition(search, resultColumns)).compile().sql;
  const ids = { text: 'B1-A1', exact: true, idsSql: sql`ARRAY[1]::bigint[]` };
  expect(statement({ ...ids, idsAreMatches: true })).not.toContain('app_code_key');
  expect(statement(ids)).toContain('app_code_key');
  expect(statement({ text: 'B1-A1', exact: true, codeIds: [1, 2], textIds: [], idsAreMatches: true })).toContain(
    'app_code_key',
  );
});

test('probedOnce reads a probe once for each cap, for every page after the first that asks', async () => {
  const asked: (number | undefined)[] = [];
  const readSearch = probedOnce(async (_trx, names) => {
    asked.push(names);
    return names ?? 0;
  });
  const pageOne = readSearch(db);
  expect(await pageOne()).toBe(0);
  expect(await pageOne(50)).toBe(50);
  const pageTwo = readSearch(db);
  expect([await pageTwo(), await pageTwo(50), await pageTwo(50)]).toEqual([0, 50, 50]);
  expect(asked).toEqual([undefined, 50]);
});
