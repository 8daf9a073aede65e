import { sql } from 'kysely';
import type { components } from '../../../contracts/project-service';
import type { Db, EvaluationCode } from '../../platform/db/schema';
import { findCurrentOrder } from '../user-service/order-domain';
import { COMPLETE_SEQUENCE } from './project-attributes';

type DashboardKpi = components['schemas']['DashboardKpi'];
type ProjectCard = components['schemas']['ProjectCard'];
type ProjectAttribute = components['schemas']['ProjectAttribute'];
type YearlyResult = components['schemas']['YearlyResult'];

/** Overall evaluations that make a completed call (see the project-service document). */
export const COMPLETED_EVALUATIONS: readonly EvaluationCode[] = ['LR', 'AR', 'PR', 'HR', 'CM', 'AD', 'NC', 'R', 'G'];

export type ChartClass = 'hr' | 'pr' | 'ar' | 'lr' | 'nc';

/** The chart class of a completed call's overall evaluation. */
export const CHART_CLASS: Readonly<Partial<Record<EvaluationCode, ChartClass>>> = {
  HR: 'hr',
  CM: 'hr',
  AD: 'hr',
  R: 'hr',
  PR: 'pr',
  AR: 'ar',
  LR: 'lr',
  G: 'lr',
  NC: 'nc',
};

interface ClassCounts {
  hr: number;
  pr: number;
  ar: number;
  lr: number;
  nc: number;
  total: number;
}

const emptyCounts = (): ClassCounts => ({ hr: 0, pr: 0, ar: 0, lr: 0, nc: 0, total: 0 });

function addTo(counts: ClassCounts, evaluation: EvaluationCode, n: number): void {
  const chartClass = CHART_CLASS[evaluation];
  if (!chartClass) return;
  counts[chartClass] += n;
  counts.total += n;
}

/** The dashboard KPI of a tenant at `now`. Reads projects, the current order and result_rollups only. Tenant scope. */
export async function dashboardKpi(trx: Db, tenantId: number, now: Date): Promise<DashboardKpi> {
  const projects = await trx
    .selectFrom('projects as p')
    .leftJoin('project_attributes as st', (join) =>
      join
        .onRef('st.tenant_id', '=', 'p.tenant_id')
        .onRef('st.attribute_id', '=', 'p.stage_id')
        .on('st.attribute_type', '=', 'STAGE')
        .on('st.language_id', '=', 1),
    )
    .select([
      sql<number>`count(*) FILTER (WHERE p.active)::int`.as('active'),
      sql<number>`count(*) FILTER (WHERE st.sequence = ${COMPLETE_SEQUENCE})::int`.as('completed'),
    ])
    .where('p.tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();

  const order = await findCurrentOrder(trx, tenantId, now);
  const rows = await trx
    .selectFrom('result_rollups')
    .select([
      'overall_evaluation',
      sql<number>`sum(result_count)::int`.as('lifetime'),
      sql<number>`(sum(result_count) FILTER (WHERE order_id = ${order?.id ?? null}::int))::int`.as('current'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('overall_evaluation', 'in', COMPLETED_EVALUATIONS)
    .groupBy('overall_evaluation')
    .execute();
  const lifetime = emptyCounts();
  const current = emptyCounts();
  for (const row of rows) {
    addTo(lifetime, row.overall_evaluation, row.lifetime);
    addTo(current, row.overall_evaluation, row.current ?? 0);
  }
  return {
    active_project_count: projects.active,
    completed_project_count: projects.completed,
    total_life_time_completed_interview: lifetime.total,
    total_completed_interview: current.total,
    total_number_of_calls: order?.numberOfCalls ?? 0,
    hr_count: current.hr,
    pr_count: current.pr,
    ar_count: current.ar,
    lr_count: current.lr,
    nc_count: current.nc,
  };
}

/** Completed calls per UTC month, the 12 months up to and including the month of `now`, oldest first. */
export async function yearlyResults(trx: Db, tenantId: number, now: Date): Promise<YearlyResult[]> {
  const months: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const rows = await trx
    .selectFrom('result_rollups')
    .select([sql<string>`to_char(month, 'YYYY-MM')`.as('month'), sql<number>`sum(result_count)::int`.as('count')])
    .where('tenant_id', '=', tenantId)
    .where('overall_evaluation', 'in', COMPLETED_EVALUATIONS)
    .where('month', '>=', sql<Date>`${`${months[0]}-01`}::date`)
    .where('month', '<=', sql<Date>`${`${months[11]}-01`}::date`)
    .groupBy('month')
    .execute();
  const byMonth = new Map(rows.map((r) => [r.month, r.count]));
  return months.map((month) => ({ month, count: byMonth.get(month) ?? 0 }));
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
    .sort((a, b) => a.attribute_type.localeCompare(b.attribute_type) || a.sequence - b.sequence || a.attribute_id - b.attribute_id)
    .map((r) => ({
      attributeId: r.attribute_id,
      attributeType: r.attribute_type,
      description: r.description,
      sequence: r.sequence,
      languageId: r.language_id,
    }));
}

export const MAX_PROJECT_CARDS = 500;

/** Project cards of a tenant, filtered by status and stage ids (empty: no filter), sorted by name. Tenant scope. */
export async function projectCards(
  trx: Db,
  tenantId: number,
  filter: { statusIds: number[]; stageIds: number[] },
  now: Date,
): Promise<ProjectCard[]> {
  let query = trx
    .selectFrom('projects')
    .select(['id', 'name', 'active', 'status_id', 'stage_id'])
    .where('tenant_id', '=', tenantId);
  if (filter.statusIds.length) query = query.where('status_id', 'in', filter.statusIds);
  if (filter.stageIds.length) query = query.where('stage_id', 'in', filter.stageIds);
  const projects = await query.orderBy(sql`lower(name)`).orderBy('id').limit(MAX_PROJECT_CARDS).execute();
  if (projects.length === 0) return [];
  const ids = projects.map((p) => p.id);

  const order = await findCurrentOrder(trx, tenantId, now);
  const [rollups, questions, questionRollups, languages] = await Promise.all([
    trx
      .selectFrom('result_rollups')
      .select([
        'project_id',
        'overall_evaluation',
        sql<number>`sum(result_count)::int`.as('lifetime'),
        sql<number>`(sum(result_count) FILTER (WHERE order_id = ${order?.id ?? null}::int))::int`.as('current'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('project_id', 'in', ids)
      .where('overall_evaluation', 'in', COMPLETED_EVALUATIONS)
      .groupBy(['project_id', 'overall_evaluation'])
      .execute(),
    trx
      .selectFrom('project_questions')
      .select(['id', 'project_id', 'sequence', 'is_pertinant'])
      .where('tenant_id', '=', tenantId)
      .where('project_id', 'in', ids)
      .where('pre_interview', '=', false)
      .orderBy('project_id')
      .orderBy('sequence')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('question_result_rollups')
      .select(['project_question_id', 'result', sql<number>`result_count::int`.as('count')])
      .where('tenant_id', '=', tenantId)
      .where('project_id', 'in', ids)
      .execute(),
    trx
      .selectFrom('project_languages as pl')
      .innerJoin('languages as l', 'l.id', 'pl.language_id')
      .select(['pl.project_id', 'l.id', 'l.label'])
      .where('pl.tenant_id', '=', tenantId)
      .where('pl.project_id', 'in', ids)
      .orderBy('l.id')
      .execute(),
  ]);

  const perQuestion = new Map<number, Map<string, number>>();
  for (const r of questionRollups) {
    const counts = perQuestion.get(r.project_question_id) ?? new Map<string, number>();
    counts.set(r.result, r.count);
    perQuestion.set(r.project_question_id, counts);
  }
  return projects.map((p) => {
    const lifetime = emptyCounts();
    const current = emptyCounts();
    for (const r of rollups.filter((x) => x.project_id === p.id)) {
      addTo(lifetime, r.overall_evaluation, r.lifetime);
      addTo(current, r.overall_evaluation, r.current ?? 0);
    }
    const own = questions.filter((q) => q.project_id === p.id);
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
      totalPertinantQuestions: own.filter((q) => q.is_pertinant).length,
      questions: own.map((q) => {
        const c = perQuestion.get(q.id);
        const n = (code: EvaluationCode) => c?.get(code) ?? 0;
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
      projectLanguagesData: languages.filter((l) => l.project_id === p.id).map((l) => ({ value: l.id, label: l.label })),
    };
  });
}
