/**
 * Migration 134 (ADR 0228, issue 30): the Backend Data Log's identifiers are read by index, on both engines. A tenant
 * of its own logs 3,000 posts (results, and call records naming an IRN and a call id); each kind of identifier is
 * found through app_backend_log_search in any spelling its rule allows, by index scans only (counted in
 * pg_stat_xact_user_tables), and only in the operating tenant.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { insertTenant } from '../testing/tenant-of-its-own';
import { migratedEngines } from '../testing/migrated-engines';

const ROWS = 3_000;

/** A tenant of its own whose log holds ROWS posts: odd ones results, even ones call records with an IRN. */
async function addTenant(db: Db): Promise<number> {
  return withSystem(db, async (trx) => {
    const tenantId = await insertTenant(trx, 'Logged posts');
    await sql`
      INSERT INTO backend_data_logs (tenant_id, kind, run_id, payload, uploaded_at)
      SELECT ${tenantId}, CASE WHEN g % 2 = 1 THEN 'RESULT' ELSE 'CALL_RECORD' END, 'lp-run-' || (g % 100),
             CASE WHEN g % 2 = 1
               THEN jsonb_build_object('requestId', 'lp-req-' || g, 'accessCode', 'LP-' || lpad((g / 2)::text, 7, '0'),
                                       'overallEvaluation', 'LR')
               ELSE jsonb_build_object('requestId', 'lp-req-' || g, 'accessCode', 'LP-' || lpad((g / 2)::text, 7, '0'),
                                       'interviewReferenceNumber', 'LPIRN-' || (g / 2), 'callId', 'lp-call-' || g)
             END,
             now() - make_interval(secs => g)
      FROM generate_series(1, ${ROWS}) AS g`.execute(trx);
    await sql`ANALYZE backend_data_logs`.execute(trx);
    return tenantId;
  });
}

type Found = { match_id: string; match_how: string };

/** The search's rows and the scans it started on the log: sequential, and through its indexes. */
async function searched(db: Db, tenantId: number, text: string) {
  return withTenant(db, tenantId, async (trx) => {
    const scans = async () =>
      (
        await sql<{ seq: number; idx: number }>`
          SELECT coalesce(sum(seq_scan), 0)::int AS seq, coalesce(sum(idx_scan), 0)::int AS idx
          FROM pg_stat_xact_user_tables WHERE relname = 'backend_data_logs'`.execute(trx)
      ).rows[0]!;
    const before = await scans();
    const rows = (
      await sql<Found>`SELECT * FROM app_backend_log_search(app_code_key(${text}), ${text}, 5000)`.execute(trx)
    ).rows;
    const after = await scans();
    return { rows, seq: after.seq - before.seq, idx: after.idx - before.idx };
  });
}

/** The posts found, as their request ids with how each was found, in order. */
async function posts(db: Db, tenantId: number, rows: Found[]) {
  const ids = rows.map((r) => r.match_id);
  const named = await withSystem(db, (trx) =>
    trx
      .selectFrom('backend_data_logs')
      .select(['id', sql<string>`payload->>'requestId'`.as('request')])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids.length ? ids : ['0'])
      .execute(),
  );
  const request = new Map(named.map((n) => [String(n.id), n.request]));
  return rows.map((r) => `${r.match_how}:${request.get(String(r.match_id))}`).sort();
}

describe.each(migratedEngines('log-search'))('on %s', (_engine, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let tenantId: number;

  beforeAll(async () => {
    ({ db, close } = await open());
    tenantId = await addTenant(db);
  }, 120_000);
  afterAll(() => close?.());

  test('an access code and an IRN by their key, in any spelling, by index', async () => {
    const code = await searched(db, tenantId, ' lp 00001-23 ');
    expect(await posts(db, tenantId, code.rows)).toEqual(['code:lp-req-246', 'code:lp-req-247']);
    expect(code.seq).toBe(0);
    expect(code.idx).toBeGreaterThan(0);
    const irn = await searched(db, tenantId, 'lpirn-123');
    expect(await posts(db, tenantId, irn.rows)).toEqual(['irn:lp-req-246']);
    expect(irn.seq).toBe(0);
  });

  test('a request id, a call id and a run id whole, by index', async () => {
    const request = await searched(db, tenantId, 'lp-req-17');
    expect(await posts(db, tenantId, request.rows)).toEqual(['request:lp-req-17']);
    expect(request.seq).toBe(0);
    const call = await searched(db, tenantId, 'lp-call-18');
    expect(await posts(db, tenantId, call.rows)).toEqual(['call:lp-req-18']);
    const run = await searched(db, tenantId, 'lp-run-7');
    expect(run.rows).toHaveLength(ROWS / 100);
    expect(run.rows.every((r) => r.match_how === 'run')).toBe(true);
    expect(run.seq).toBe(0);
    // Whole only: a part of an identifier finds nothing here (the list then matches texts, ADR 0228).
    expect((await searched(db, tenantId, 'lp-req-')).rows).toEqual([]);
  });

  test('only the operating tenant: another tenant and the system role find nothing', async () => {
    const other = await withSystem(db, (trx) => insertTenant(trx, 'No posts'));
    expect((await searched(db, other, 'lp-req-17')).rows).toEqual([]);
    const asSystem = await withSystem(db, (trx) =>
      sql<Found>`SELECT * FROM app_backend_log_search(app_code_key('lp-req-17'), 'lp-req-17', 5000)`.execute(trx),
    );
    expect(asSystem.rows).toEqual([]);
  });
});
