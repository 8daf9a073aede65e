import type { ProjectQuestion, ProjectQuestionInput } from '../../../api/generated/project-service';
import { NEW_QUESTION_DEFAULTS, newQuestionSequence, type ExpectedAnswer } from '../../../../shared/question-rules';

/** A row of the editor: a stored question (with its id) or a new one ('N'), keyed for drag and drop. */
export interface QuestionDraft {
  key: string;
  projectQuestionId: number | null;
  questionText: string;
  isPertinant: boolean;
  sequence: number;
  expectedAnswer: ExpectedAnswer;
}

export interface QuestionDrafts {
  /** The questions as last loaded or saved. */
  baseline: QuestionDraft[];
  /** The questions as edited, in their order. */
  drafts: QuestionDraft[];
}

export const fromServer = (questions: readonly ProjectQuestion[]): QuestionDraft[] =>
  questions
    .filter((q) => !q.preInterview)
    .map((q) => ({
      key: `q-${q.projectQuestionId}`,
      projectQuestionId: q.projectQuestionId,
      questionText: q.questionText,
      isPertinant: q.isPertinant,
      sequence: q.sequence,
      expectedAnswer: q.expectedAnswer,
    }));

export const isDirty = ({ baseline, drafts }: QuestionDrafts): boolean =>
  JSON.stringify(baseline) !== JSON.stringify(drafts);

/**
 * Newly loaded questions: taken as they are unless there are unsaved edits, which are kept (without the
 * questions that are gone, e.g. deleted).
 */
export function reconcile(previous: QuestionDrafts | null, questions: readonly ProjectQuestion[]): QuestionDrafts {
  const baseline = fromServer(questions);
  if (!previous || !isDirty(previous)) return { baseline, drafts: baseline };
  const ids = new Set(baseline.map((q) => q.projectQuestionId));
  return {
    baseline,
    drafts: previous.drafts.filter((q) => q.projectQuestionId === null || ids.has(q.projectQuestionId)),
  };
}

/** A new question with the defaults, first: the lowest sequence minus one (docs/product/project-questions.md#rules). */
export function addQuestion(drafts: readonly QuestionDraft[], key: string): QuestionDraft[] {
  const question: QuestionDraft = {
    key,
    projectQuestionId: null,
    questionText: '',
    isPertinant: NEW_QUESTION_DEFAULTS.isPertinant,
    sequence: newQuestionSequence(drafts.map((q) => q.sequence)),
    expectedAnswer: NEW_QUESTION_DEFAULTS.expectedAnswer,
  };
  return [question, ...drafts];
}

/** The questions after dragging one from `from` to `to`, numbered in their new order. */
export function moveQuestion(drafts: readonly QuestionDraft[], from: number, to: number): QuestionDraft[] {
  const next = [...drafts];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next.map((q, index) => ({ ...q, sequence: index + 1 }));
}

/** The body's questions: every row in the order shown. */
export const toInput = (drafts: readonly QuestionDraft[]): ProjectQuestionInput[] =>
  drafts.map((q, index) => ({
    projectQuestionId: q.projectQuestionId,
    questionText: q.questionText,
    isPertinant: q.isPertinant,
    sequence: index + 1,
    expectedAnswer: q.expectedAnswer,
  }));
