import { sql } from 'kysely';
import type { Db } from '../../platform/db/schema';
import { withSystem, withTenant } from '../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../testing/database-template';
import { searchCandidates } from './search-candidates';

// A search's candidates (ADR 0061): taken only where the trigram indexes narrow it, dropped when too many.
let db: Db;
let tenantId: number;
let irn: string;
let resultIds: number[];

beforeAll(async () => {
  db = await openTestDatabase();
  ({ tenantId, irn, resultIds } = await withSystem(db, async (trx) => {
    const row = await sql<{ tenant_id: number; irn: string }>`
      SELECT p.tenant_id, p.interview_ref_num AS irn FROM participants p
      WHERE p.interview_ref_num IS NOT NULL AND (SELECT count(*) FROM interview_results r WHERE r.participant_id = p.id) > 1
      ORDER BY p.id LIMIT 1`.execute(trx);
    const found = row.rows[0]!;
    const ids = await sql<{ id: string }>`
      SELECT r.id FROM interview_results r JOIN participants p ON p.id = r.participant_id
      WHERE p.interview_ref_num = ${found.irn} ORDER BY r.id`.execute(trx);
    return { tenantId: found.tenant_id, irn: found.irn, resultIds: ids.rows.map((r) => Number(r.id)) };
  }));
});
afterAll(() => db.destroy());

const inTenant = <T>(fn: (trx: Db) => Promise<T>) => withTenant(db, tenantId, fn);

test('a search of three characters or more gives the ids it may find, its results among them', async () => {
  const candidates = await inTenant((trx) => searchCandidates(trx, 'app_result_ids_matching', ` ${irn} `));
  expect(candidates).not.toBeNull();
  expect(candidates).toEqual(expect.arrayContaining(resultIds));
  expect(new Set(candidates).size).toBe(candidates!.length);
});

test('none are taken for no search, fewer than three characters, or more candidates than the cap', async () => {
  expect(await inTenant((trx) => searchCandidates(trx, 'app_result_ids_matching', undefined))).toBeNull();
  expect(await inTenant((trx) => searchCandidates(trx, 'app_result_ids_matching', '  '))).toBeNull();
  expect(await inTenant((trx) => searchCandidates(trx, 'app_result_ids_matching', irn.slice(0, 2)))).toBeNull();
  expect(resultIds.length).toBeGreaterThan(1);
  expect(await inTenant((trx) => searchCandidates(trx, 'app_result_ids_matching', irn, 1))).toBeNull();
  expect(await inTenant((trx) => searchCandidates(trx, 'app_result_ids_matching', irn, resultIds.length))).toEqual(
    expect.arrayContaining(resultIds),
  );
});

test('a search that matches nothing gives no candidates, so nothing is read', async () => {
  expect(await inTenant((trx) => searchCandidates(trx, 'app_call_record_ids_matching', 'no-such-call'))).toEqual([]);
});
