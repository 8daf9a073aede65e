/**
 * Migrations 136 and 138 (ADRs 0230 and 0232, issue 30): a View Codes page reads the participants' own codes from
 * their code page index, cut at the page's end (or after a kept cut, or from the far end), on both engines. A project
 * of its own with 3,000 participants with codes: the first page, the last and a page after a cut each read a few
 * pages, where walking every code of the project reads tens (ADR 0205's measure), and a deep page still equals the
 * same rows read in the whole list's order.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { insertTenant } from '../testing/tenant-of-its-own';
import { migratedEngines } from '../testing/migrated-engines';
import { indexBuffersRead } from '../testing/plan-project';
import {
  accessCodePageStatement,
  accessCodeCutOf,
  type AccessCodeCut,
  type AccessCodeFilter,
} from '../services/participant-service/access-codes/access-codes-store';
import type { PageStart } from '../platform/cache/kept-cuts';

/** A page read from the list's start (offset rows skipped), its far end, or after a cut. */
const fromStart = (offset: number, limit: number): PageStart<AccessCodeCut> => ({
  reverse: false,
  after: null,
  offset,
  limit,
});

const ROWS = 3_000;
/**
 * Buffers a page's scan may read: the index's descent and leaf and the 25 rows' heap pages, which on the seeded
 * embedded template lie in the free space the seed left (10 seen); walking to the page reads 60 and more.
 */
const FEW = 14;

/**
 * A tenant and project of their own with ROWS participants, each with its code, a minute apart; `oneInstant`: all
 * added at the same instant, as an import adds them (ADR 0235).
 */
async function addProject(db: Db, oneInstant = false): Promise<{ tenantId: number; projectId: number }> {
  return withSystem(db, async (trx) => {
    const tenantId = await insertTenant(trx, oneInstant ? 'Code pages of one instant' : 'Code pages');
    const project = await sql<{ id: number }>`
      INSERT INTO projects (tenant_id, name, configuration_json, created_at)
      VALUES (${tenantId}, 'Code pages', '{}', now()) RETURNING id`.execute(trx);
    const projectId = project.rows[0]!.id;
    await sql`
      INSERT INTO participants (tenant_id, project_id, interview_ref_num, access_code, first_name, last_name,
                                created_at, updated_at)
      SELECT ${tenantId}, ${projectId}, 'CPIRN-' || g, 'CP-' || lpad(g::text, 7, '0'), 'First', 'Last',
             now() - make_interval(mins => ${oneInstant ? 0 : 1} * g), now()
      FROM generate_series(1, ${ROWS}) AS g`.execute(trx);
    await sql`ANALYZE participants, access_codes`.execute(trx);
    return { tenantId, projectId };
  });
}

describe.each(migratedEngines('code-pages'))('on %s', (_engine, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let ids: { tenantId: number; projectId: number };
  let imported: { tenantId: number; projectId: number };
  const filter = (project = ids): AccessCodeFilter => ({
    projectId: project.projectId,
    search: null,
    statuses: [],
    isBackup: null,
    testAccessCodes: false,
  });

  beforeAll(async () => {
    ({ db, close } = await open());
    ids = await addProject(db);
    imported = await addProject(db, true);
  }, 120_000);
  afterAll(() => close?.());
  /** The most buffers of the code page index a page from `start` reads; the page's rows. */
  const buffersRead = (start: PageStart<AccessCodeCut>, project = ids) =>
    indexBuffersRead(
      db,
      project.tenantId,
      accessCodePageStatement(filter(project), null, start),
      'participants_code_page_idx',
    );
  const pageFrom = async (start: PageStart<AccessCodeCut>, project = ids) =>
    (
      await withTenant(db, project.tenantId, (trx) =>
        accessCodePageStatement(filter(project), null, start).execute(trx),
      )
    ).rows;

  test('the first page reads a few pages of the code page index', async () => {
    expect(await buffersRead(fromStart(0, 25))).toBeLessThanOrEqual(FEW);
  });

  test('a page is the same rows as the whole list read in its order', async () => {
    const codes = (await pageFrom(fromStart(175, 25))).map((r) => r.access_code);
    expect(codes).toEqual(Array.from({ length: 25 }, (_, i) => `CP-${String(176 + i).padStart(7, '0')}`));
  });

  // ADR 0232: the last page and a page after a kept cut each read a few index pages, not every code before them.
  test('the last page from the far end, and a deep page after a cut, read a few index pages', async () => {
    expect(await buffersRead({ reverse: true, after: null, offset: 0, limit: 25 })).toBeLessThanOrEqual(FEW);
    const row = (await pageFrom(fromStart(2_499, 1)))[0]!;
    expect(row.access_code).toBe('CP-0002500');
    const after = accessCodeCutOf(row);
    const deep = { reverse: false, after, offset: 0, limit: 25 };
    expect(await buffersRead(deep)).toBeLessThanOrEqual(FEW);
    expect((await pageFrom(deep)).map((r) => r.access_code)).toEqual(
      Array.from({ length: 25 }, (_, i) => `CP-${String(2_501 + i).padStart(7, '0')}`),
    );
  });

  // ADR 0235: codes of one instant (an import) are ordered by id; a cut among them starts the scan at it.
  test('a deep page after a cut among codes of one instant reads a few index pages, both ways', async () => {
    const whole = (await pageFrom(fromStart(0, ROWS), imported)).map((r) => r.access_code);
    const row = (await pageFrom(fromStart(2_499, 1), imported))[0]!;
    const after = accessCodeCutOf(row);
    for (const reverse of [false, true]) {
      const deep = { reverse, after, offset: 0, limit: 25 };
      expect(await buffersRead(deep, imported)).toBeLessThanOrEqual(FEW);
      const codes = (await pageFrom(deep, imported)).map((r) => r.access_code);
      expect(codes).toEqual(reverse ? whole.slice(2_474, 2_499).reverse() : whole.slice(2_500, 2_525));
    }
  });
});
