import { call, jsonPost, measure, measureFirstReads, type BenchContext } from './context';
import { daysAgo } from './results';

const CALLS_URL = '/execution-service/v1/call/directdial';

/**
 * Issue 15 (docs/product/call-reports.md): the Call Records report (listCallRecords) over the tenant's 1M call
 * records: the console's default (last 30 days, 10 rows a page), the whole year, deep pages, and the filters.
 */
export async function callRecordFigures(ctx: BenchContext): Promise<void> {
  const total = await call<{ totalResults: number }>(ctx, 'POST', CALLS_URL, {
    startDate: daysAgo(400),
    endDate: daysAgo(0),
    pageSize: 1,
  });
  console.log(`\nCall Records report (${total.totalResults} call records in the last 400 days)`);
  const days30 = { startDate: daysAgo(30), endDate: daysAgo(0), pageSize: 10 };
  const variants: [string, Record<string, unknown>][] = [
    ['last 30 days, first page (the default)', days30],
    ['last 400 days, first page', { ...days30, startDate: daysAgo(400) }],
    ['last 400 days, page 1,000', { ...days30, startDate: daysAgo(400), page: 1000 }],
    [
      'last 30 days, project, 1-4 minutes, Twilio',
      { ...days30, projectId: ctx.projectId, minDuration: 60, maxDuration: 240, telcoProvider: 'TWILIO' },
    ],
    ['last 30 days, more than 4 minutes, Bandwidth', { ...days30, minDuration: 240, telcoProvider: 'BANDWIDTH' }],
    ['last 30 days, search an access code prefix', { ...days30, search: `B${ctx.projectId}-A00001` }],
    [
      'last 400 days, search one whole access code',
      { ...days30, startDate: daysAgo(400), search: `B${ctx.projectId}-A0000123` },
    ],
  ];
  for (const [label, body] of variants) {
    const page = await call<{ totalResults: number }>(ctx, 'POST', CALLS_URL, body);
    await measure(`${label} (${page.totalResults} rows)`, jsonPost(ctx, CALLS_URL, body));
  }
  // Each request its own page or code, as staff ask them: nothing kept from an earlier request answers it.
  await measureFirstReads(ctx, CALLS_URL, { ...days30, startDate: daysAgo(400) });
}
