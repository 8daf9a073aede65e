import { sql } from 'kysely';
import type { components } from '../../../../contracts/project-service';
import type { Db, EvaluationCode } from '../../../platform/db/schema';
import { utcDay } from '../../../platform/clock';
import { COMPLETE_SEQUENCE } from '../projects/project-attributes';

type DashboardKpi = components['schemas']['DashboardKpi'];
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

export interface ClassCounts {
  hr: number;
  pr: number;
  ar: number;
  lr: number;
  nc: number;
  total: number;
}

export const emptyCounts = (): ClassCounts => ({ hr: 0, pr: 0, ar: 0, lr: 0, nc: 0, total: 0 });

export function addTo(counts: ClassCounts, evaluation: EvaluationCode, n: number): void {
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
