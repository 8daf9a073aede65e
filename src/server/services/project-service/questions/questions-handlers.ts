import type { components, operations } from '../../../../contracts/project-service';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import { unprocessable } from '../../../platform/http/http-error';
import { QUESTION_MESSAGES } from '../../../../shared/question-rules';
import {
  approveProjectQuestions,
  deleteProjectQuestion,
  loadQuestionState,
  saveProjectQuestions,
  type QuestionActor,
} from './question-changes';
import { questionsFileName, questionsPdf } from './questions-pdf';
import { listQuestions, type StoredQuestion } from './questions-store';

type QuestionsHandlers = Pick<
  ServiceHandlers<operations>,
  | 'getProjectQuestions'
  | 'saveProjectQuestions'
  | 'deleteProjectQuestion'
  | 'downloadProjectQuestions'
  | 'approveProjectQuestions'
>;
type ProjectQuestion = components['schemas']['ProjectQuestion'];

const present = (q: StoredQuestion): ProjectQuestion => ({
  projectQuestionId: q.id,
  questionText: q.questionText,
  isPertinant: q.isPertinant,
  sequence: q.sequence,
  expectedAnswer: q.expectedAnswer,
  preInterview: q.preInterview,
});

function actorOf(ctx: TenantContext): QuestionActor {
  const principal = ctx.principal();
  return {
    userId: principal.userId,
    name: `${principal.firstName} ${principal.lastName}`.trim() || principal.email,
    homeTenantIsSystem: principal.homeTenantIsSystem,
    operatingTenantIsSystem: ctx.operatingTenant.isSystem,
    roleName: principal.roleName,
    mayCreate: principal.permissions.has('tenant.project.questions.create'),
  };
}

/** docs/product/project-questions.md: the Questions tab's calls. */
export const questionsHandlers: QuestionsHandlers = {
  async getProjectQuestions({ params, query }, ctx) {
    return ctx.inTenant(async (trx) => {
      const { project, approval } = await loadQuestionState(trx, params.id);
      const questions = await listQuestions(trx, params.id, {
        includePreInterview: query.pre_interview_questions ?? false,
      });
      return {
        questions: questions.map(present),
        questionsApproved: approval !== null,
        questionsApprovedBy: approval?.approvedByName ?? null,
        questionApprovedDateTime: approval?.approvedAt.toISOString() ?? null,
        questionnaireType: project.questionnaireType,
      };
    });
  },

  async saveProjectQuestions({ params, body }, ctx) {
    if (body.projectId !== params.id) {
      throw unprocessable('The project of the questions is not the project of the path.', 'PROJECT_MISMATCH', [
        { field: 'projectId', message: 'The project of the questions is not the project of the path.' },
      ]);
    }
    const saved = await ctx.inTenant((trx) =>
      saveProjectQuestions(trx, {
        tenantId: ctx.operatingTenant.id,
        projectId: params.id,
        questions: body.questions,
        actor: actorOf(ctx),
        now: ctx.now(),
      }),
    );
    return saved.map(present);
  },

  async deleteProjectQuestion({ params }, ctx) {
    const remaining = await ctx.inTenant((trx) =>
      deleteProjectQuestion(trx, { projectId: params.id, questionId: params.questionId, actor: actorOf(ctx) }),
    );
    return remaining.map(present);
  },

  async downloadProjectQuestions({ params }, ctx) {
    const { project, questions, approval } = await ctx.inTenant(async (trx) => {
      const state = await loadQuestionState(trx, params.id);
      return { ...state, questions: await listQuestions(trx, params.id, { includePreInterview: false }) };
    });
    const pdf = await questionsPdf(project, questions, approval, { createdAt: ctx.now() });
    return new FileDownload(questionsFileName(project.name), 'application/pdf', pdf);
  },

  async approveProjectQuestions({ params }, ctx) {
    await ctx.inTenant((trx) =>
      approveProjectQuestions(trx, {
        tenantId: ctx.operatingTenant.id,
        projectId: params.id,
        actor: actorOf(ctx),
        now: ctx.now(),
      }),
    );
    return { message: QUESTION_MESSAGES.approvedSuccess };
  },
};
