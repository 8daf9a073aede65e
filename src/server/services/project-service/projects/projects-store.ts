import { sql } from 'kysely';
import type { components } from '../../../../contracts/project-service';
import type { Db, EvaluationCode, QuestionnaireType } from '../../../platform/db/schema';
import { utcDay } from '../../../platform/clock';
import { addTo, COMPLETED_EVALUATIONS, emptyCounts } from '../dashboard/dashboard-store';
import { STAGE, STATUS } from './project-attributes';

type ProjectCard = components['schemas']['ProjectCard'];
type ProjectAttribute = components['schemas']['ProjectAttribute'];

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

/**
 * STATUS and STAGE values in a language; a value missing in that language is given in English. Tenant scope.
 */
export async function projectAttributes(
  trx: Db,
  tenantId: number,
  languageId: number,
  options: { activeOnly?: boolean; type?: 'STATUS' | 'STAGE' } = {},
): Promise<ProjectAttribute[]> {
  let query = trx
    .selectFrom('project_attributes')
    .distinctOn(['attribute_type', 'attribute_id'])
    .select(['attribute_id', 'attribute_type', 'description', 'sequence', 'language_id', 'active'])
    .where('tenant_id', '=', tenantId)
    .where('language_id', 'in', [languageId, 1]);
  if (options.type) query = query.where('attribute_type', '=', options.type);
  const rows = await query
    .orderBy('attribute_type')
    .orderBy('attribute_id')
    .orderBy(sql`language_id = ${languageId}`, 'desc')
    .execute();
  return rows
    .filter((r) => !options.activeOnly || r.active)
    .sort(
      (a, b) =>
        a.attribute_type.localeCompare(b.attribute_type) || a.sequence - b.sequence || a.attribute_id - b.attribute_id,
    )
    .map((r) => ({
      attributeId: r.attribute_id,
      attributeType: r.attribute_type,
      description: r.description,
      sequence: r.sequence,
      languageId: r.language_id,
    }));
}

export const MAX_PROJECT_CARDS = 500;

/**
 * Project cards of a tenant, filtered by status and stage ids (empty: no filter), sorted by name, in one
 * statement: per project, its rollups by evaluation (lifetime and current order), its questions with their
 * per-question rollups, and its languages. Never reads the results themselves. Tenant scope.
 */
export async function projectCards(
  trx: Db,
  tenantId: number,
  filter: { statusIds: number[]; stageIds: number[] },
  now: Date,
): Promise<ProjectCard[]> {
  const statusFilter = filter.statusIds.length ? sql`AND p.status_id IN (${sql.join(filter.statusIds)})` : sql``;
  const stageFilter = filter.stageIds.length ? sql`AND p.stage_id IN (${sql.join(filter.stageIds)})` : sql``;
  const { rows } = await sql<{
    id: number;
    name: string;
    active: boolean;
    status_id: number | null;
    stage_id: number | null;
    classes: { evaluation: EvaluationCode; lifetime: number; current: number }[] | null;
    questions:
      | { id: number; sequence: number; pertinent: boolean; counts: Partial<Record<EvaluationCode, number>> | null }[]
      | null;
    languages: { value: number; label: string }[] | null;
  }>`
    WITH current_order AS (
      SELECT id FROM orders
      WHERE tenant_id = ${tenantId} AND order_status = 'Active' AND start_date <= ${utcDay(now)}::date
      ORDER BY start_date DESC, id DESC LIMIT 1
    )
    SELECT p.id, p.name, p.active, p.status_id, p.stage_id,
      (SELECT json_agg(c) FROM (
         SELECT r.overall_evaluation AS evaluation, sum(r.result_count)::int AS lifetime,
                coalesce(sum(r.result_count) FILTER (WHERE r.order_id = (SELECT id FROM current_order)), 0)::int AS current
         FROM result_rollups r
         WHERE r.tenant_id = ${tenantId} AND r.project_id = p.id
           AND r.overall_evaluation IN (${sql.join(COMPLETED_EVALUATIONS)})
         GROUP BY r.overall_evaluation) c) AS classes,
      (SELECT json_agg(q ORDER BY q.sequence, q.id) FROM (
         SELECT pq.id, pq.sequence, pq.is_pertinant AS pertinent,
                (SELECT json_object_agg(qr.result, qr.result_count::int) FROM question_result_rollups qr
                 WHERE qr.project_question_id = pq.id) AS counts
         FROM project_questions pq
         WHERE pq.tenant_id = ${tenantId} AND pq.project_id = p.id AND NOT pq.pre_interview) q) AS questions,
      (SELECT json_agg(json_build_object('value', l.id, 'label', l.label) ORDER BY l.id)
       FROM project_languages pl JOIN languages l ON l.id = pl.language_id
       WHERE pl.tenant_id = ${tenantId} AND pl.project_id = p.id) AS languages
    FROM projects p
    WHERE p.tenant_id = ${tenantId} ${statusFilter} ${stageFilter}
    ORDER BY lower(p.name), p.id
    LIMIT ${MAX_PROJECT_CARDS}`.execute(trx);

  return rows.map((p) => {
    const lifetime = emptyCounts();
    const current = emptyCounts();
    for (const c of p.classes ?? []) {
      addTo(lifetime, c.evaluation, c.lifetime);
      addTo(current, c.evaluation, c.current);
    }
    const questions = p.questions ?? [];
    return {
      projectId: p.id,
      name: p.name,
      active: p.active,
      projectStatusId: p.status_id,
      projectStageId: p.stage_id,
      overallHrCount: lifetime.hr,
      overallPrCount: lifetime.pr,
      overallArCount: lifetime.ar,
      overallLrCount: lifetime.lr,
      overallNcCount: lifetime.nc,
      totalLifeTimeCompletedInterview: lifetime.total,
      totalCompletedInterview: current.total,
      totalPertinantQuestions: questions.filter((q) => q.pertinent).length,
      questions: questions.map((q) => {
        const n = (code: EvaluationCode) => q.counts?.[code] ?? 0;
        return {
          projectQuestionId: q.id,
          sequence: q.sequence,
          hrCount: n('HR'),
          prCount: n('PR'),
          arCount: n('AR'),
          lrCount: n('LR'),
          cmCount: n('CM'),
          adCount: n('AD'),
          ncCount: n('NC'),
        };
      }),
      projectLanguagesData: p.languages ?? [],
    };
  });
}

/** A project's languages by id. */
export function listProjectLanguages(trx: Db, projectId: number) {
  return trx
    .selectFrom('project_languages as pl')
    .innerJoin('languages as l', 'l.id', 'pl.language_id')
    .select(['l.id', 'l.label'])
    .where('pl.project_id', '=', projectId)
    .orderBy('l.id')
    .execute();
}
