/**
 * Migration 137 (ADR 0231, issue 30): the View Codes search reads codes and IRNs by their keys, on both engines. A
 * project of its own holds 3,000 participants with their own codes and a pool of 300 codes, the first 100 assigned
 * to participants of their own. app_access_code_search finds a whole pool code, a participant's code and an IRN in
 * any spelling by index scans only (pg_stat_xact_user_tables), in that project and tenant only; and the list's page
 * through it is the rows the rule names.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { insertTenant } from '../testing/tenant-of-its-own';
import { migratedEngines } from '../testing/migrated-engines';
import {
  accessCodePageStatement,
  findAccessCodeSearch,
  type AccessCodeFilter,
} from '../services/participant-service/access-codes/access-codes-store';

const OWN = 3_000;
const POOL = 300;
const ASSIGNED = 100;

/** A project with OWN participants with their own codes, and POOL pool codes, the first ASSIGNED given to others. */
async function addProject(db: Db, tenantId: number, name: string): Promise<number> {
  return withSystem(db, async (trx) => {
    const project = await sql<{ id: number }>`
      INSERT INTO projects (tenant_id, name, configuration_json, created_at)
      VALUES (${tenantId}, ${name}, '{}', now()) RETURNING id`.execute(trx);
    const projectId = project.rows[0]!.id;
    const tag = `${tenantId}${projectId}`;
    await sql`
      INSERT INTO participants (tenant_id, project_id, interview_ref_num, access_code, first_name, last_name,
                                created_at, updated_at)
      SELECT ${tenantId}, ${projectId}, 'KS' || ${tag} || '-' || g, 'KS' || ${tag} || '-' || lpad(g::text, 6, '0'),
             'First', 'Last', now() - make_interval(mins => g), now()
      FROM generate_series(1, ${OWN}) AS g`.execute(trx);
    const file = await sql<{ id: number }>`
      INSERT INTO access_code_files (tenant_id, project_id, original_file_name, total_recorded, imported_at)
      VALUES (${tenantId}, ${projectId}, 'pool.txt', ${POOL}, now()) RETURNING id`.execute(trx);
    const codes = sql`'PL' || ${tag} || lpad(g::text, 6, '0')`;
    await sql`
      WITH given AS (
        INSERT INTO participants (tenant_id, project_id, interview_ref_num, access_code, first_name, last_name,
                                  created_at, updated_at)
        SELECT ${tenantId}, ${projectId}, 'PIRN' || ${tag} || '-' || g, ${codes}, 'Pool', 'Holder', now(), now()
        FROM generate_series(1, ${ASSIGNED}) AS g
        RETURNING id, access_code)
      INSERT INTO access_codes (tenant_id, project_id, file_id, access_code, code_key, status, participant_id,
                                date_added, date_used)
      SELECT ${tenantId}, ${projectId}, ${file.rows[0]!.id}, ${codes}, ${codes},
             CASE WHEN given.id IS NULL THEN 'Available' ELSE 'Assigned' END, given.id, now(),
             CASE WHEN given.id IS NULL THEN NULL ELSE now() END
      FROM generate_series(1, ${POOL}) AS g LEFT JOIN given ON given.access_code = ${codes}`.execute(trx);
    await sql`ANALYZE participants, access_codes`.execute(trx);
    return projectId;
  });
}

async function addTenant(db: Db, name: string): Promise<number> {
  return withSystem(db, (trx) => insertTenant(trx, name));
}

/** The probe's answer for `text` and the scans it started on the two tables: sequential, and through indexes. */
async function probed(db: Db, tenantId: number, projectId: number, text: string) {
  return withTenant(db, tenantId, async (trx) => {
    const scans = async () =>
      (
        await sql<{ seq: number; idx: number }>`
          SELECT coalesce(sum(seq_scan), 0)::int AS seq, coalesce(sum(idx_scan), 0)::int AS idx
          FROM pg_stat_xact_user_tables WHERE relname IN ('participants', 'access_codes')`.execute(trx)
      ).rows[0]!;
    const before = await scans();
    const search = await findAccessCodeSearch(trx, projectId, text);
    const after = await scans();
    return { search, seq: after.seq - before.seq, idx: after.idx - before.idx };
  });
}

/** The codes of the list's first page of 100 under `text`. */
async function listed(db: Db, tenantId: number, projectId: number, text: string) {
  return withTenant(db, tenantId, async (trx) => {
    const filter: AccessCodeFilter = { projectId, search: text, statuses: [], isBackup: null, testAccessCodes: false };
    const search = await findAccessCodeSearch(trx, projectId, text);
    const page = await accessCodePageStatement(filter, search, {
      reverse: false,
      after: null,
      offset: 0,
      limit: 100,
    }).execute(trx);
    return page.rows.map((r) => r.access_code).sort();
  });
}

describe.each(migratedEngines('code-search'))('on %s', (_engine, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let tenantId: number;
  let projectId: number;
  let tag: string;

  beforeAll(async () => {
    ({ db, close } = await open());
    tenantId = await addTenant(db, 'Code search');
    projectId = await addProject(db, tenantId, 'Code search');
    tag = `${tenantId}${projectId}`;
  }, 120_000);
  afterAll(() => close?.());

  test('a whole pool code, own code or IRN in any spelling, by index only', async () => {
    const pool = await probed(db, tenantId, projectId, ` pl${tag}-000-250 `);
    expect(pool.search).toMatchObject({ exact: true, poolIds: [expect.any(Number)], participantIds: [] });
    expect(pool).toMatchObject({ seq: 0 });
    expect(pool.idx).toBeGreaterThan(0);
    const own = await probed(db, tenantId, projectId, `ks${tag}-000123`);
    expect(own.search).toMatchObject({ exact: true, poolIds: [], participantIds: [expect.any(Number)] });
    expect(own.seq).toBe(0);
    // A pool code given to a participant: found by the participant's IRN (and the participant itself).
    const irn = await probed(db, tenantId, projectId, `pirn${tag}-7`);
    expect(irn.search).toMatchObject({ exact: true, poolIds: [expect.any(Number)] });
    expect(irn.seq).toBe(0);
    expect(await listed(db, tenantId, projectId, `pirn${tag}-7`)).toEqual([`PL${tag}000007`]);
    expect(await listed(db, tenantId, projectId, `PL ${tag} 000 250`)).toEqual([`PL${tag}000250`]);
  });

  test("a code's start lists the codes from it, pool and own; a part inside a code finds nothing", async () => {
    const start = await probed(db, tenantId, projectId, `KS${tag}-00012`);
    expect(start.search).toMatchObject({ exact: false, poolIds: [] });
    expect(start.search!.participantIds).toHaveLength(10);
    expect(await listed(db, tenantId, projectId, `KS${tag}-00012`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `KS${tag}-${String(120 + i).padStart(6, '0')}`),
    );
    expect(await listed(db, tenantId, projectId, `PL${tag}00029`)).toHaveLength(10);
    expect(await listed(db, tenantId, projectId, '000123')).toEqual([]);
  });

  test('another project or tenant finds nothing', async () => {
    const otherProject = await addProject(db, tenantId, 'Code search 2');
    expect(await listed(db, tenantId, otherProject, `KS${tag}-000123`)).toEqual([]);
    const otherTenant = await addTenant(db, 'Code search none');
    expect((await probed(db, otherTenant, projectId, `KS${tag}-000123`)).search).toMatchObject({
      poolIds: [],
      participantIds: [],
    });
  });
});
