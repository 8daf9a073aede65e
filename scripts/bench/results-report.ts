import { call, jsonPost, measure, measureFirstReads, seconds, type BenchContext } from './context';
import { daysAgo } from './results';
import { drain, post } from './results-export';

const REPORT_URL = '/execution-service/v1/interview/results/report';

/**
 * Issue 15 (docs/product/results-report.md): the Results tab of the reports area over the tenant's 1M results, as
 * the provider reads it: the benchmark account named, the last 30 days and the year, a deep page, a narrow search and a broad one.
 */
export async function resultsReportFigures(ctx: BenchContext): Promise<void> {
  const days30 = { tenantId: ctx.tenantId, startDate: daysAgo(30), endDate: daysAgo(0), pageSize: 25 };
  const total = await call<{ totalResults: number }>(ctx, 'POST', REPORT_URL, { ...days30, startDate: daysAgo(400) });
  console.log(`\nResults report (${total.totalResults} results of the account in the last 400 days)`);
  const variants: [string, Record<string, unknown>][] = [
    ['last 30 days, first page', days30],
    ['last 400 days, first page', { ...days30, startDate: daysAgo(400) }],
    ['last 400 days, page 1,000', { ...days30, startDate: daysAgo(400), page: 1000 }],
    ['last 30 days, the project, sorted by score', { ...days30, projectId: ctx.projectId, sortBy: 'overallScore' }],
    ['last 30 days, search an access code prefix', { ...days30, search: `B${ctx.projectId}-A00001` }],
    [
      'last 400 days, search one whole access code',
      { ...days30, startDate: daysAgo(400), search: `B${ctx.projectId}-A0000123` },
    ],
    ['last 30 days, search a common name (many matches)', { ...days30, search: 'santos' }],
  ];
  for (const [label, body] of variants) {
    const page = await call<{ totalResults: number }>(ctx, 'POST', REPORT_URL, body);
    await measure(`${label} (${page.totalResults} rows)`, jsonPost(ctx, REPORT_URL, body));
  }
  // Each request its own page or code, as staff ask them: nothing kept from an earlier request answers it.
  await measureFirstReads(ctx, REPORT_URL, { ...days30, startDate: daysAgo(400) });
  // Every export page after the first seeks past the last one's row inside the filter's dates (ADR 0205).
  const started = performance.now();
  const { pageSize: _pageSize, ...dates } = days30;
  const csv = await drain(
    await post(ctx, `${REPORT_URL}/export`, { ...dates, startDate: daysAgo(400), allRecords: true, format: 'csv' }),
  );
  console.log(`  export of the last 400 days, csv: ${csv.lines - 1} rows in ${seconds(performance.now() - started)}`);
}
