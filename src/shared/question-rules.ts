/**
 * The rules of a project's questions (docs/product/project-questions.md#rules and #locks), shared by the console's
 * Questions tab (which disables what they forbid) and the project-service (which refuses it). Pure TypeScript
 * without dependencies: see docs/development.md.
 */

export const EXPECTED_ANSWERS = ['Yes', 'No', 'Narr'] as const;
export type ExpectedAnswer = (typeof EXPECTED_ANSWERS)[number];

/** The questionnaire type whose questions may expect a narrative answer ('Narr'). */
export const HYBRID_QUESTIONNAIRE = 'HYBRID_QUESTIONNAIRE';

/** Stage sequences at which questions are no longer editable: 3 execution, 4 complete. */
export const LOCKED_STAGE_SEQUENCES: readonly number[] = [3, 4];

/**
 * The role that sees Approve disabled once questions are approved, in a non-system tenant
 * (docs/product/project-questions.md#approval).
 */
export const APPROVE_LOCKED_ROLE_NAME = 'ACGR Admin';

/**
 * Approval times are shown in Los Angeles time (docs/product/project-questions.md#approval), with these
 * Intl.DateTimeFormat options.
 */
export const APPROVAL_TIME_ZONE = 'America/Los_Angeles';
export const APPROVAL_TIME_FORMAT = {
  timeZone: APPROVAL_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const;

/** Longest question text the server stores. */
export const QUESTION_TEXT_MAX_LENGTH = 2000;

/** Texts of docs/product/project-questions.md#messages; the quoted ones are the specification's. */
export const QUESTION_MESSAGES = {
  textRequired: 'Question text can not be empty',
  executionStage: 'Questions are not editable when a project enters execution stage.',
  approved: 'Questions are approved and can no longer be changed.',
  alreadyApproved: 'Questions are already approved.',
  narrOnlyHybrid: 'Narr is only allowed for hybrid questionnaires.',
  nothingToApprove: 'There are no questions to approve.',
  created: 'Question Created Successfully',
  updated: 'Questions Updated Successfully',
  deleted: 'Question Deleted Successfully',
  downloaded: 'Questions Downloaded Successfully',
  approvedSuccess: 'Questions Approved Successfully',
} as const;

/**
 * A new question: pertinent, expected answer No, not a pre-interview question
 * (docs/product/project-questions.md#approval).
 */
export const NEW_QUESTION_DEFAULTS = { isPertinant: true, expectedAnswer: 'No', preInterview: false } as const;

/** The sequence of a new question: the lowest existing one minus one, so it comes first (1 when there is none). */
export function newQuestionSequence(sequences: readonly number[]): number {
  return sequences.length === 0 ? 1 : Math.min(...sequences) - 1;
}

/**
 * The order of saved questions: by sequence, a question without one placed as a new question (lowest − 1, in
 * the order given), ties kept in the order given. Answers the indexes of `items` in that order.
 */
export function questionOrder(items: readonly { sequence?: number | null }[]): number[] {
  const given = items.flatMap((item) => (item.sequence === undefined || item.sequence === null ? [] : [item.sequence]));
  let next = newQuestionSequence(given);
  const sequences = items.map((item) => {
    if (item.sequence !== undefined && item.sequence !== null) return item.sequence;
    const assigned = next;
    next -= 1;
    return assigned;
  });
  return items.map((_, index) => index).sort((a, b) => sequences[a]! - sequences[b]! || a - b);
}

/** The answers a question may expect in a questionnaire type: Yes and No, and Narr for hybrid questionnaires. */
export function expectedAnswersFor(questionnaireType: string): readonly ExpectedAnswer[] {
  return questionnaireType === HYBRID_QUESTIONNAIRE ? EXPECTED_ANSWERS : ['Yes', 'No'];
}

export interface QuestionDraft {
  questionText: string;
  expectedAnswer: string;
}

export interface QuestionProblem {
  index: number;
  field: 'questionText' | 'expectedAnswer';
  message: string;
}

/** What is wrong with questions about to be saved: an empty text, or Narr outside a hybrid questionnaire. */
export function questionProblems(questions: readonly QuestionDraft[], questionnaireType: string): QuestionProblem[] {
  const answers: readonly string[] = expectedAnswersFor(questionnaireType);
  return questions.flatMap((question, index): QuestionProblem[] => [
    ...(question.questionText.trim() === ''
      ? [{ index, field: 'questionText' as const, message: QUESTION_MESSAGES.textRequired }]
      : []),
    ...(answers.includes(question.expectedAnswer)
      ? []
      : [{ index, field: 'expectedAnswer' as const, message: QUESTION_MESSAGES.narrOnlyHybrid }]),
  ]);
}

export interface QuestionLockContext {
  /** Sequence of the project's stage (null: no stage). */
  stageSequence: number | null;
  questionsApproved: boolean;
  /** The user's home tenant is the provider's system tenant. */
  userIsSystemTenant: boolean;
  /** The tenant the user operates in is the system tenant. */
  operatingTenantIsSystem: boolean;
  /** The user's role in the operating tenant. */
  roleName: string | null;
}

/** Why questions cannot be changed: the execution or complete stage, or approval (for non-system users). */
export type QuestionLock = 'EXECUTION_STAGE' | 'APPROVED';

/** The lock on adding, editing, reordering and deleting questions; null when they may change. */
export function questionEditLock(context: QuestionLockContext): QuestionLock | null {
  if (context.stageSequence !== null && LOCKED_STAGE_SEQUENCES.includes(context.stageSequence)) {
    return 'EXECUTION_STAGE';
  }
  if (context.questionsApproved && !context.userIsSystemTenant) return 'APPROVED';
  return null;
}

/** The lock on approving: the edit lock, and the approved questions of a non-system tenant for 'ACGR Admin'. */
export function questionApproveLock(context: QuestionLockContext): QuestionLock | null {
  const lock = questionEditLock(context);
  if (lock) return lock;
  if (context.questionsApproved && context.roleName === APPROVE_LOCKED_ROLE_NAME && !context.operatingTenantIsSystem) {
    return 'APPROVED';
  }
  return null;
}

/** The message that explains a lock. */
export function questionLockMessage(lock: QuestionLock): string {
  return lock === 'EXECUTION_STAGE' ? QUESTION_MESSAGES.executionStage : QUESTION_MESSAGES.approved;
}
