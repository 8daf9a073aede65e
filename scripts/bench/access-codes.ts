import {
  benchAccessCode,
  call,
  jsonPost,
  jsonPostEach,
  measure,
  measureDeepPages,
  measureWholeCodes,
  strideAccessCode,
  type BenchContext,
} from './context';

const CODES_URL = '/project-service/v1/project/accessCodesList';

/**
 * ADRs 0230-0232 (docs/product/access-codes.md): the View Codes list of the benchmark project (its 100,000
 * participants' own codes): the first page (25, newest first), pages 1-100 a different one each request, the last page
 * and pages 300-399 of 100 a different one each request; searched by a code's start, and by a whole access code or
 * IRN, a different one each request (first reads).
 */
export async function accessCodeFigures(ctx: BenchContext): Promise<void> {
  const base = { projectId: ctx.projectId, page: 0, pageSize: 25 };
  const all = await call<{ total_count: number }>(ctx, 'POST', CODES_URL, base);
  console.log(`\nView Codes (${all.total_count} codes of the benchmark project)`);
  await measure('first page (the default)', jsonPost(ctx, CODES_URL, base));
  await measure(
    'pages 1-100, a different page each request',
    jsonPostEach(ctx, CODES_URL, (n) => ({ ...base, page: 1 + (n % 100) })),
  );
  // The console's pages of 100 rows (ADR 0232).
  await measureDeepPages(ctx, CODES_URL, { ...base, pageSize: 100 }, all.total_count, {
    label: 'pages of 100',
    from: 300,
    span: 100,
  });
  const start = { ...base, search: `B${ctx.projectId}-A00001` };
  const started = await call<{ total_count: number }>(ctx, 'POST', CODES_URL, start);
  await measure(`search an access code's start (${started.total_count} codes)`, jsonPost(ctx, CODES_URL, start));
  await measureWholeCodes('search one whole access code, a different code each request', (from) =>
    jsonPostEach(ctx, CODES_URL, (n) => ({ ...base, search: benchAccessCode(ctx, n) }), from),
  );
  await measure(
    'search one whole IRN, a different IRN each request',
    jsonPostEach(ctx, CODES_URL, (n) => ({ ...base, search: strideAccessCode(`B${ctx.projectId}-`, n) })),
  );
}
