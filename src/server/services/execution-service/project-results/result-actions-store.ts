import { sql } from 'kysely';
import { BRANDING } from '../../../platform/branding';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import type { Db, EvaluationCode } from '../../../platform/db/schema';

/**
 * The SQL of review marking, notes, outcome tracking and the question detail
 * (docs/product/project-results.md#review, #notes, #outcome-tracking, #question-detail). Tenant scope throughout:
 * another tenant's rows are not visible.
 */

export interface ReviewTarget {
  id: number;
  projectId: number;
  irn: string | null;
  reviewed: boolean;
  released: boolean;
}

/** The tenant's non-deleted results among these ids, locked for the transaction. */
export async function lockReviewTargets(trx: Db, ids: readonly number[]): Promise<ReviewTarget[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{
    id: string | number;
    project_id: number;
    irn: string | null;
    reviewed: boolean;
    released: boolean;
  }>`
    SELECT r.id, r.project_id, coalesce(r.interview_reference_number, p.interview_ref_num) AS irn, r.reviewed,
           r.released
    FROM interview_results r JOIN participants p ON p.id = r.participant_id
    WHERE r.id = ANY(${[...ids]}::bigint[]) AND NOT r.deleted
    ORDER BY r.id
    FOR UPDATE OF r`.execute(trx);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    projectId: r.project_id,
    irn: r.irn,
    reviewed: r.reviewed,
    released: r.released,
  }));
}

/** Sets reviewed on these results. */
export async function setReviewed(trx: Db, ids: readonly number[], reviewed: boolean): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('interview_results')
    .set({ reviewed })
    .where('id', 'in', [...ids])
    .execute();
}

/** Appends a note; the newest is the result's current note. */
export async function insertResultNote(
  trx: Db,
  row: { tenantId: number; resultId: number; note: string; userId: number; now: Date },
): Promise<void> {
  await trx
    .insertInto('interview_result_notes')
    .values({
      tenant_id: row.tenantId,
      interview_result_id: row.resultId,
      note: row.note,
      created_by: row.userId,
      created_at: row.now,
    })
    .execute();
}

export interface NewFollowUp {
  tenantId: number;
  resultId: number;
  outcomeTrackingActionId: number;
  followUpStatusId: number | null;
  followUpDate: Date;
  note: string;
  currencyId: number | null;
  amount: number | null;
  userId: number;
  now: Date;
}

/** Appends an outcome: history rows are never changed (the app role may not update them). */
export async function insertFollowUp(trx: Db, row: NewFollowUp): Promise<void> {
  await trx
    .insertInto('interview_result_follow_ups')
    .values({
      tenant_id: row.tenantId,
      interview_result_id: row.resultId,
      outcome_tracking_action_id: row.outcomeTrackingActionId,
      follow_up_status_id: row.followUpStatusId,
      follow_up_date: row.followUpDate,
      note: row.note,
      currency_id: row.currencyId,
      amount: row.amount === null ? null : row.amount.toFixed(2),
      created_by: row.userId,
      created_at: row.now,
    })
    .execute();
}

export interface StoredFollowUp {
  id: number;
  resultId: number;
  outcomeTrackingActionId: number;
  followUpStatusId: number | null;
  followUpDate: Date;
  note: string;
  currencyId: number | null;
  amount: number | null;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  hasUser: boolean;
}

/** A result's outcomes, newest first, with who recorded each. */
export async function listFollowUps(trx: Db, resultId: number): Promise<StoredFollowUp[]> {
  const rows = await sql<{
    id: string | number;
    interview_result_id: string | number;
    outcome_tracking_action_id: number;
    follow_up_status_id: number | null;
    follow_up_date: Date;
    note: string;
    currency_id: number | null;
    amount: string | null;
    created_at: Date;
    created_by: number | null;
    first_name: string | null;
    last_name: string | null;
  }>`
    SELECT f.id, f.interview_result_id, f.outcome_tracking_action_id, f.follow_up_status_id, f.follow_up_date,
           f.note, f.currency_id, f.amount::text AS amount, f.created_at, f.created_by, u.first_name, u.last_name
    FROM interview_result_follow_ups f LEFT JOIN users u ON u.id = f.created_by
    WHERE f.interview_result_id = ${resultId}
    ORDER BY f.id DESC`.execute(trx);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    resultId: Number(r.interview_result_id),
    outcomeTrackingActionId: r.outcome_tracking_action_id,
    followUpStatusId: r.follow_up_status_id,
    followUpDate: new Date(r.follow_up_date),
    note: r.note,
    currencyId: r.currency_id,
    amount: r.amount === null ? null : Number(r.amount),
    createdAt: new Date(r.created_at),
    firstName: r.first_name,
    lastName: r.last_name,
    hasUser: r.created_by !== null,
  }));
}

/** The CURRENCY attributes in these languages (the first of each id wins in the caller's order). */
export async function currencyAttributes(
  trx: Db,
): Promise<{ attributeId: number; languageId: number; description: string; sequence: number }[]> {
  const rows = await trx
    .selectFrom('tenant_attributes')
    .select(['attribute_id', 'language_id', 'description', 'sequence'])
    .where('attribute_type', '=', 'CURRENCY')
    .where('active', '=', true)
    .orderBy('sequence')
    .orderBy('attribute_id')
    .orderBy('language_id')
    .execute();
  return rows.map((r) => ({
    attributeId: r.attribute_id,
    languageId: r.language_id,
    description: r.description,
    sequence: r.sequence,
  }));
}

export interface QuestionDetailRow {
  sequence: number;
  questionText: string;
  expectedAnswer: string | null;
  pertinent: boolean;
  result: EvaluationCode | null;
  transcription: string | null;
}

/** Every question of the result's project by sequence, with the result's answer to it (null when none). */
export async function questionDetail(trx: Db, resultId: number, projectId: number): Promise<QuestionDetailRow[]> {
  const rows = await sql<{
    sequence: number;
    question_text: string;
    expected_answer: string | null;
    is_pertinant: boolean;
    result: EvaluationCode | null;
    transcription: string | null;
  }>`
    SELECT pq.sequence, pq.question_text, pq.expected_answer, pq.is_pertinant, q.result, q.transcription
    FROM project_questions pq
      LEFT JOIN interview_question_results q ON q.interview_result_id = ${resultId} AND q.project_question_id = pq.id
    WHERE pq.project_id = ${projectId}
    ORDER BY pq.sequence, pq.id`.execute(trx);
  return rows.rows.map((r) => ({
    sequence: r.sequence,
    questionText: r.question_text,
    expectedAnswer: r.expected_answer,
    pertinent: r.is_pertinant,
    result: r.result,
    transcription: r.transcription,
  }));
}

/** What a result's e-mail names (docs/product/project-results.md#result-email). */
export interface ResultEmailFacts {
  id: number;
  irn: string | null;
  accessCode: string | null;
  overall: EvaluationCode;
  completedAt: Date;
}

/**
 * The facts of these results' e-mails, in id order, one statement for the call's up to 100 results: the IRN and
 * access code the result was recorded with, else its participant's (as the PDF prints them). Tenant scope; deleted
 * results are left out.
 */
export async function resultEmailFacts(trx: Db, ids: readonly number[]): Promise<ResultEmailFacts[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{
    id: string;
    irn: string | null;
    access_code: string | null;
    overall_evaluation: EvaluationCode;
    completed_at: Date;
  }>`
    SELECT r.id, coalesce(r.interview_reference_number, p.interview_ref_num) AS irn,
           coalesce(r.access_code, p.access_code) AS access_code, r.overall_evaluation, r.completed_at
    FROM interview_results r JOIN participants p ON p.id = r.participant_id
    WHERE r.id = ANY(${[...ids]}::bigint[]) AND NOT r.deleted
    ORDER BY r.id`.execute(trx);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    irn: r.irn,
    accessCode: r.access_code,
    overall: r.overall_evaluation,
    completedAt: new Date(r.completed_at),
  }));
}

/**
 * Records which result each queued result e-mail is for (the row's e-mail status), all of one call in one statement:
 * one array a column (ADR 0227).
 */
export async function insertResultEmails(
  trx: Db,
  rows: readonly { resultId: number; outboxMessageId: number }[],
  sent: { tenantId: number; userId: number; now: Date },
): Promise<void> {
  if (rows.length === 0) return;
  await sql`${sql.raw(GENERIC_PLAN)}
    INSERT INTO interview_result_emails (tenant_id, interview_result_id, outbox_message_id, created_by, created_at)
    SELECT ${sent.tenantId}::int, e.result_id, e.outbox_message_id, ${sent.userId}::int, ${sent.now}::timestamptz
    FROM unnest(${rows.map((r) => r.resultId)}::bigint[], ${rows.map((r) => r.outboxMessageId)}::bigint[])
      AS e(result_id, outbox_message_id)`.execute(trx);
}

/** What the PDF risk report prints about a result beyond its answers (docs/product/project-results.md#pdf). */
export interface ResultComments {
  /** The audio quality control notes, newest first (the first is the current note). */
  notes: { text: string; at: Date; author: string | null }[];
  /** The interview result comments: each recorded outcome's note, newest first (empty unless asked for). */
  outcomes: {
    actionId: number;
    statusId: number | null;
    followUpDate: Date;
    note: string;
    at: Date;
    author: string | null;
  }[];
}

/**
 * Who wrote a note or comment: the user's name when the operating tenant sees the user; a writer it cannot see
 * (row-level security) is the provider's staff, who alone act in other accounts (notes are theirs only).
 */
const authorOf = (row: { created_by: number | null; first_name: string | null; last_name: string | null }) =>
  row.created_by === null
    ? null
    : row.first_name === null && row.last_name === null
      ? BRANDING.providerName
      : [row.first_name, row.last_name].filter(Boolean).join(' ');

/**
 * The notes, and with `withOutcomes` the outcome notes, of these results, for their PDFs: two statements whatever
 * the number of results. Tenant scope.
 */
export async function resultComments(
  trx: Db,
  ids: readonly number[],
  withOutcomes: boolean,
): Promise<Map<number, ResultComments>> {
  const byResult = new Map<number, ResultComments>(ids.map((id) => [id, { notes: [], outcomes: [] }]));
  if (ids.length === 0) return byResult;
  const notes = await sql<{
    interview_result_id: string | number;
    note: string;
    created_at: Date;
    created_by: number | null;
    first_name: string | null;
    last_name: string | null;
  }>`
    SELECT n.interview_result_id, n.note, n.created_at, n.created_by, u.first_name, u.last_name
    FROM interview_result_notes n LEFT JOIN users u ON u.id = n.created_by
    WHERE n.interview_result_id = ANY(${[...ids]}::bigint[])
    ORDER BY n.interview_result_id, n.id DESC`.execute(trx);
  for (const n of notes.rows)
    byResult.get(Number(n.interview_result_id))?.notes.push({
      text: n.note,
      at: new Date(n.created_at),
      author: authorOf(n),
    });
  if (!withOutcomes) return byResult;
  const outcomes = await sql<{
    interview_result_id: string | number;
    outcome_tracking_action_id: number;
    follow_up_status_id: number | null;
    follow_up_date: Date;
    note: string;
    created_at: Date;
    created_by: number | null;
    first_name: string | null;
    last_name: string | null;
  }>`
    SELECT f.interview_result_id, f.outcome_tracking_action_id, f.follow_up_status_id, f.follow_up_date, f.note,
           f.created_at, f.created_by, u.first_name, u.last_name
    FROM interview_result_follow_ups f LEFT JOIN users u ON u.id = f.created_by
    WHERE f.interview_result_id = ANY(${[...ids]}::bigint[])
    ORDER BY f.interview_result_id, f.id DESC`.execute(trx);
  for (const f of outcomes.rows)
    byResult.get(Number(f.interview_result_id))?.outcomes.push({
      actionId: f.outcome_tracking_action_id,
      statusId: f.follow_up_status_id,
      followUpDate: new Date(f.follow_up_date),
      note: f.note,
      at: new Date(f.created_at),
      author: authorOf(f),
    });
  return byResult;
}
