/**
 * Migration 135 (ADR 0229, issue 30): Incomplete Calls' codes are read by index and its IRN and duration orders walk
 * their indexes, on both engines. A tenant of its own holds 3,000 incomplete calls; app_incomplete_call_search finds
 * a whole access code or IRN in any spelling by index scans only (pg_stat_xact_user_tables), in that tenant only, and
 * a first page in either order is read from its index without a sort.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { insertTenant } from '../testing/tenant-of-its-own';
import { migratedEngines } from '../testing/migrated-engines';
import { planOf, sorts } from '../testing/plan-project';

const ROWS = 3_000;

/** A tenant of its own with a project and ROWS incomplete calls, each with its code and IRN. */
async function addTenant(db: Db): Promise<number> {
  return withSystem(db, async (trx) => {
    const tenantId = await insertTenant(trx, 'Incomplete keys');
    await sql`
      WITH project AS (
        INSERT INTO projects (tenant_id, name, configuration_json, created_at)
        VALUES (${tenantId}, 'Incomplete keys', '{}', now()) RETURNING id, tenant_id
      )
      INSERT INTO incomplete_calls (tenant_id, project_id, interview_reference_number, access_code, caller_id,
                                    interrupt_code, call_at, duration_seconds, created_at)
      SELECT project.tenant_id, project.id, 'ICIRN-' || g, 'IC-' || lpad(g::text, 7, '0'), '+1555' || g, 'HANGUP',
             now() - make_interval(mins => g), g % 600, now()
      FROM project, generate_series(1, ${ROWS}) AS g`.execute(trx);
    await sql`ANALYZE incomplete_calls`.execute(trx);
    return tenantId;
  });
}

/** The search's ids and the scans it started on the table: sequential, and through its indexes. */
async function searched(db: Db, tenantId: number, text: string) {
  return withTenant(db, tenantId, async (trx) => {
    const scans = async () =>
      (
        await sql<{ seq: number; idx: number }>`
          SELECT coalesce(sum(seq_scan), 0)::int AS seq, coalesce(sum(idx_scan), 0)::int AS idx
          FROM pg_stat_xact_user_tables WHERE relname = 'incomplete_calls'`.execute(trx)
      ).rows[0]!;
    const before = await scans();
    const found = await sql<{ match_id: string; match_how: string }>`
      SELECT match_id, match_how FROM app_incomplete_call_search(${`%${text}%`}, app_code_key(${text}), 5000, 20000)`.execute(
      trx,
    );
    const after = await scans();
    const ids = found.rows.map((r) => r.match_id);
    const codes = await trx
      .selectFrom('incomplete_calls')
      .select('access_code')
      .where('id', 'in', ids.length ? ids : ['0'])
      .execute();
    return {
      codes: codes.map((r) => r.access_code).sort(),
      hows: [...new Set(found.rows.map((r) => r.match_how))],
      seq: after.seq - before.seq,
      idx: after.idx - before.idx,
    };
  });
}

describe.each(migratedEngines('incomplete-keys'))('on %s', (_engine, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let tenantId: number;

  beforeAll(async () => {
    ({ db, close } = await open());
    tenantId = await addTenant(db);
  }, 120_000);
  afterAll(() => close?.());

  test('a whole access code or IRN by its key, in any spelling, by index', async () => {
    const code = await searched(db, tenantId, ' ic 00001-23 ');
    expect(code).toMatchObject({ codes: ['IC-0000123'], hows: ['exact'], seq: 0 });
    expect(code.idx).toBeGreaterThan(0);
    const irn = await searched(db, tenantId, 'icirn-77');
    expect(irn).toMatchObject({ codes: ['IC-0000077'], hows: ['exact'], seq: 0 });
  });

  // Planned for their values (a table this small may be read whole): the large account's figures are the bench's.
  test("a code's start, then a part of the caller id or reason", async () => {
    const start = await searched(db, tenantId, 'IC-000012');
    expect(start.codes).toEqual(Array.from({ length: 10 }, (_, i) => `IC-${String(120 + i).padStart(7, '0')}`));
    expect(start.hows).toEqual(['code']);
    const caller = await searched(db, tenantId, '5552999');
    expect(caller).toMatchObject({ codes: ['IC-0002999'], hows: ['text'] });
    expect((await searched(db, tenantId, 'no such text')).codes).toEqual([]);
  });

  test('only the operating tenant: another tenant finds nothing', async () => {
    const other = await withSystem(db, (trx) => insertTenant(trx, 'No calls'));
    expect((await searched(db, other, 'IC-0000123')).codes).toEqual([]);
  });

  test.each([
    ['interview_reference_number', 'incomplete_calls_irn_order_idx'],
    ['duration_seconds', 'incomplete_calls_duration_order_idx'],
  ])('a first page in the %s order walks %s, no sort', async (column, index) => {
    for (const direction of ['ASC', 'DESC']) {
      const page = sql`
        SELECT id FROM incomplete_calls
        WHERE call_at >= now() - interval '400 days' AND call_at < now() + interval '1 day'
        ORDER BY ${sql.ref(column)} ${sql.raw(direction)}, id ${sql.raw(direction)} LIMIT 10`;
      const plan = await planOf(db, tenantId, page);
      expect(plan).toContain(index);
      expect(sorts(plan)).toBe(false);
    }
  });
});
