import { sql } from 'kysely';
import type { Db, QuestionnaireType } from '../../../platform/db/schema';
import type { ExpectedAnswer } from '../../../../shared/question-rules';
import { readStoredProject } from '../projects/project-form-store';

export interface QuestionProject {
  id: number;
  name: string;
  questionnaireType: QuestionnaireType;
  stageSequence: number | null;
}

export interface StoredQuestion {
  id: number;
  questionText: string;
  isPertinant: boolean;
  sequence: number;
  expectedAnswer: ExpectedAnswer;
  preInterview: boolean;
}

export interface QuestionApproval {
  approvedByUserId: number;
  approvedByName: string;
  approvedAt: Date;
}

/** The project as the questions see it: name, questionnaire type and stage sequence. Tenant scope. */
export async function findQuestionProject(trx: Db, projectId: number): Promise<QuestionProject | null> {
  const row = await readStoredProject(trx, projectId);
  return row
    ? { id: row.id, name: row.name, questionnaireType: row.questionnaire_type, stageSequence: row.stage_sequence }
    : null;
}

/** A project's questions: pre-interview ones first (when included), then by sequence. Tenant scope. */
export async function listQuestions(
  trx: Db,
  projectId: number,
  options: { includePreInterview: boolean },
): Promise<StoredQuestion[]> {
  let query = trx
    .selectFrom('project_questions')
    .select(['id', 'question_text', 'is_pertinant', 'sequence', 'expected_answer', 'pre_interview'])
    .where('project_id', '=', projectId);
  if (!options.includePreInterview) query = query.where('pre_interview', '=', false);
  const rows = await query.orderBy('pre_interview', 'desc').orderBy('sequence').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    questionText: r.question_text,
    isPertinant: r.is_pertinant,
    sequence: r.sequence,
    expectedAnswer: r.expected_answer as ExpectedAnswer,
    preInterview: r.pre_interview,
  }));
}

export async function findApproval(trx: Db, projectId: number): Promise<QuestionApproval | null> {
  const row = await trx
    .selectFrom('project_question_approvals')
    .select(['approved_by_user_id', 'approved_by_name', 'approved_at'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row
    ? { approvedByUserId: row.approved_by_user_id, approvedByName: row.approved_by_name, approvedAt: row.approved_at }
    : null;
}

export async function saveApproval(
  trx: Db,
  tenantId: number,
  projectId: number,
  approval: QuestionApproval,
): Promise<void> {
  const values = {
    approved_by_user_id: approval.approvedByUserId,
    approved_by_name: approval.approvedByName,
    approved_at: approval.approvedAt,
  };
  await trx
    .insertInto('project_question_approvals')
    .values({ tenant_id: tenantId, project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
}

export type QuestionFields = Omit<StoredQuestion, 'id' | 'sequence'>;

export async function updateQuestion(trx: Db, projectId: number, id: number, fields: QuestionFields): Promise<void> {
  await trx
    .updateTable('project_questions')
    .set({
      question_text: fields.questionText,
      is_pertinant: fields.isPertinant,
      expected_answer: fields.expectedAnswer,
      pre_interview: fields.preInterview,
    })
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .execute();
}

/** Inserts a question (its sequence is set by renumberQuestions); answers its id. */
export async function insertQuestion(
  trx: Db,
  tenantId: number,
  projectId: number,
  fields: QuestionFields,
  now: Date,
): Promise<number> {
  const { id } = await trx
    .insertInto('project_questions')
    .values({
      tenant_id: tenantId,
      project_id: projectId,
      question_text: fields.questionText,
      is_pertinant: fields.isPertinant,
      expected_answer: fields.expectedAnswer,
      pre_interview: fields.preInterview,
      sequence: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Numbers the given questions 1..n in the order given, in one statement. */
export async function renumberQuestions(trx: Db, projectId: number, orderedIds: readonly number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  await sql`
    UPDATE project_questions AS q SET sequence = v.sequence
    FROM unnest(${[...orderedIds]}::int[], ${orderedIds.map((_, index) => index + 1)}::int[]) AS v (id, sequence)
    WHERE q.id = v.id AND q.project_id = ${projectId}`.execute(trx);
}

/** Whether interview results refer to the question (it then cannot be deleted). */
export async function questionHasResults(trx: Db, questionId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('interview_question_results')
    .select('project_question_id')
    .where('project_question_id', '=', questionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteQuestionRow(trx: Db, projectId: number, questionId: number): Promise<void> {
  await trx.deleteFrom('project_questions').where('id', '=', questionId).where('project_id', '=', projectId).execute();
}
