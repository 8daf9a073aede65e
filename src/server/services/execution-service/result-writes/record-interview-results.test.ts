/** recordInterviewResults chooses each result's order as the row is written (ADR 0116) and keeps the rollups exact. */
import { sql } from 'kysely';
import { GENERIC_PLAN, SENT_WITH_NEXT } from '../../../platform/db/pglite-dialect';
import type { Db } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { besidesSettings, recordingStatements } from '../../../testing/recording-statements';
import { recordInterviewResults, verifyResultRollups } from './interview-results-store';
import { seededTenantId } from '../../../testing/seeded-tenant';

let db: Db;
let tenantId: number;
let participant: { id: number; projectId: number };
beforeAll(async () => {
  db = await openTestDatabase();
  tenantId = await seededTenantId(db);
  participant = await withTenant(db, tenantId, async (trx) => {
    const row = await trx
      .selectFrom('participants')
      .select(['id', 'project_id'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), projectId: row.project_id };
  });
});
afterAll(() => db.destroy());

const order = (trx: Db, number: string, start: string, end: string, status: string) =>
  sql<{ id: number }>`
    INSERT INTO orders (tenant_id, order_number, start_date, end_date, number_of_calls, order_status, created_at)
    VALUES (${tenantId}, ${number}, ${start}::date, ${end}::date, 10, ${status}, now()) RETURNING id`
    .execute(trx)
    .then((r) => r.rows[0]!.id);

test('each result counts against the Active or Complete order holding its UTC day, the latest start first', async () => {
  const { orders, stored } = await withTenant(db, tenantId, async (trx) => {
    const year = await order(trx, '990101', '2019-01-01', '2019-12-31', 'Active');
    const june = await order(trx, '990102', '2019-06-01', '2019-06-30', 'Complete');
    await order(trx, '990103', '2019-07-01', '2019-07-31', 'Inactive');
    const at = [
      '2019-06-30T23:30:00Z', // June 30 in UTC: the June order, which started later
      '2019-06-30T20:00:00-05:00', // July 1 in UTC: the year's order (July's is Inactive)
      '2019-03-01T12:00:00Z',
      '2020-02-01T12:00:00Z', // no order holds it
    ];
    const ids = await recordInterviewResults(
      trx,
      tenantId,
      at.map((completedAt, i) => ({
        projectId: participant.projectId,
        participantId: participant.id,
        overallEvaluation: i % 2 ? 'LR' : 'HR',
        completedAt: new Date(completedAt),
      })),
      new Date(),
    );
    const rows = await trx
      .selectFrom('interview_results')
      .select(['id', 'order_id', 'overall_evaluation'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return { orders: { year, june }, stored: ids.map((id) => byId.get(id)!) };
  });
  expect(stored.map((r) => r.order_id)).toEqual([orders.june, orders.year, orders.year, null]);
  // The ids answer in input order.
  expect(stored.map((r) => r.overall_evaluation)).toEqual(['HR', 'LR', 'HR', 'LR']);
  expect(await withTenant(db, tenantId, (trx) => verifyResultRollups(trx, tenantId))).toEqual([]);
});

test('a chunk is two statements: its ids drawn, then its writes in one statement planned once (ADR 0169, 0225)', async () => {
  const { db: watched, statements } = recordingStatements(db, besidesSettings);
  await withTenant(watched, tenantId, (trx) =>
    recordInterviewResults(
      trx,
      tenantId,
      [
        {
          projectId: participant.projectId,
          participantId: participant.id,
          overallEvaluation: 'HR',
          completedAt: new Date(),
        },
      ],
      new Date(),
    ),
  );
  expect(statements).toHaveLength(2);
  expect(statements[0]).toMatch(/nextval/);
  expect(statements[1]!.startsWith(SENT_WITH_NEXT + GENERIC_PLAN)).toBe(true);
  expect(statements[1]).toMatch(/INSERT INTO interview_results[\s\S]*INSERT INTO result_rollups/);
});
