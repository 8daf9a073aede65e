import { sql } from 'kysely';
import type { Db, EvaluationCode } from '../../../platform/db/schema';
import { GENERIC_PLAN, SENT_WITH_NEXT } from '../../../platform/db/pglite-dialect';
import { withQueries, type AlongsideWrite } from '../../../platform/db/with-queries';

/** Writes whose answers nobody reads: on the embedded engine they travel with the next statement (ADR 0116). */
const withNext = sql.raw(SENT_WITH_NEXT);
/** Their statement is planned once, as the results' insert always was (ADR 0169): every part reads through unnest. */
const plannedOnce = sql.raw(GENERIC_PLAN);

export interface NewQuestionResult {
  projectQuestionId: number;
  sequence: number;
  result: EvaluationCode;
  transcription?: string | null;
}

export interface NewInterviewResult {
  projectId: number;
  participantId: number;
  overallEvaluation: EvaluationCode;
  completedAt: Date;
  interviewReferenceNumber?: string | null;
  accessCode?: string | null;
  questionResults?: NewQuestionResult[];
  /** Held (false) or released (true, the default: results recorded before holding existed were released). */
  released?: boolean;
  /** The telephony platform's id of the call the result came from. */
  callId?: string | null;
}

const CHUNK = 5000;

/** The identity sequence of interview_results.id (migration 133 lets the application role draw from it): a literal. */
const RESULT_IDS = sql.raw(`'interview_results_id_seq'::regclass`);

/**
 * `n` new interview result ids, ascending, as one bigint[] value (ADR 0225): drawn before the results are written, so
 * the results' insert needs no answer and travels with the writes that complete it. An expression, so a statement
 * that has a round trip anyway (the intake batch's claim) draws them in it. Unused ids are gaps, as a rollback's are.
 */
export const drawnResultIds = (n: number) =>
  sql<string[]>`(SELECT coalesce(array_agg(drawn.id ORDER BY drawn.id), '{}')
     FROM (SELECT nextval(${RESULT_IDS}) AS id FROM generate_series(1, ${n}::int)) AS drawn)`;

/**
 * The one write path of interview results: inserts the results and their per-question results in bulk
 * (column arrays through unnest, in chunks) and adds them to result_rollups and question_result_rollups, all in
 * the caller's transaction, so the rollups always equal the stored rows (verifyResultRollups checks this).
 * A chunk's ids are drawn first; its writes then go as one statement whose answer nobody reads, which on the
 * embedded engine travels with the caller's next statement (ADR 0116, 0225). Tenant scope. Returns the new result
 * ids in input order.
 */
export async function recordInterviewResults(
  trx: Db,
  tenantId: number,
  results: readonly NewInterviewResult[],
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < results.length; start += CHUNK) {
    const chunk = results.slice(start, start + CHUNK);
    const drawn = await sql<{ ids: string[] }>`SELECT ${drawnResultIds(chunk.length)} AS ids`.execute(trx);
    const chunkIds = drawn.rows[0]!.ids.map(Number);
    const writes = interviewResultWrites(tenantId, chunk, chunkIds, now);
    await sql`${withNext}${plannedOnce}WITH ${withQueries(writes)} SELECT 1`.execute(trx);
    ids.push(...chunkIds);
  }
  return ids;
}

/**
 * recordInterviewResults' writes of results whose ids are drawn (drawnResultIds, one a result, in input order), not
 * run: the results' insert (named, first), their question results and both rollups, as WITH queries of one
 * statement, the caller's own or recordInterviewResults' (ADR 0134, 0225). The overall rollup counts the inserted
 * rows as the insert answers them, each with the order it chose (ADR 0116). Tenant scope; at most CHUNK results.
 */
export function interviewResultWrites(
  tenantId: number,
  results: readonly NewInterviewResult[],
  ids: readonly number[],
  now: Date,
): AlongsideWrite[] {
  if (results.length === 0) return [];
  if (ids.length < results.length) throw new Error(`${results.length} results need as many drawn ids.`);
  // The order a result counts against: the Active or Complete order whose dates hold the result's UTC day, the
  // latest starting (then the highest id) where several do; chosen as the row is written (ADR 0116).
  // Planned once (ADR 0169; both statements that carry these writes are marked): rows through unnest, the order read
  // by the tenant's key, whatever the values.
  const inserted = sql`
    INSERT INTO interview_results
      (id, tenant_id, project_id, participant_id, order_id, interview_reference_number, access_code,
       overall_evaluation, completed_at, released, call_id, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT r.id, ${tenantId}, r.project_id, r.participant_id,
           (SELECT o.id FROM orders o
            WHERE o.tenant_id = ${tenantId} AND o.order_status IN ('Active', 'Complete')
              AND (r.completed_at AT TIME ZONE 'UTC')::date BETWEEN o.start_date AND o.end_date
            ORDER BY o.start_date DESC, o.id DESC LIMIT 1),
           r.irn, r.access_code, r.evaluation, r.completed_at, r.released, r.call_id, ${now}
    FROM unnest(${ids.slice(0, results.length)}::bigint[], ${results.map((r) => r.projectId)}::int[],
                ${results.map((r) => r.participantId)}::bigint[],
                ${results.map((r) => r.interviewReferenceNumber ?? null)}::text[],
                ${results.map((r) => r.accessCode ?? null)}::text[], ${results.map((r) => r.overallEvaluation)}::text[],
                ${results.map((r) => r.completedAt.toISOString())}::timestamptz[],
                ${results.map((r) => r.released ?? true)}::boolean[], ${results.map((r) => r.callId ?? null)}::text[])
      AS r(id, project_id, participant_id, irn, access_code, evaluation, completed_at, released, call_id)
    ORDER BY r.id
    RETURNING project_id, order_id, completed_at, overall_evaluation`;
  const writes: AlongsideWrite[] = [{ name: NEW_RESULTS, write: inserted }];

  const questionRollups = new Map<
    string,
    { projectId: number; questionId: number; result: EvaluationCode; count: number }
  >();
  const qTenant: number[] = [];
  const qResult: number[] = [];
  const qQuestion: number[] = [];
  const qSequence: number[] = [];
  const qCode: string[] = [];
  const qText: (string | null)[] = [];
  results.forEach((r, i) => {
    for (const q of r.questionResults ?? []) {
      qTenant.push(tenantId);
      qResult.push(ids[i]!);
      qQuestion.push(q.projectQuestionId);
      qSequence.push(q.sequence);
      qCode.push(q.result);
      qText.push(q.transcription ?? null);
      const qKey = `${q.projectQuestionId}|${q.result}`;
      const qRollup = questionRollups.get(qKey);
      if (qRollup) qRollup.count += 1;
      else
        questionRollups.set(qKey, {
          projectId: r.projectId,
          questionId: q.projectQuestionId,
          result: q.result,
          count: 1,
        });
    }
  });
  for (let q = 0; q < qResult.length; q += CHUNK * 2) {
    const end = q + CHUNK * 2;
    writes.push(sql`
      INSERT INTO interview_question_results (tenant_id, interview_result_id, project_question_id, sequence, result, transcription)
      SELECT * FROM unnest(${qTenant.slice(q, end)}::int[], ${qResult.slice(q, end)}::bigint[], ${qQuestion.slice(q, end)}::int[],
                           ${qSequence.slice(q, end)}::int[], ${qCode.slice(q, end)}::text[], ${qText.slice(q, end)}::text[])`);
  }

  // In key order: two transactions adding to the same rows lock them in one order, never in a cycle.
  writes.push(sql`
    INSERT INTO result_rollups AS rr (tenant_id, project_id, order_id, month, overall_evaluation, result_count)
    SELECT ${tenantId}, project_id, order_id, date_trunc('month', completed_at AT TIME ZONE 'UTC')::date,
           overall_evaluation, count(*)
    FROM ${sql.id(NEW_RESULTS)}
    GROUP BY 2, 3, 4, 5
    ORDER BY 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT result_rollups_key DO UPDATE SET result_count = rr.result_count + excluded.result_count`);
  const q = [...questionRollups.values()];
  if (q.length)
    writes.push(sql`
      INSERT INTO question_result_rollups AS qr (tenant_id, project_id, project_question_id, result, result_count)
      SELECT ${tenantId}, * FROM unnest(${q.map((x) => x.projectId)}::int[], ${q.map((x) => x.questionId)}::int[],
                                       ${q.map((x) => x.result)}::text[], ${q.map((x) => x.count)}::bigint[])
      ON CONFLICT (project_question_id, result) DO UPDATE SET result_count = qr.result_count + excluded.result_count`);
  return writes;
}

/** The WITH query of the results' insert: the overall rollup reads its rows. */
const NEW_RESULTS = 'new_interview_results';

export interface RollupDrift {
  table: 'result_rollups' | 'question_result_rollups';
  key: string;
  stored: number;
  counted: number;
}

/**
 * Recomputes both rollups from the stored, non-deleted rows and lists every difference (empty: no drift).
 * Scans the tenant's results: an audit and test tool, not for request paths. Tenant scope.
 */
export async function verifyResultRollups(trx: Db, tenantId: number): Promise<RollupDrift[]> {
  const overall = await sql<{ key: string; stored: number; counted: number }>`
    WITH counted AS (
      SELECT project_id, order_id, date_trunc('month', completed_at AT TIME ZONE 'UTC')::date AS month,
             overall_evaluation, count(*)::int AS n
      FROM interview_results WHERE tenant_id = ${tenantId} AND NOT deleted
      GROUP BY 1, 2, 3, 4
    ), stored AS (
      SELECT project_id, order_id, month, overall_evaluation, result_count::int AS n
      FROM result_rollups WHERE tenant_id = ${tenantId} AND result_count > 0
    )
    SELECT concat_ws('|', coalesce(c.project_id, s.project_id), coalesce(c.order_id, s.order_id),
                     coalesce(c.month, s.month), coalesce(c.overall_evaluation, s.overall_evaluation)) AS key,
           coalesce(s.n, 0) AS stored, coalesce(c.n, 0) AS counted
    FROM counted c FULL JOIN stored s
      ON s.project_id = c.project_id AND s.order_id IS NOT DISTINCT FROM c.order_id AND s.month = c.month
         AND s.overall_evaluation = c.overall_evaluation
    WHERE coalesce(s.n, 0) <> coalesce(c.n, 0)`.execute(trx);
  const perQuestion = await sql<{ key: string; stored: number; counted: number }>`
    WITH counted AS (
      SELECT q.project_question_id, q.result, count(*)::int AS n
      FROM interview_question_results q JOIN interview_results r ON r.id = q.interview_result_id
      WHERE q.tenant_id = ${tenantId} AND NOT r.deleted
      GROUP BY 1, 2
    ), stored AS (
      SELECT project_question_id, result, result_count::int AS n
      FROM question_result_rollups WHERE tenant_id = ${tenantId} AND result_count > 0
    )
    SELECT concat_ws('|', coalesce(c.project_question_id, s.project_question_id), coalesce(c.result, s.result)) AS key,
           coalesce(s.n, 0) AS stored, coalesce(c.n, 0) AS counted
    FROM counted c FULL JOIN stored s ON s.project_question_id = c.project_question_id AND s.result = c.result
    WHERE coalesce(s.n, 0) <> coalesce(c.n, 0)`.execute(trx);
  return [
    ...overall.rows.map((d) => ({ table: 'result_rollups' as const, ...d })),
    ...perQuestion.rows.map((d) => ({ table: 'question_result_rollups' as const, ...d })),
  ];
}

/**
 * Release or delete (docs/product/project-results.md#release-delete): sets released and deleted on the
 * given results and, for each result whose deleted flag flips, takes it out of (delete) or puts it back into
 * (undelete) result_rollups and question_result_rollups in the caller's transaction (ADR 0005), so the rollups
 * keep equalling a recount. The caller has locked and checked the rows. Tenant scope. Returns the ids that flipped.
 */
export async function setInterviewResultsStatus(
  trx: Db,
  tenantId: number,
  ids: readonly number[],
  change: { released: boolean; deleted: boolean },
): Promise<number[]> {
  if (ids.length === 0) return [];
  const flipped = (
    await trx
      .selectFrom('interview_results')
      .select('id')
      .where('id', 'in', [...ids])
      .where('deleted', '<>', change.deleted)
      .execute()
  ).map((row) => Number(row.id));
  await trx
    .updateTable('interview_results')
    .set({ released: change.released, deleted: change.deleted })
    .where('id', 'in', [...ids])
    .execute();
  if (flipped.length === 0) return [];
  const sign = change.deleted ? -1 : 1;
  await sql`
    INSERT INTO result_rollups AS rr (tenant_id, project_id, order_id, month, overall_evaluation, result_count)
    SELECT ${tenantId}, project_id, order_id, date_trunc('month', completed_at AT TIME ZONE 'UTC')::date,
           overall_evaluation, count(*)
    FROM interview_results WHERE id = ANY(${flipped}::bigint[])
    GROUP BY 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT result_rollups_key
      DO UPDATE SET result_count = rr.result_count + ${sign} * excluded.result_count`.execute(trx);
  await sql`
    INSERT INTO question_result_rollups AS qr (tenant_id, project_id, project_question_id, result, result_count)
    SELECT ${tenantId}, r.project_id, q.project_question_id, q.result, count(*)
    FROM interview_question_results q JOIN interview_results r ON r.id = q.interview_result_id
    WHERE q.interview_result_id = ANY(${flipped}::bigint[])
    GROUP BY 2, 3, 4
    ON CONFLICT (project_question_id, result)
      DO UPDATE SET result_count = qr.result_count + ${sign} * excluded.result_count`.execute(trx);
  return flipped;
}
