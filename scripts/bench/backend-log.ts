import {
  call,
  jsonPost,
  jsonPostEach,
  measure,
  measureDeepPages,
  measureWholeCodes,
  benchAccessCode,
  type BenchContext,
} from './context';
import { daysAgo } from './results';

const LOGS_URL = '/execution-service/v1/interview/result/audit/logs';
/** Requests of the text search, one at a time: each reads every post of its days (ADR 0228). */
const TEXT_READS = 5;
/** Pages of 500 posts whose request ids the request id line asks, in turn. */
const REQUEST_ID_PAGES = 10;

/**
 * ADR 0228 (docs/product/call-reports.md#backend-data-log): the Backend Data Log over the tenant's 1M logged posts
 * (prepare-data.ts): the console's default (last 30 days, 10 a page), a whole access code and a whole request id a
 * different one each request (first reads, by the identifiers' indexes), and a text no post carries as an identifier,
 * which is read post by post over the days, one request at a time; the last page of 400 days and pages 50,000-50,999
 * (ADR 0234).
 */
export async function backendLogFigures(ctx: BenchContext): Promise<void> {
  const days30 = { startDate: daysAgo(30), endDate: daysAgo(0), pageSize: 10 };
  const all = await call<{ totalResults: number }>(ctx, 'POST', LOGS_URL, { ...days30, startDate: daysAgo(400) });
  console.log(`\nBackend Data Log (${all.totalResults} posts in the last 400 days)`);
  const recent = await call<{ totalResults: number }>(ctx, 'POST', LOGS_URL, days30);
  await measure(`last 30 days, first page (${recent.totalResults} posts)`, jsonPost(ctx, LOGS_URL, days30));
  const days400 = { ...days30, startDate: daysAgo(400) };
  // Deep pages (ADR 0234).
  await measureDeepPages(ctx, LOGS_URL, days400, all.totalResults, {
    label: 'last 400 days',
    from: 50_000,
    span: 1_000,
  });
  await measureWholeCodes('last 400 days, search one whole access code, a different code each request', (from) =>
    jsonPostEach(ctx, LOGS_URL, (n) => ({ ...days400, search: benchAccessCode(ctx, n) }), from),
  );
  // Request ids the log holds (a request id no post carries would be matched as a text, post by post).
  const requestIds: string[] = [];
  for (let page = 0; page < REQUEST_ID_PAGES; page += 1) {
    const posts = await call<{ resultAuditLogs: { uploadedResult: string }[] }>(ctx, 'POST', LOGS_URL, {
      ...days400,
      page: page * 37,
      pageSize: 500,
    });
    for (const post of posts.resultAuditLogs)
      requestIds.push((JSON.parse(post.uploadedResult) as { requestId: string }).requestId);
  }
  await measure(
    `last 400 days, search one whole request id, a different one each request (of ${requestIds.length})`,
    jsonPostEach(ctx, LOGS_URL, (n) => ({ ...days400, search: requestIds[(n * 7_919) % requestIds.length] })),
  );
  const times: number[] = [];
  for (let i = 0; i < TEXT_READS; i += 1) {
    const started = performance.now();
    await call(ctx, 'POST', LOGS_URL, { ...days30, search: `"overallEvaluation": "H${i}` });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  last 30 days, search a text no post carries as an identifier, one request at a time (${TEXT_READS}): ` +
      `median ${times[Math.floor(TEXT_READS / 2)]!.toFixed(0)} ms, most ${times.at(-1)!.toFixed(0)} ms`,
  );
}
