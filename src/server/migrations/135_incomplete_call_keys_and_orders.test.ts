/**
 * Migration 135 (ADR 0229, issue 30): Incomplete Calls' codes are read by index and its IRN and duration orders walk
 * their indexes, on both engines. A tenant of its own holds 3,000 incomplete calls; app_incomplete_call_search finds
 * a whole access code or IRN in any spelling by index scans only (pg_stat_xact_user_tables), in that tenant only, and
 * a first page in either order is read from its index without a sort, and a page past a key of either order (ADR
 * 0236) seeks it.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { insertTenant } from '../testing/tenant-of-its-own';
import { migratedEngines } from '../testing/migrated-engines';
import { indexBuffersRead, planOf, sorts } from '../testing/plan-project';
import {
  incompleteCallPage,
  type CallFilter,
  type IncompleteKey,
  type IncompleteSort,
} from '../services/execution-service/reports/call-reports-store';

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

  // ADR 0236: a deep page past a kept cut seeks the order's index, across the calls without an IRN too.
  describe('a page past a key of the IRN or duration order', () => {
    const NO_IRN = 300;
    beforeAll(async () => {
      await withTenant(db, tenantId, (trx) =>
        sql`INSERT INTO incomplete_calls (tenant_id, project_id, interview_reference_number, access_code, interrupt_code,
              call_at, duration_seconds, created_at)
            SELECT tenant_id, project_id, NULL, 'NI-' || g, 'HANGUP', now() - make_interval(mins => g), g % 600, now()
            FROM (SELECT tenant_id, project_id FROM incomplete_calls LIMIT 1) AS c, generate_series(1, ${NO_IRN}) AS g`.execute(
          trx,
        ),
      );
      await sql`ANALYZE incomplete_calls`.execute(db);
    });

    // The bounds on the order's own column too (ADR 0205: the side the key implies is left out).
    const filter: CallFilter = {
      projectId: null,
      from: new Date(Date.now() - 400 * 86_400_000),
      to: new Date(Date.now() + 86_400_000),
      search: null,
      minDuration: 1,
      maxDuration: 590,
    };
    const statement = (sort: IncompleteSort, offset: number, after: IncompleteKey | null = null) =>
      incompleteCallPage(db, filter, sort, { offset, limit: 25 }, null, undefined, after).compile();
    const rowsOf = (sort: IncompleteSort, offset: number, after: IncompleteKey | null = null) =>
      withTenant(db, tenantId, async (trx) => (await trx.executeQuery(statement(sort, offset, after))).rows);

    test.each([
      ['irnno', 'asc'],
      ['irnno', 'desc'],
      ['duration', 'asc'],
      ['duration', 'desc'],
    ] as const)('%s %s: the rows of its offset, reading about what the first page reads', async (by, direction) => {
      const sort = { by, direction };
      const buffers = (offset: number, after?: IncompleteKey) =>
        indexBuffersRead(db, tenantId, statement(sort, offset, after));
      const first = await buffers(0);
      expect(await buffers(1_500)).toBeGreaterThan(first * 5);
      // The calls before those without an IRN ascending, those without one descending: keys just before that boundary
      // start a page that crosses it, just after it and in the middle a page of one side.
      const before = await withTenant(db, tenantId, (trx) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM incomplete_calls WHERE duration_seconds BETWEEN 1 AND 590
            AND (interview_reference_number IS NULL) = ${direction === 'desc'}`.execute(trx),
      );
      const boundary = before.rows[0]!.n;
      for (const position of [boundary - 10, boundary + 10, 1_500]) {
        const [row] = await rowsOf(sort, position);
        const value = by === 'irnno' ? row!.interview_reference_number : row!.duration_seconds;
        const after = { value, id: Number(row!.id) };
        const page = await rowsOf(sort, 0, after);
        expect({ position, rows: page }).toEqual({ position, rows: (await rowsOf(sort, position + 1)).slice(0, 25) });
        if (by === 'irnno' && position === boundary - 10)
          expect(new Set(page.map((r) => r.interview_reference_number === null)).size).toBe(2);
        const read = await buffers(0, after);
        expect({ position, read }).toEqual({ position, read: Math.min(read, first + 8) });
      }
    });
  });
});
