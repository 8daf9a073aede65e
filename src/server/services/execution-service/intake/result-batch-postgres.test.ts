/**
 * A batch of posted results on a PostgreSQL server (ADR 0225): the application role draws the results' ids in the
 * claim, and the results' insert, their question results and both rollups go in the batch's last statement.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PasswordHasher } from '../../../platform/auth/password-hasher';
import { MovableClock } from '../../../platform/clock';
import { openDatabase } from '../../../platform/db/open-database';
import type { Db } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { prepareDatabase } from '../../../prepare-database';
import { GLOBEX } from '../../../seed/demo-data';
import { seedDemoData } from '../../../seed/seed-demo-data';
import { startPostgresServer, type PostgresServer } from '../../../testing/postgres-server';
import { seededTenantId } from '../../../testing/seeded-tenant';
import { testConfig } from '../../../testing/test-config';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { verifyResultRollups } from '../result-writes/interview-results-store';
import { ResultIntakeQueue } from './result-intake-queue';
import type { ResultPost } from './intake-writes';

let server: PostgresServer;
let dataDir: string;
let db: Db;
let acme: number;
let globex: number;
const clock = new MovableClock();

const projectWithCallers = (tenantId: number, name: string, codes: string[]) =>
  withTenant(db, tenantId, async (trx) => {
    const { projectId } = await createProjectWithQuestions(trx, {
      tenantId,
      name,
      stageId: STAGE.EXECUTION,
      questions: [{ questionText: 'Q1' }, { questionText: 'Q2' }],
      now: clock.now(),
    });
    await createParticipants(
      trx,
      tenantId,
      projectId,
      codes.map((code) => ({ interviewRefNum: `PG${code}`, accessCode: code, status: 'INVITATION_SENT' as const })),
      clock.now(),
    );
    return projectId;
  });

const post = (code: string, evaluation: ResultPost['overallEvaluation'] = 'HR'): ResultPost => ({
  requestId: `pg-batch-${code}`,
  accessCode: code,
  overallEvaluation: evaluation,
  completedAt: '2026-11-20T10:00:00Z',
  questionResults: [
    { sequence: 1, result: 'HR' },
    { sequence: 2, result: 'LR' },
  ],
});

beforeAll(async () => {
  server = await startPostgresServer();
  dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-pg-batch-'));
  const config = testConfig(dataDir, { databaseUrl: server.url });
  db = await openDatabase(config);
  await prepareDatabase(db);
  await seedDemoData({ db, clock, passwords: new PasswordHasher(config.passwordHashing) });
  acme = await seededTenantId(db);
  globex = await seededTenantId(db, GLOBEX);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('posts accepted together get drawn ids, their question results and exact rollups; a repeat replays', async () => {
  const codes = ['800000001', '800000002', '800000003'];
  const projectId = await projectWithCallers(acme, 'PG Intake Batch', codes);
  const queue = new ResultIntakeQueue(db, () => {});
  const now = clock.now();
  // Posted at once: the first runs alone, the other two wait and go together in the next batch.
  const answers = await Promise.all(codes.map((code, i) => queue.accept(acme, post(code, i ? 'LR' : 'HR'), now)));
  const ids = answers.map((a) => a.id);
  expect(new Set(ids).size).toBe(3);
  expect(answers.every((a) => !a.replayed && a.participantStatus)).toBe(true);

  const stored = await withTenant(db, acme, (trx) =>
    sql<{ id: string; access_code: string; overall_evaluation: string; questions: number }>`
      SELECT r.id, r.access_code, r.overall_evaluation,
             (SELECT count(*)::int FROM interview_question_results q WHERE q.interview_result_id = r.id) AS questions
      FROM interview_results r WHERE r.project_id = ${projectId} ORDER BY r.id`.execute(trx),
  );
  expect(stored.rows.map((r) => [Number(r.id), r.access_code, r.overall_evaluation, r.questions])).toEqual(
    codes.map((code, i) => [ids[i], code, i ? 'LR' : 'HR', 2]),
  );
  const rollups = await withTenant(db, acme, (trx) =>
    sql<{ overall_evaluation: string; result_count: string }>`
      SELECT overall_evaluation, result_count FROM result_rollups WHERE project_id = ${projectId}
      ORDER BY overall_evaluation`.execute(trx),
  );
  expect(rollups.rows.map((r) => [r.overall_evaluation, Number(r.result_count)])).toEqual([
    ['HR', 1],
    ['LR', 2],
  ]);
  expect(await withTenant(db, acme, (trx) => verifyResultRollups(trx, acme))).toEqual([]);

  const again = await queue.accept(acme, post(codes[1]!, 'LR'), now);
  expect(again).toEqual({ ...answers[1], replayed: true });
}, 60_000);

test("a tenant's batch neither sees nor takes another tenant's caller", async () => {
  await projectWithCallers(globex, 'PG Globex Batch', ['800000009']);
  const queue = new ResultIntakeQueue(db, () => {});
  await expect(queue.accept(acme, post('800000009'), clock.now())).rejects.toMatchObject({ statusCode: 422 });
  const written = await withTenant(db, globex, (trx) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM interview_results WHERE access_code = '800000009'`.execute(trx),
  );
  expect(written.rows[0]!.n).toBe(0);
}, 60_000);
