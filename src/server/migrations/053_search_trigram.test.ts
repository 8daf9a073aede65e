import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { APP_ROLE, withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { openTestDatabase } from '../testing/database-template';

// Migration 053: the search functions find candidates through the trigram indexes as the owner, so each must keep
// to the operating tenant by hand, and its queries must stay ones the indexes serve.
let db: Db;
let sample: { tenantId: number; otherTenantId: number; resultId: number; irn: string; callId: number; code: string };

type Matcher = 'app_result_ids_matching' | 'app_call_record_ids_matching';
const ids = async (trx: Db, fn: Matcher, text: string) =>
  (await sql<{ id: string }>`SELECT ${sql.raw(fn)}(${`%${text}%`}, 100) AS id`.execute(trx)).rows.map((r) =>
    Number(r.id),
  );

beforeAll(async () => {
  db = await openTestDatabase();
  sample = await withSystem(db, async (trx) => {
    const result = await sql<{ id: string; tenant_id: number; project_id: number; irn: string }>`
      SELECT r.id, r.tenant_id, r.project_id, coalesce(r.interview_reference_number, p.interview_ref_num) AS irn
      FROM interview_results r JOIN participants p ON p.id = r.participant_id
      WHERE coalesce(r.interview_reference_number, p.interview_ref_num) IS NOT NULL
      ORDER BY r.id LIMIT 1`.execute(trx);
    const call = await sql<{ id: string; call_id: string }>`
      INSERT INTO call_records (tenant_id, project_id, call_id, call_at, duration_seconds, created_at)
      VALUES (${result.rows[0]!.tenant_id}, ${result.rows[0]!.project_id}, 'trigram-call-53', now(), 60, now())
      RETURNING id, call_id`.execute(trx);
    const other = await sql<{ id: number }>`
      SELECT id FROM tenants WHERE id <> ${result.rows[0]!.tenant_id} AND NOT is_system ORDER BY id LIMIT 1`.execute(
      trx,
    );
    return {
      tenantId: result.rows[0]!.tenant_id,
      otherTenantId: other.rows[0]!.id,
      resultId: Number(result.rows[0]!.id),
      irn: result.rows[0]!.irn,
      callId: Number(call.rows[0]!.id),
      code: call.rows[0]!.call_id,
    };
  });
});
afterAll(() => db.destroy());

test.each([
  ['app_result_ids_matching', 'resultId', 'irn'],
  ['app_call_record_ids_matching', 'callId', 'code'],
] as const)('%s keeps to the operating tenant; the system role reads every tenant', async (fn, idKey, textKey) => {
  const id = sample[idKey];
  const text = sample[textKey];
  expect(await withTenant(db, sample.tenantId, (trx) => ids(trx, fn, text))).toContain(id);
  expect(await withTenant(db, sample.otherTenantId, (trx) => ids(trx, fn, text))).not.toContain(id);
  expect(await withSystem(db, (trx) => ids(trx, fn, text))).toContain(id);
  // The application role without a tenant setting finds nothing.
  const bare = await withSystem(db, async (trx) => {
    await sql`SELECT set_config('role', ${APP_ROLE}, true)`.execute(trx);
    return ids(trx, fn, text);
  });
  expect(bare).toEqual([]);
});

test('a result keeps being found by the IRN it was recorded with after its participant changes', async () => {
  const participantIrn = await withTenant(db, sample.tenantId, async (trx) => {
    await sql`UPDATE interview_results SET interview_reference_number = ${sample.irn}
              WHERE id = ${sample.resultId}`.execute(trx);
    await sql`UPDATE participants SET interview_ref_num = 'RENAMED-IRN'
              WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${sample.resultId})`.execute(trx);
    return {
      old: await ids(trx, 'app_result_ids_matching', sample.irn),
      renamed: await ids(trx, 'app_result_ids_matching', 'RENAMED-IRN'),
    };
  });
  expect(participantIrn.old).toContain(sample.resultId);
  expect(participantIrn.renamed).toContain(sample.resultId);
});

/** The functions' query texts, as EXECUTE runs them, with the pattern and no tenant (the system role's read). */
async function queryOf(trx: Db, fn: Matcher): Promise<string> {
  const source = await sql<{ prosrc: string }>`SELECT prosrc FROM pg_proc WHERE proname = ${fn}`.execute(trx);
  const quoted = /EXECUTE\s+'((?:[^']|'')*)'/.exec(source.rows[0]!.prosrc)![1]!;
  return quoted.replaceAll("''", "'").replaceAll('$1', `'%abc%'`).replaceAll('$2', 'NULL::int').replaceAll('$3', '100');
}

test.each([
  ['app_result_ids_matching', ['participants_search_idx', 'interview_results_search_idx']],
  ['app_call_record_ids_matching', ['call_records_search_idx']],
] as const)('%s reads the trigram indexes', async (fn, indexes) => {
  const plan = await withSystem(db, async (trx) => {
    // Tiny tables: price out reading them whole or by their primary key, which a large one would never choose.
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL enable_indexscan = off`.execute(trx);
    const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${sql.raw(await queryOf(trx, fn))}`.execute(trx);
    return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  for (const index of indexes) expect(plan).toContain(index);
});
