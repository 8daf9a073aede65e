/**
 * Run by the bench (a child process, while no server holds the embedded database) against BENCH_DATA_DIR:
 *   - once: one call record per interview result of the benchmark tenant (1,000,000), each named by its result's
 *     `call_id`, so the Call Records report has 1M rows with statuses as the intake would leave them. Written in
 *     bulk `INSERT ... SELECT` batches of 50,000 results (the intake writes one call at a time; 1M posts would take
 *     hours), each batch one tenant transaction;
 *   - once: the result's post in the backend data log for each of those results, as the intake logs it (run id
 *     `bench-log-…`), uploaded when the result completed, so the Backend Data Log holds 1M posts (ADR 0228);
 *   - once: an incomplete call the day before every third call (333,333), with its code, IRN, caller id and a reason,
 *     so the Incomplete Calls report has an account's share of calls left incomplete (ADR 0229);
 *   - every run: an empty project in the Execution stage that this run's participant import writes into, so the
 *     benchmark project keeps its 100,000 participants;
 *   - every run: a project of BENCH_INVITEES (30,000) invitable participants (e-mail communication on, an e-mail
 *     template in English and Spanish, a dial-in number) for the bulk invite (participants-invite.ts).
 * Prints one line `BENCH-PREPARED {"tenantId":..,"projectId":..,"importProjectId":..}` for the bench.
 */
import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/platform/db/open-database';
import { withTenant } from '../../src/server/platform/tenancy/with-tenant';
import { prepareDatabase } from '../../src/server/prepare-database';
import { DEMO_QUESTIONS } from '../../src/server/seed/demo-data';
import { BENCHMARK_TENANT } from '../../src/server/seed/seed-benchmark-data';
import { createProjectWithQuestions, STAGE } from '../../src/server/services/project-service';
import { createInviteProject } from './invite-project';
import { PREPARED_MARK, type Prepared } from './prepared';
import { benchmarkTenantId } from './benchmark-tenant';

const BATCH = 50_000;
/** Participants of the bulk-invite project (issue 13: "the bulk invite of 30,000"). */
const BENCH_INVITEES = Number(process.env.BENCH_INVITEES ?? 30_000);

const db = await openDatabase(loadConfig());

/** An incomplete call the day before every third call record of the tenant, once. */
async function addIncompleteCalls(tenantId: number): Promise<void> {
  const existing = await withTenant(db, tenantId, (trx) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM incomplete_calls`.execute(trx),
  );
  if (existing.rows[0]!.n > 0) return;
  const started = Date.now();
  console.log(`Adding an incomplete call for every third call of ${BENCHMARK_TENANT} (once)`);
  await withTenant(db, tenantId, (trx) =>
    sql`
      INSERT INTO incomplete_calls (tenant_id, project_id, participant_id, interview_reference_number, access_code,
        caller_id, interrupt_code, call_at, duration_seconds, created_at)
      SELECT c.tenant_id, c.project_id, c.participant_id, c.interview_reference_number, c.access_code, c.caller_number,
        (ARRAY['HANGUP', 'TIMEOUT', 'NO_INPUT'])[1 + c.id % 3], c.call_at - interval '1 day', c.duration_seconds / 3,
        c.created_at
      FROM call_records c WHERE c.id % 3 = 0`.execute(trx),
  );
  await sql`VACUUM (ANALYZE) incomplete_calls`.execute(db);
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The results' posts in the backend data log, once (the bench's runs add the intake area's own posts besides). */
async function addLoggedPosts(tenantId: number, lastId: number): Promise<void> {
  const logged = await withTenant(db, tenantId, (trx) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM backend_data_logs WHERE run_id LIKE 'bench-log-%'`.execute(trx),
  );
  if (logged.rows[0]!.n > 0 || lastId === 0) return;
  const started = Date.now();
  console.log(`Adding each result's post to the backend data log of ${BENCHMARK_TENANT} (once)`);
  for (let from = 0; from < lastId; from += BATCH)
    await withTenant(db, tenantId, (trx) =>
      sql`
        INSERT INTO backend_data_logs (tenant_id, kind, project_id, participant_id, run_id, payload, uploaded_at)
        SELECT r.tenant_id, 'RESULT', r.project_id, r.participant_id, 'bench-log-' || (r.id / 1000),
          jsonb_build_object('requestId', 'bench-post-' || r.id, 'accessCode', r.access_code,
            'callId', r.call_id, 'overallEvaluation', r.overall_evaluation, 'completedAt', r.completed_at,
            -- Five answers as the intake's posts carry them (their risks vary by result; not read by any figure).
            'questionResults', (SELECT jsonb_agg(jsonb_build_object('sequence', g,
                                  'result', (ARRAY['LR', 'PR', 'HR'])[1 + (r.id + g) % 3]) ORDER BY g)
                                FROM generate_series(1, 5) AS g)),
          r.completed_at
        FROM interview_results r
        WHERE r.id > ${from} AND r.id <= ${from + BATCH}`.execute(trx),
    );
  // As the embedded engine's maintenance would after such growth (ADR 0147): the planner sees the million posts.
  await sql`VACUUM (ANALYZE) backend_data_logs`.execute(db);
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
try {
  await prepareDatabase(db);
  const tenantId = await benchmarkTenantId(db);
  const { projectId, calls, results, lastId } = await withTenant(db, tenantId, async (trx) => {
    const project = await trx
      .selectFrom('projects')
      .select('id')
      .where('name', 'like', 'Benchmark Project %')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const counts = await sql<{ calls: number; results: number; last_id: string | null }>`
      SELECT (SELECT count(*)::int FROM call_records) AS calls,
             (SELECT count(*)::int FROM interview_results) AS results,
             (SELECT max(id)::text FROM interview_results) AS last_id`.execute(trx);
    const row = counts.rows[0]!;
    return { projectId: project.id, calls: row.calls, results: row.results, lastId: Number(row.last_id ?? 0) };
  });
  if (calls === 0 && results > 0) {
    const started = Date.now();
    console.log(`Adding one call record per result (${results}) to ${BENCHMARK_TENANT} (once)`);
    for (let from = 0; from < lastId; from += BATCH) {
      await withTenant(db, tenantId, async (trx) => {
        // A call ends when its interview completes: it starts 4-12 minutes before, on one of two carriers.
        await sql`
          INSERT INTO call_records (tenant_id, project_id, participant_id, call_id, interview_reference_number,
            access_code, call_at, dial_in_number, duration_seconds, dtmfs, provider_name, caller_number,
            destination_number, created_at)
          SELECT r.tenant_id, r.project_id, r.participant_id, 'bench-call-' || r.id, r.interview_reference_number,
            r.access_code, r.completed_at - make_interval(secs => 240 + r.id % 480), '+18005550100',
            (240 + r.id % 480)::int, '1#', CASE WHEN r.id % 5 < 3 THEN 'Twilio' ELSE 'Bandwidth' END,
            '+1555010' || (r.id % 10)::text, '+18005550100', r.completed_at
          FROM interview_results r
          WHERE r.id > ${from} AND r.id <= ${from + BATCH}`.execute(trx);
        await sql`
          UPDATE interview_results SET call_id = 'bench-call-' || id
          WHERE id > ${from} AND id <= ${from + BATCH} AND call_id IS NULL`.execute(trx);
      });
    }
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await addLoggedPosts(tenantId, lastId);
  await addIncompleteCalls(tenantId);
  const importProjectId = await withTenant(db, tenantId, async (trx) => {
    const created = await createProjectWithQuestions(trx, {
      tenantId,
      name: `Bench Import ${new Date().toISOString().slice(0, 19)}`,
      stageId: STAGE.EXECUTION,
      active: true,
      languageIds: [1, 2],
      questions: DEMO_QUESTIONS.map((questionText) => ({ questionText })),
      now: new Date(),
    });
    return created.projectId;
  });
  const inviteProjectId = await withTenant(db, tenantId, (trx) => {
    const now = new Date();
    return createInviteProject(trx, tenantId, {
      name: `Bench Invite ${now.toISOString().slice(0, 19)}`,
      run: now.getTime().toString(36).toUpperCase(),
      invitees: BENCH_INVITEES,
      now,
    });
  });
  const prepared: Prepared = { tenantId, projectId, importProjectId, inviteProjectId };
  console.log(`${PREPARED_MARK}${JSON.stringify(prepared)}`);
} finally {
  await db.destroy();
}
