import { call, jsonPost, measure, type BenchContext } from './context';

const PAGE_SIZE = 100;
const RESULTS_URL = '/execution-service/v1/interview/results';

/** YYYY-MM-DD of `days` days before today (UTC). */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 14 / ADR 0040: the project Results tab's call (execution-service listProjectResults, page size 100) on the
 * project with 1M results: the default page (newest first), a page sorted by overall score, and filtered pages
 * (risk levels and a 30-day range; a question's risk; a search).
 */
export async function projectResultFigures(ctx: BenchContext): Promise<void> {
  const base = { projectId: ctx.projectId, page: 0, pageSize: PAGE_SIZE };
  const all = await call<{ totalResults: number }>(ctx, 'POST', RESULTS_URL, base);
  console.log(`\nProject results (Results tab, ${all.totalResults} released results, ${PAGE_SIZE} a page)`);
  const variants: [string, Record<string, unknown>][] = [
    ['no filter (newest first)', {}],
    ['no filter, sorted by overall score', { sortBy: 'overallScore', sortDirection: 'desc' }],
    ['page 100, no filter', { page: 100 }],
    ['risk HR+PR, last 30 days', { riskLevels: ['HR', 'PR'], startDate: daysAgo(30), endDate: daysAgo(0) }],
    ['question 1 risk HR', { questionNumber: 1, questionsRisk: ['HR'] }],
    ["search 'santos'", { search: 'santos' }],
  ];
  for (const [label, filter] of variants) {
    const body = { ...base, ...filter };
    const page = await call<{ totalResults: number }>(ctx, 'POST', RESULTS_URL, body);
    await measure(`${label} (${page.totalResults} rows)`, jsonPost(ctx, RESULTS_URL, body));
  }
}
