import type { components } from '../../../../contracts/project-service';
import type { Db } from '../../../platform/db/schema';
import { forbidden, HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import {
  NEW_QUESTION_DEFAULTS,
  QUESTION_MESSAGES,
  questionApproveLock,
  questionEditLock,
  questionLockMessage,
  questionOrder,
  questionProblems,
  type QuestionLock,
} from '../../../../shared/question-rules';
import {
  deleteQuestionRow,
  findApproval,
  findQuestionProject,
  insertQuestion,
  listQuestions,
  questionHasResults,
  renumberQuestions,
  saveApproval,
  updateQuestion,
  type QuestionApproval,
  type QuestionFields,
  type QuestionProject,
  type StoredQuestion,
} from './questions-store';

/**
 * The changes to a project's questions (docs/product/project-questions.md#rules, #locks), used by the handlers and
 * the seed alike. Each runs inside the caller's tenant transaction and throws before changing anything.
 */

/** Who acts: decides the locks and stamps an approval. */
export interface QuestionActor {
  userId: number;
  name: string;
  homeTenantIsSystem: boolean;
  operatingTenantIsSystem: boolean;
  roleName: string | null;
  /** Holds tenant.project.questions.create (needed to add questions). */
  mayCreate: boolean;
}

/** A question as the save call sends it (the contract's ProjectQuestionInput). */
export type QuestionInput = components['schemas']['ProjectQuestionInput'];

interface QuestionState {
  project: QuestionProject;
  approval: QuestionApproval | null;
}

export const projectNotFound = () => notFound('Project not found.');
const questionNotFound = () => notFound('Question not found.');
const conflict = (message: string, code: string) => new HttpError(409, message, { code });

const LOCK_CODES: Record<QuestionLock, string> = {
  EXECUTION_STAGE: 'QUESTIONS_EXECUTION_STAGE',
  APPROVED: 'QUESTIONS_APPROVED',
};

export async function loadQuestionState(trx: Db, projectId: number): Promise<QuestionState> {
  const project = await findQuestionProject(trx, projectId);
  if (!project) throw projectNotFound();
  return { project, approval: await findApproval(trx, projectId) };
}

function refuseLocked(state: QuestionState, actor: QuestionActor, kind: 'edit' | 'approve'): void {
  const context = {
    stageSequence: state.project.stageSequence,
    questionsApproved: state.approval !== null,
    userIsSystemTenant: actor.homeTenantIsSystem,
    operatingTenantIsSystem: actor.operatingTenantIsSystem,
    roleName: actor.roleName,
  };
  const lock = kind === 'edit' ? questionEditLock(context) : questionApproveLock(context);
  if (!lock) return;
  const message =
    kind === 'approve' && lock === 'APPROVED' ? QUESTION_MESSAGES.alreadyApproved : questionLockMessage(lock);
  throw conflict(message, LOCK_CODES[lock]);
}

function fieldsOf(input: QuestionInput, stored: StoredQuestion | undefined): QuestionFields {
  const base = stored ?? NEW_QUESTION_DEFAULTS;
  return {
    questionText: input.questionText.trim(),
    isPertinant: input.isPertinant ?? base.isPertinant,
    expectedAnswer: input.expectedAnswer ?? base.expectedAnswer,
    preInterview: input.preInterview ?? base.preInterview,
  };
}

/**
 * Saves edits, new questions and the order in one go: the list names every stored question of each kind it
 * touches (interview questions always), new ones need `mayCreate`, and each kind is numbered 1..n in the order
 * of the sequences given (a new question without one first). Answers every question of the project.
 */
export async function saveProjectQuestions(
  trx: Db,
  change: { tenantId: number; projectId: number; questions: readonly QuestionInput[]; actor: QuestionActor; now: Date },
): Promise<StoredQuestion[]> {
  const state = await loadQuestionState(trx, change.projectId);
  refuseLocked(state, change.actor, 'edit');

  const stored = new Map(
    (await listQuestions(trx, change.projectId, { includePreInterview: true })).map((q) => [q.id, q]),
  );
  const seen = new Set<number>();
  for (const input of change.questions) {
    const id = input.projectQuestionId;
    if (id === undefined || id === null) continue;
    if (!stored.has(id)) throw questionNotFound();
    if (seen.has(id)) throw unprocessable('A question is listed twice.', 'DUPLICATE_QUESTION');
    seen.add(id);
  }
  const fields = change.questions.map((input) =>
    fieldsOf(input, input.projectQuestionId ? stored.get(input.projectQuestionId) : undefined),
  );

  const problems = questionProblems(fields, state.project.questionnaireType);
  if (problems.length > 0) {
    throw unprocessable(
      problems[0]!.message,
      'INVALID_QUESTIONS',
      problems.map((p) => ({ field: `questions[${p.index}].${p.field}`, message: p.message })),
    );
  }

  const touchedKinds = new Set<boolean>([false]);
  change.questions.forEach((input, index) => {
    touchedKinds.add(fields[index]!.preInterview);
    if (input.projectQuestionId) touchedKinds.add(stored.get(input.projectQuestionId)!.preInterview);
  });
  const unlisted = [...stored.values()].filter((q) => touchedKinds.has(q.preInterview) && !seen.has(q.id));
  if (unlisted.length > 0) {
    throw conflict(
      'The questions have changed since they were loaded. Reload them and try again.',
      'QUESTIONS_CHANGED',
    );
  }
  if (change.questions.some((q) => !q.projectQuestionId) && !change.actor.mayCreate) throw forbidden();

  const ids: number[] = [];
  for (const [index, input] of change.questions.entries()) {
    const id = input.projectQuestionId;
    if (id) {
      await updateQuestion(trx, change.projectId, id, fields[index]!);
      ids.push(id);
    } else {
      ids.push(await insertQuestion(trx, change.tenantId, change.projectId, fields[index]!, change.now));
    }
  }
  // An existing question sent without a sequence keeps its stored one; only a new one goes first.
  const order = questionOrder(
    change.questions.map((input) => ({
      sequence: input.sequence ?? (input.projectQuestionId ? stored.get(input.projectQuestionId)!.sequence : null),
    })),
  );
  for (const kind of touchedKinds) {
    await renumberQuestions(
      trx,
      change.projectId,
      order.filter((index) => fields[index]!.preInterview === kind).map((index) => ids[index]!),
    );
  }
  return listQuestions(trx, change.projectId, { includePreInterview: true });
}

/** Deletes one question; the rest of its kind keep their order, numbered 1..n. Answers every remaining question. */
export async function deleteProjectQuestion(
  trx: Db,
  change: { projectId: number; questionId: number; actor: QuestionActor },
): Promise<StoredQuestion[]> {
  const state = await loadQuestionState(trx, change.projectId);
  const questions = await listQuestions(trx, change.projectId, { includePreInterview: true });
  const question = questions.find((q) => q.id === change.questionId);
  if (!question) throw questionNotFound();
  refuseLocked(state, change.actor, 'edit');
  if (await questionHasResults(trx, question.id)) {
    throw conflict('This question has interview results and cannot be deleted.', 'QUESTION_HAS_RESULTS');
  }
  await deleteQuestionRow(trx, change.projectId, question.id);
  await renumberQuestions(
    trx,
    change.projectId,
    questions.filter((q) => q.id !== question.id && q.preInterview === question.preInterview).map((q) => q.id),
  );
  return listQuestions(trx, change.projectId, { includePreInterview: true });
}

/** Approves the questions, stamped with the actor's name and the time. */
export async function approveProjectQuestions(
  trx: Db,
  change: { tenantId: number; projectId: number; actor: QuestionActor; now: Date },
): Promise<QuestionApproval> {
  const state = await loadQuestionState(trx, change.projectId);
  refuseLocked(state, change.actor, 'approve');
  if ((await listQuestions(trx, change.projectId, { includePreInterview: false })).length === 0) {
    throw conflict(QUESTION_MESSAGES.nothingToApprove, 'NO_QUESTIONS');
  }
  const approval = { approvedByUserId: change.actor.userId, approvedByName: change.actor.name, approvedAt: change.now };
  await recordQuestionApproval(trx, change.tenantId, change.projectId, approval);
  return approval;
}

/**
 * Records an approval as it happened, without the checks of approveProjectQuestions: the write that approval
 * makes, also used by the seed for demo projects whose questions were approved before they reached execution.
 */
export async function recordQuestionApproval(
  trx: Db,
  tenantId: number,
  projectId: number,
  approval: QuestionApproval,
): Promise<void> {
  await saveApproval(trx, tenantId, projectId, approval);
}
