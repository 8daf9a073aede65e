import { call, jsonPost, measureWhile, seconds, timedWithMemory, type BenchContext } from './context';
import { daysAgo } from './results';

interface Report {
  id: number;
  status: 'requested' | 'processing' | 'succeeded' | 'failed';
  rowCount: number | null;
  error: string | null;
}

const POLL_MS = 250;

/**
 * Issue 15 / ADR 0041: a 90-day Interview Results analytic report (data-service submitAnalyticReport, every
 * attribute, xlsx) over the 1M-result project: submitted, its history polled until it succeeded or failed; the
 * time from submit to done and the server's peak memory, while the dashboard KPI is loaded at 10 connections
 * (its p50/p99 over the same stretch: do reports block the console?).
 */
export async function analyticReportFigures(ctx: BenchContext): Promise<void> {
  const types = await call<{ response: { data: { reportType: string; attributes: { key: string }[] }[] } }>(
    ctx,
    'GET',
    '/data-service/v1/tabledetails',
  );
  const type = types.response.data.find((t) => t.reportType === 'interview-results');
  if (!type) throw new Error('the interview-results report type is missing');
  const request = {
    reportType: 'interview-results',
    reportName: `bench 90 days ${Date.now()}`,
    projectId: [ctx.projectId],
    startDate: daysAgo(89),
    endDate: daysAgo(0),
    attributes: type.attributes.map((a) => a.key),
    fileFormat: 'xlsx',
  };
  const done = timedWithMemory(ctx, async () => {
    const submitted = await call<Report>(ctx, 'POST', '/data-service/v1/submit/report', request);
    for (;;) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const history = await call<{ response: { data: Report[] } }>(ctx, 'GET', '/data-service/v1/report-history');
      const report = history.response.data.find((r) => r.id === submitted.id);
      if (report && (report.status === 'succeeded' || report.status === 'failed')) return report;
    }
  });
  console.log(`\nAnalytic report (Interview Results, 90 days, xlsx) while the dashboard KPI is loaded`);
  const kpi = jsonPost(ctx, `/project-service/v1/project/dashboard/kpi?tenantId=${ctx.tenantId}`, undefined);
  await measureWhile('dashboard KPI during the report', kpi, done, ctx.serverPid);
  const { value: report, ms, memory } = await done;
  console.log(
    `  report ${report.status}${report.error ? ` (${report.error})` : ''}: ${report.rowCount ?? 0} rows in ` +
      `${seconds(ms)} from submit to done (polled every ${POLL_MS} ms), server ${memory}`,
  );
}
