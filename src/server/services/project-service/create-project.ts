import type { Db, QuestionnaireType } from '../../platform/db/schema';
import { STAGE, STATUS } from './project-attributes';

export interface NewQuestion {
  questionText: string;
  isPertinant?: boolean;
  expectedAnswer?: 'Yes' | 'No' | 'Narr';
  preInterview?: boolean;
}

export interface NewProject {
  tenantId: number;
  name: string;
  active?: boolean;
  /** STAGE attribute id (default Setup). */
  stageId?: number;
  description?: string | null;
  questionnaireType?: QuestionnaireType;
  /** Languages the project runs in (default English). */
  languageIds?: number[];
  /** Asked in this order: sequence 1, 2, ... */
  questions?: NewQuestion[];
  now: Date;
}

export interface CreatedProject {
  projectId: number;
  /** Question ids by sequence (index 0 is sequence 1). */
  questionIds: number[];
}

/** Creates a project with its languages and questions. Tenant scope. */
export async function createProject(trx: Db, project: NewProject): Promise<number> {
  return (await createProjectWithQuestions(trx, project)).projectId;
}

export async function createProjectWithQuestions(trx: Db, project: NewProject): Promise<CreatedProject> {
  const active = project.active ?? true;
  const { id } = await trx
    .insertInto('projects')
    .values({
      tenant_id: project.tenantId,
      name: project.name.trim(),
      active,
      status_id: active ? STATUS.ACTIVE : STATUS.INACTIVE,
      stage_id: project.stageId ?? STAGE.SETUP,
      description: project.description ?? null,
      ...(project.questionnaireType && { questionnaire_type: project.questionnaireType }),
      created_at: project.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const languageIds = [...new Set(project.languageIds ?? [1])];
  await trx
    .insertInto('project_languages')
    .values(languageIds.map((languageId) => ({ tenant_id: project.tenantId, project_id: id, language_id: languageId })))
    .execute();
  const questions = project.questions ?? [];
  const questionIds = questions.length
    ? (
        await trx
          .insertInto('project_questions')
          .values(
            questions.map((q, index) => ({
              tenant_id: project.tenantId,
              project_id: id,
              question_text: q.questionText.trim(),
              is_pertinant: q.isPertinant ?? true,
              expected_answer: q.expectedAnswer ?? 'No',
              pre_interview: q.preInterview ?? false,
              sequence: index + 1,
              created_at: project.now,
            })),
          )
          .returning(['id', 'sequence'])
          .execute()
      )
        .sort((a, b) => a.sequence - b.sequence)
        .map((q) => q.id)
    : [];
  return { projectId: id, questionIds };
}
