import { call, jsonPost, measure, type BenchContext } from './context';

/** Issue 10: the dashboard's KPI, yearly results and project list (answered from rollups and the data-version cache). */
export async function dashboardFigures(ctx: BenchContext): Promise<void> {
  const kpiUrl = `/project-service/v1/project/dashboard/kpi?tenantId=${ctx.tenantId}`;
  const kpi = await call<{ total_life_time_completed_interview: number }>(ctx, 'POST', kpiUrl);
  console.log(`\nDashboard (${kpi.total_life_time_completed_interview} completed calls)`);
  await measure('dashboard KPI', jsonPost(ctx, kpiUrl, undefined), undefined, ctx.serverPid);
  await measure('yearly results', {
    url: `${ctx.base}/project-service/v1/project/results/yearly`,
    headers: ctx.headers,
  });
  await measure('project list (Active)', {
    url: `${ctx.base}/project-service/v1/project/projectListNew?statusId=1`,
    headers: ctx.headers,
  });
}
