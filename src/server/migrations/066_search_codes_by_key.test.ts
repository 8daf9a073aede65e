import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { APP_ROLE, withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { openTestDatabase } from '../testing/database-template';

// Migration 066 (ADR 0073): the search functions read codes by key (equal first, then from their start) and texts
// anywhere, as the owner, so each must keep to the operating tenant by hand, and its queries must stay ones the
// indexes serve.
let db: Db;
let sample: {
  tenantId: number;
  otherTenantId: number;
  participantId: number;
  resultIds: number[];
  irn: string;
  accessCode: string;
  lastName: string;
  callId: number;
};

type Fn = 'result' | 'call' | 'participant';
interface Match {
  id: number | null;
  how: string;
}

const call = (fn: Fn, text: string, cap: number) => {
  const pattern = text.length >= 3 ? `%${text}%` : null;
  if (fn === 'result') return sql`app_result_search(${pattern}, app_code_key(${text}), true, ${cap}, ${cap})`;
  return fn === 'call'
    ? sql`app_call_record_search(${pattern}, app_code_key(${text}), ${cap}, ${cap})`
    : sql`app_participant_search(${pattern}, app_code_key(${text}), ${cap}, ${cap})`;
};

const search = async (trx: Db, fn: Fn, text: string, cap = 100): Promise<Match[]> =>
  (
    await sql<{ match_id: string | null; match_how: string }>`SELECT * FROM ${call(fn, text, cap)}`.execute(trx)
  ).rows.map((r) => ({ id: r.match_id === null ? null : Number(r.match_id), how: r.match_how }));

const ids = (matches: Match[], how: string) => matches.filter((m) => m.how === how).map((m) => m.id);

/** 'AB-12 3' → 'ab 12-3': the same key, written another way. */
const disguised = (code: string) => {
  const bare = code.replace(/[\s-]/g, '').toLowerCase();
  return `${bare.slice(0, 2)} ${bare.slice(2, 4)}-${bare.slice(4)}`;
};

beforeAll(async () => {
  db = await openTestDatabase();
  sample = await withSystem(db, async (trx) => {
    const participant = await sql<{
      id: string;
      tenant_id: number;
      project_id: number;
      irn: string;
      access_code: string;
    }>`
      SELECT p.id, p.tenant_id, p.project_id, p.interview_ref_num AS irn, p.access_code
      FROM participants p
      WHERE p.interview_ref_num IS NOT NULL AND p.access_code IS NOT NULL
        AND (SELECT count(*) FROM interview_results r WHERE r.participant_id = p.id) > 1
      ORDER BY p.id LIMIT 1`.execute(trx);
    const found = participant.rows[0]!;
    // A name no other participant has, so the name part stays under the cap.
    await sql`UPDATE participants SET last_name = 'Quixotelli' WHERE id = ${found.id}`.execute(trx);
    const results = await sql<{ id: string }>`
      SELECT id FROM interview_results WHERE participant_id = ${found.id} ORDER BY id`.execute(trx);
    // A project of 3,000 participants, results and calls, so the planner weighs the indexes as on a real tenant.
    await sql`
      WITH added AS (
        INSERT INTO participants (tenant_id, project_id, interview_ref_num, access_code, first_name, last_name, email,
                                  phone_number, status, created_at, updated_at)
        SELECT ${found.tenant_id}, ${found.project_id}, 'PLAN-' || g, 'PL' || lpad(g::text, 7, '0'), 'First' || g,
               'Last' || g, 'plan' || g || '@example.test', '+1 555 01' || g, 'INVITATION_SENT', now(), now()
        FROM generate_series(1, 3000) AS g
        RETURNING id, tenant_id, project_id, interview_ref_num, access_code
      ), results AS (
        INSERT INTO interview_results (tenant_id, project_id, participant_id, interview_reference_number, access_code,
                                       overall_evaluation, completed_at, created_at)
        SELECT tenant_id, project_id, id, interview_ref_num, access_code, 'LR', now(), now() FROM added
      )
      INSERT INTO call_records (tenant_id, project_id, participant_id, call_id, interview_reference_number, access_code,
                                caller_number, call_at, duration_seconds, created_at)
      SELECT tenant_id, project_id, id, 'plan-call-' || id, interview_ref_num, access_code, '+1 555 02' || id, now(), 60,
             now()
      FROM added`.execute(trx);
    await sql`ANALYZE participants, interview_results, call_records`.execute(trx);
    const callRecord = await sql<{ id: string }>`
      INSERT INTO call_records (tenant_id, project_id, participant_id, call_id, interview_reference_number, access_code,
                                caller_number, call_at, duration_seconds, created_at)
      VALUES (${found.tenant_id}, ${found.project_id}, ${found.id}, 'search-call-66', ${found.irn}, ${found.access_code},
              '+1 555 0166', now(), 60, now())
      RETURNING id`.execute(trx);
    const other = await sql<{ id: number }>`
      SELECT id FROM tenants WHERE id <> ${found.tenant_id} AND NOT is_system ORDER BY id LIMIT 1`.execute(trx);
    return {
      tenantId: found.tenant_id,
      otherTenantId: other.rows[0]!.id,
      participantId: Number(found.id),
      resultIds: results.rows.map((r) => Number(r.id)),
      irn: found.irn,
      accessCode: found.access_code,
      lastName: 'Quixotelli',
      callId: Number(callRecord.rows[0]!.id),
    };
  });
});
afterAll(() => db.destroy());

const inTenant = <T>(fn: (trx: Db) => Promise<T>) => withTenant(db, sample.tenantId, fn);

test('a whole IRN or access code, in any case and with any spaces or hyphens, finds its rows only', async () => {
  await inTenant(async (trx) => {
    for (const text of [sample.irn, disguised(sample.irn), disguised(sample.accessCode)]) {
      const results = await search(trx, 'result', text);
      expect(results.every((m) => m.how === 'exact')).toBe(true);
      expect(ids(results, 'exact')).toEqual(expect.arrayContaining(sample.resultIds));
      expect(ids(await search(trx, 'call', text), 'exact')).toEqual([sample.callId]);
    }
    expect(await search(trx, 'participant', disguised(sample.irn))).toEqual([
      { id: sample.participantId, how: 'exact' },
    ]);
  });
});

test('the start of a code finds the codes starting with it; names, numbers and call ids match anywhere', async () => {
  await inTenant(async (trx) => {
    const start = sample.irn.slice(0, -1);
    expect(ids(await search(trx, 'result', start), 'code')).toEqual(expect.arrayContaining(sample.resultIds));
    expect(ids(await search(trx, 'participant', start), 'code')).toContain(sample.participantId);
    const name = sample.lastName.slice(1);
    // A result's name is its participant's: the result search lists the participants.
    expect(ids(await search(trx, 'result', name), 'text')).toEqual([sample.participantId]);
    expect(ids(await search(trx, 'participant', name), 'text')).toContain(sample.participantId);
    expect(ids(await search(trx, 'call', '555 0166'), 'text')).toEqual([sample.callId]);
    expect(ids(await search(trx, 'call', 'search-call-6'), 'text')).toEqual([sample.callId]);
    // A code's middle is not a match: codes are read from their start.
    expect(ids(await search(trx, 'call', sample.accessCode.slice(2)), 'code')).not.toContain(sample.callId);
  });
});

test('a part that finds more than the cap is one broad row instead of its ids', async () => {
  await inTenant(async (trx) => {
    expect(await search(trx, 'call', '555 0166', 0)).toEqual([{ id: null, how: 'broad' }]);
    expect(await search(trx, 'participant', sample.lastName, 0)).toEqual([{ id: null, how: 'broad' }]);
    expect(await search(trx, 'result', 'Last1', 100)).toEqual([{ id: null, how: 'broad' }]);
  });
});

test.each(['result', 'call', 'participant'] as const)(
  '%s search keeps to the operating tenant; the system role reads every tenant',
  async (fn) => {
    const id = fn === 'result' ? sample.resultIds[0] : fn === 'call' ? sample.callId : sample.participantId;
    const found = (matches: Match[]) => matches.map((m) => m.id);
    expect(found(await inTenant((trx) => search(trx, fn, sample.irn)))).toContain(id);
    expect(found(await withTenant(db, sample.otherTenantId, (trx) => search(trx, fn, sample.irn)))).not.toContain(id);
    expect(found(await withSystem(db, (trx) => search(trx, fn, sample.irn)))).toContain(id);
    const bare = await withSystem(db, async (trx) => {
      await sql`SELECT set_config('role', ${APP_ROLE}, true)`.execute(trx);
      return search(trx, fn, sample.irn);
    });
    expect(bare).toEqual([]);
  },
);

/** The query texts a function hands app_code_matches, app_text_matches or EXECUTE, as written in it. */
async function queriesOf(trx: Db, fn: string): Promise<string[]> {
  const source = await sql<{ prosrc: string }>`SELECT prosrc FROM pg_proc WHERE proname = ${fn}`.execute(trx);
  return [...source.rows[0]!.prosrc.matchAll(/(?:matches\(|EXECUTE)\s+'((?:[^']|'')*)'/g)].map((m) =>
    m[1]!.replaceAll("''", "'"),
  );
}

/** A query with its parameters written in: the key or pattern, the tenant, the cap + 1. */
const bound = (query: string, operator: string, tenantId: number | null) =>
  query
    .replaceAll('%1$s', operator)
    .replaceAll('$1', operator === 'ILIKE' ? `'%abc%'` : `'ABC'`)
    .replaceAll('$2', tenantId === null ? 'NULL::int' : String(tenantId))
    .replaceAll('$3', '101');

test.each([
  [
    'app_result_search',
    ['interview_results_irn_key_idx', 'interview_results_code_key_idx', 'participants_irn_key_idx'],
  ],
  ['app_call_record_search', ['call_records_irn_key_idx', 'call_records_code_key_idx']],
  ['app_participant_search', ['participants_irn_key_idx']],
] as const)('%s reads codes through the key indexes, as equal keys and as prefixes', async (fn, indexes) => {
  const plans = await withSystem(db, async (trx) => {
    const explained: string[] = [];
    for (const query of (await queriesOf(trx, fn)).filter((q) => q.includes('%1$s')))
      for (const operator of ['= $1', '^@ $1']) {
        const plan = await sql<{
          'QUERY PLAN': string;
        }>`EXPLAIN ${sql.raw(bound(query, operator, sample.tenantId))}`.execute(trx);
        explained.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    return explained;
  });
  expect(plans.length).toBeGreaterThan(0);
  const all = plans.join('\n');
  for (const index of indexes) expect(all).toContain(index);
  // A prefix is read as a range of the index, not by testing every row.
  expect(all).toMatch(/Index Cond: .*>= 'ABC'.*< 'ABD'/);
});

test.each([
  ['app_result_search', 'participants_search_idx'],
  ['app_call_record_search', 'call_records_search_idx'],
  ['app_participant_search', 'participants_contact_search_idx'],
] as const)('%s reads texts through the trigram indexes', async (fn, index) => {
  const plans = await withSystem(db, async (trx) => {
    // Whether the index can serve the query's expressions: as the system role reads (no tenant, so no tenant index to
    // prefer on a small table) and with scans priced out, as 053's test does.
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const explained: string[] = [];
    for (const query of (await queriesOf(trx, fn)).filter((q) => q.includes('ILIKE'))) {
      const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${sql.raw(bound(query, 'ILIKE', null))}`.execute(trx);
      explained.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return explained;
  });
  expect(plans.join('\n')).toContain(index);
});
