/**
 * Migration 118 (ADR 0148): the tenant's results version moves with every write that can change which results a
 * Results tab filter matches, once per transaction, and with no other write; the data version and its one
 * announcement per transaction are unchanged. On both engines.
 */
import { sql } from 'kysely';
import { tenantVersions } from '../platform/cache/data-version-store';
import type { Db } from '../platform/db/schema';
import type { TenantChange } from '../platform/events/change-feed';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { embeddedFeedEngine, postgresFeedEngine, type FeedEngine } from '../testing/feed-engines';

describe.each([
  ['embedded', embeddedFeedEngine],
  ['PostgreSQL', () => postgresFeedEngine({ seed: true })],
])('on the %s engine', (_name, open) => {
  let engine: FeedEngine;
  let db: Db;
  let acme: number;
  let globex: number;
  /** A result of acme's, its participant and one of its question results. */
  let result: { id: number; participantId: number; sequence: number };
  const heard: TenantChange[] = [];

  beforeAll(async () => {
    engine = await open();
    db = engine.db;
    const tenant = (name: string) =>
      withSystem(db, async (trx) =>
        Number((await trx.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id),
      );
    [acme, globex] = [await tenant('Acme Insurance'), await tenant('Globex Logistics')];
    result = await withSystem(db, async (trx) => {
      const row = await sql<{ id: string; participant_id: string; sequence: number }>`
        SELECT r.id, r.participant_id, q.sequence FROM interview_results r
        JOIN interview_question_results q ON q.interview_result_id = r.id
        WHERE r.tenant_id = ${acme} ORDER BY r.id LIMIT 1`.execute(trx);
      const found = row.rows[0]!;
      return { id: Number(found.id), participantId: Number(found.participant_id), sequence: found.sequence };
    });
    await engine.feed.start();
    engine.feed.subscribeAll((change) => {
      if (change.tenantId === acme) heard.push(change);
    });
  }, 180_000);
  afterAll(async () => {
    await engine.feed.stop();
    await engine.close();
  });

  const versions = async (tenant: number) => {
    const v = await withSystem(db, (trx) => tenantVersions(trx, tenant));
    return { data: Number(v.data), results: Number(v.results) };
  };
  /** How far each of acme's versions moved across `write`, made in acme's transaction. */
  const moved = async (write: (trx: Db) => Promise<unknown>) => {
    const before = await versions(acme);
    await withTenant(db, acme, write);
    const after = await versions(acme);
    return { data: after.data - before.data, results: after.results - before.results };
  };

  test('what a filter reads moves it: a release, a review mark, a name, a language, a question result', async () => {
    for (const write of [
      (trx: Db) => sql`UPDATE interview_results SET reviewed = NOT reviewed WHERE id = ${result.id}`.execute(trx),
      (trx: Db) => sql`UPDATE interview_results SET released = NOT released WHERE id = ${result.id}`.execute(trx),
      (trx: Db) =>
        sql`UPDATE participants SET first_name = first_name || 'x' WHERE id = ${result.participantId}`.execute(trx),
      (trx: Db) =>
        sql`UPDATE participants SET participant_language_id = coalesce(participant_language_id, 1) % 2 + 1
            WHERE id = ${result.participantId}`.execute(trx),
      (trx: Db) =>
        sql`UPDATE interview_question_results SET result = CASE WHEN result = 'HR' THEN 'LR' ELSE 'HR' END
            WHERE interview_result_id = ${result.id} AND sequence = ${result.sequence}`.execute(trx),
    ])
      expect(await moved(write)).toEqual({ data: 1, results: 1 });
  });

  test('what no filter reads leaves it: a note, a status, a transcription, a column set to itself', async () => {
    for (const write of [
      (trx: Db) =>
        sql`INSERT INTO interview_result_notes (tenant_id, interview_result_id, note, created_at)
            VALUES (${acme}, ${result.id}, 'Line noise at 2:10.', now())`.execute(trx),
      (trx: Db) =>
        sql`UPDATE participants SET status = 'RESULT_PUBLISHED', updated_at = now()
            WHERE id = ${result.participantId}`.execute(trx),
      (trx: Db) =>
        sql`UPDATE interview_question_results SET transcription = 'heard again'
            WHERE interview_result_id = ${result.id}`.execute(trx),
      (trx: Db) => sql`UPDATE interview_results SET reviewed = reviewed WHERE id = ${result.id}`.execute(trx),
    ])
      expect(await moved(write)).toEqual({ data: 1, results: 0 });
  });

  /** Waits until the feed heard a version of acme's at or past `version` (for up to 10 s). */
  const heardUpTo = async (version: number) => {
    for (let waited = 0; waited < 10_000 && !heard.some((c) => c.version >= version); waited += 20)
      await new Promise((r) => setTimeout(r, 20));
  };

  test('many such writes in one transaction move it once; one notification names the version', async () => {
    const before = await versions(acme);
    // The earlier tests' last announcement, so that only this transaction's can follow.
    await heardUpTo(before.data);
    const earlier = heard.length;
    const change = await moved(async (trx) => {
      await sql`UPDATE interview_results SET reviewed = NOT reviewed WHERE id = ${result.id}`.execute(trx);
      await sql`UPDATE interview_results SET reviewed = NOT reviewed WHERE id = ${result.id}`.execute(trx);
      await sql`UPDATE participants SET last_name = last_name || 'y' WHERE id = ${result.participantId}`.execute(trx);
    });
    expect(change).toEqual({ data: 1, results: 1 });
    await heardUpTo(before.data + 1);
    // The results version's own row writes announce nothing (the announcement follows the data version's column).
    expect(heard.slice(earlier)).toEqual([
      { tenantId: acme, version: before.data + 1, tables: ['interview_results', 'participants'] },
    ]);
  });

  test('a rolled-back write moves nothing; a statement across tenants moves each', async () => {
    const before = await versions(acme);
    await expect(
      withTenant(db, acme, async (trx) => {
        await sql`UPDATE interview_results SET reviewed = NOT reviewed WHERE id = ${result.id}`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await versions(acme)).toEqual(before);
    const other = await versions(globex);
    await withSystem(db, (trx) =>
      sql`UPDATE participants SET first_name = first_name || 'z'
          WHERE id IN ((SELECT min(id) FROM participants WHERE tenant_id = ${acme}),
                       (SELECT min(id) FROM participants WHERE tenant_id = ${globex}))`.execute(trx),
    );
    expect((await versions(acme)).results).toBe(before.results + 1);
    expect((await versions(globex)).results).toBe(other.results + 1);
  });

  test('inside a transaction that wrote, each write gives both versions a new reading', async () => {
    const seen = await withTenant(db, acme, async (trx) => {
      const untouched = await tenantVersions(trx, acme);
      await sql`UPDATE participants SET status = status, updated_at = now()
                WHERE id = ${result.participantId}`.execute(trx);
      const first = await tenantVersions(trx, acme);
      await sql`UPDATE participants SET updated_at = now() WHERE id = ${result.participantId}`.execute(trx);
      return { untouched, first, second: await tenantVersions(trx, acme) };
    });
    expect(new Set([seen.untouched.results, seen.first.results, seen.second.results]).size).toBe(3);
    expect(new Set([seen.untouched.data, seen.first.data, seen.second.data]).size).toBe(3);
  });
});
