import {
  benchAccessCode,
  call,
  jsonPost,
  jsonPostEach,
  measureDeepPages,
  measureWholeCodes,
  measure,
  type BenchContext,
} from './context';
import { daysAgo } from './results';

const INCOMPLETE_URL = '/execution-service/v1/call/incomplete';

/**
 * ADR 0229 (docs/product/call-reports.md#incomplete-calls): the Incomplete Calls report over the tenant's 333,333
 * incomplete calls (prepare-data.ts): 30 days (the console's default) and 400 days in each of its orders, whole access
 * codes a different one each request (first reads), a code's start and a part of a caller id; the last page and pages
 * 10,000-10,999 in the date order (ADR 0233), by IRN and by duration (ADR 0236).
 */
export async function incompleteCallFigures(ctx: BenchContext): Promise<void> {
  const days30 = { startDate: daysAgo(30), endDate: daysAgo(0), pageSize: 10 };
  const days400 = { ...days30, startDate: daysAgo(400) };
  const all = await call<{ totalResults: number }>(ctx, 'POST', INCOMPLETE_URL, days400);
  console.log(`\nIncomplete Calls report (${all.totalResults} incomplete calls in the last 400 days)`);
  const variants: [string, Record<string, unknown>][] = [
    ['last 30 days, first page (the default)', days30],
    ['last 400 days, by IRN, first page', { ...days400, sortBy: 'irnno', sortDirection: 'asc' }],
    ['last 400 days, by duration, longest first', { ...days400, sortBy: 'duration', sortDirection: 'desc' }],
    ['last 400 days, search an access code prefix', { ...days400, search: `B${ctx.projectId}-A00001` }],
    ['last 400 days, search a part of a caller id', { ...days400, search: '5550107' }],
  ];
  for (const [label, body] of variants) {
    const page = await call<{ totalResults: number }>(ctx, 'POST', INCOMPLETE_URL, body);
    await measure(`${label} (${page.totalResults} rows)`, jsonPost(ctx, INCOMPLETE_URL, body));
  }
  // Deep pages in the date order (ADR 0233), by IRN and by duration (ADR 0236).
  const deepOrders: [string, Record<string, unknown>][] = [
    ['last 400 days', {}],
    ['last 400 days, by IRN', { sortBy: 'irnno', sortDirection: 'asc' }],
    ['last 400 days, by duration, longest first', { sortBy: 'duration', sortDirection: 'desc' }],
  ];
  for (const [label, order] of deepOrders)
    await measureDeepPages(ctx, INCOMPLETE_URL, { ...days400, ...order }, all.totalResults, {
      label,
      from: 10_000,
      span: 1_000,
    });
  await measureWholeCodes('last 400 days, search one whole access code, a different code each request', (from) =>
    jsonPostEach(ctx, INCOMPLETE_URL, (n) => ({ ...days400, search: benchAccessCode(ctx, n) }), from),
  );
}
