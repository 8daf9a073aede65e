/**
 * Migration 126 (ADR 0176): a participant's status change is a heap-only update of participants (it writes none of the
 * table's indexes), one participant's as a whole project's in one statement (the bulk invite's call); the status the
 * list sorts and filters by is kept in participant_list_statuses by the statements that write participants. On both
 * engines. The transaction's own activity counters (pg_stat_get_xact_*) are read before and after the write, in the
 * write's transaction: PostgreSQL resets them at each transaction, the embedded engine (single-user mode) keeps adding.
 */
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { embeddedFeedEngine, postgresFeedEngine, type FeedEngine } from '../testing/feed-engines';
import { seededTenantId } from '../testing/seeded-tenant';

describe.each([
  ['embedded', embeddedFeedEngine],
  ['PostgreSQL', () => postgresFeedEngine({ seed: true })],
])('on the %s engine', (_name, open) => {
  let engine: FeedEngine;
  let db: Db;
  let acme: number;
  /** A project of acme's with its most participants, and how many. */
  let project: { id: number; participants: number };

  beforeAll(async () => {
    engine = await open();
    db = engine.db;
    acme = await seededTenantId(db);
    project = await withSystem(db, async (trx) => {
      const { rows } = await sql<{ project_id: number; n: string }>`
        SELECT project_id, count(*) AS n FROM participants WHERE tenant_id = ${acme}
        GROUP BY project_id ORDER BY count(*) DESC LIMIT 1`.execute(trx);
      return { id: rows[0]!.project_id, participants: Number(rows[0]!.n) };
    });
  }, 180_000);
  afterAll(() => engine.close());

  const counters = async (trx: Db) => {
    const { rows } = await sql<{ updated: string; hot: string }>`
      SELECT pg_stat_get_xact_tuples_updated('participants'::regclass) AS updated,
             pg_stat_get_xact_tuples_hot_updated('participants'::regclass) AS hot`.execute(trx);
    return { updated: Number(rows[0]!.updated), hot: Number(rows[0]!.hot) };
  };
  /** How many rows of participants `write` updated in acme's transaction, and how many of them heap-only. */
  const updates = (write: (trx: Db) => Promise<unknown>) =>
    withTenant(db, acme, async (trx) => {
      const before = await counters(trx);
      await write(trx);
      const after = await counters(trx);
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
  /** Where participants and participant_list_statuses differ (rows of one missing from or unlike the other). */
  const drift = () =>
    withSystem(db, async (trx) => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM (
          (SELECT id, tenant_id, project_id, is_test_participant, is_hidden, status FROM participants
           EXCEPT SELECT participant_id, tenant_id, project_id, is_test_participant, is_hidden, status
                  FROM participant_list_statuses)
          UNION ALL
          (SELECT participant_id, tenant_id, project_id, is_test_participant, is_hidden, status
                  FROM participant_list_statuses
           EXCEPT SELECT id, tenant_id, project_id, is_test_participant, is_hidden, status FROM participants)) d`.execute(
        trx,
      );
      return Number(rows[0]!.n);
    });

  test('no index of participants reads the status', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'participants'`.execute(db);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => /status/.test(r.indexdef))).toEqual([]);
  });

  test("a participant's status change writes no index: one heap-only update", async () => {
    const id = await withTenant(db, acme, async (trx) =>
      Number(
        (
          await trx
            .selectFrom('participants')
            .select('id')
            .where('project_id', '=', project.id)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
    expect(
      await updates((trx) =>
        sql`UPDATE participants SET status = 'INVITATION_SCHEDULED', email_pending = true, updated_at = now()
            WHERE id = ${id}`.execute(trx),
      ),
    ).toEqual({ updated: 1, hot: 1 });
  });

  test("a whole project's status change in one statement (the bulk invite's call) writes no index", async () => {
    expect(project.participants).toBeGreaterThan(20);
    for (const status of ['INVITATION_SCHEDULED', 'INVITATION_SENT'])
      expect(
        await updates((trx) =>
          sql`UPDATE participants SET status = ${status}, email_pending = ${status === 'INVITATION_SCHEDULED'},
                email_sent = true, updated_at = now()
              WHERE project_id = ${project.id}`.execute(trx),
        ),
      ).toEqual({ updated: project.participants, hot: project.participants });
  });

  test('participant_list_statuses follows every write of participants', async () => {
    expect(await drift()).toBe(0);
    const added = await withTenant(db, acme, async (trx) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO participants (tenant_id, project_id, first_name, status, created_at, updated_at)
        SELECT ${acme}, ${project.id}, 'Drift ' || g, 'NEW_PARTICIPANT', now(), now() FROM generate_series(1, 3) g
        RETURNING id`.execute(trx);
      return rows.map((r) => Number(r.id));
    });
    expect(await drift()).toBe(0);
    await withTenant(db, acme, async (trx) => {
      await sql`UPDATE participants SET status = 'ARCHIVED' WHERE id = ${added[0]}`.execute(trx);
      await sql`UPDATE participants SET is_hidden = true WHERE id = ${added[1]}`.execute(trx);
      await sql`UPDATE participants SET is_test_participant = true, first_name = 'Test' WHERE id = ${added[2]}`.execute(
        trx,
      );
    });
    expect(await drift()).toBe(0);
    await withTenant(db, acme, (trx) => sql`DELETE FROM participants WHERE id = ANY(${added}::bigint[])`.execute(trx));
    expect(await drift()).toBe(0);
    const left = await withSystem(db, (trx) =>
      sql<{ n: string }>`SELECT count(*) AS n FROM participant_list_statuses
                         WHERE participant_id = ANY(${added}::bigint[])`.execute(trx),
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
