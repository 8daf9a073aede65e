import { sql } from 'kysely';
import type { components } from '../../../contracts/project-service';
import type { Db, EvaluationCode } from '../../platform/db/schema';
import { utcDay } from '../../platform/clock';
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

/**
 * The dashboard KPI of a tenant at `now`, in one statement (PGlite has one connection: every round trip counts).
 * Reads projects, the current order and result_rollups only, never the results themselves. Tenant scope.
 */
export async function dashboardKpi(trx: Db, tenantId: number, now: Date): Promise<DashboardKpi> {
  const { rows } = await sql<{
    active: number;
    completed: number;
    calls: number | null;
    classes: { evaluation: EvaluationCode; lifetime: number; current: number }[] | null;
  }>`
    WITH current_order AS (
      SELECT id, number_of_calls FROM orders
      WHERE tenant_id = ${tenantId} AND order_status = 'Active' AND start_date <= ${utcDay(now)}::date
      ORDER BY start_date DESC, id DESC LIMIT 1
    ), classes AS (
      SELECT overall_evaluation AS evaluation, sum(result_count)::int AS lifetime,
             coalesce(sum(result_count) FILTER (WHERE order_id = (SELECT id FROM current_order)), 0)::int AS current
      FROM result_rollups
      WHERE tenant_id = ${tenantId} AND overall_evaluation IN (${sql.join(COMPLETED_EVALUATIONS)})
      GROUP BY overall_evaluation
    )
    SELECT count(*) FILTER (WHERE p.active)::int AS active,
           count(*) FILTER (WHERE st.sequence = ${COMPLETE_SEQUENCE})::int AS completed,
           (SELECT number_of_calls FROM current_order) AS calls,
           (SELECT json_agg(classes) FROM classes) AS classes
    FROM projects p
    LEFT JOIN project_attributes st
      ON st.tenant_id = p.tenant_id AND st.attribute_type = 'STAGE' AND st.attribute_id = p.stage_id AND st.language_id = 1
    WHERE p.tenant_id = ${tenantId}`.execute(trx);
  const row = rows[0]!;
  const lifetime = emptyCounts();
  const current = emptyCounts();
  for (const c of row.classes ?? []) {
    addTo(lifetime, c.evaluation, c.lifetime);
    addTo(current, c.evaluation, c.current);
  }
  return {
    active_project_count: row.active,
    completed_project_count: row.completed,
    total_life_time_completed_interview: lifetime.total,
    total_completed_interview: current.total,
    total_number_of_calls: row.calls ?? 0,
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
    questions: { id: number; sequence: number; pertinent: boolean; counts: Partial<Record<EvaluationCode, number>> | null }[] | null;
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
