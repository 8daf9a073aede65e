import { call, jsonPost, measure, measureWhile, seconds, timedWithMemory, type BenchContext } from './context';
import { statCpuMs } from './proc-cpu';

const BASE = '/execution-service/v1/interview/result';
const LIST = '/execution-service/v1/interview/results';

/** Reads a streamed answer to its end; its bytes and number of lines. */
export async function drain(response: Response): Promise<{ bytes: number; lines: number }> {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return { bytes, lines };
    bytes += chunk.value.length;
    for (const byte of chunk.value) if (byte === 10) lines += 1;
  }
}

export const post = (ctx: BenchContext, url: string, body: unknown) =>
  fetch(`${ctx.base}${url}`, {
    method: 'POST',
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Issue 14 (docs/product/results-downloads.md#export): Download Results of the project's filtered results (every
 * result, newest first; an export holds at most 100,000 rows), as xlsx and as CSV: time and the server's peak memory.
 */
export async function resultsExportFigures(ctx: BenchContext): Promise<void> {
  const filter = { projectId: ctx.projectId, page: 0, pageSize: 100 };
  console.log(`\nResults export (Download Results, all filtered results of the project, at most 100,000 rows)`);
  for (const format of ['xlsx', 'csv'] as const) {
    const { value, ms, memory } = await timedWithMemory(ctx, async () =>
      drain(await post(ctx, `${BASE}/exportResults`, { filter, allRecords: true, format })),
    );
    const rows = format === 'csv' ? `${value.lines - 1} rows, ` : '';
    console.log(`  ${format}: ${rows}${(value.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(ms)}, server ${memory}`);
  }
}

/** The dashboard KPI at 10 connections (dashboardFigures' call): idle, to set beside it under long work. */
const dashboardKpi = (ctx: BenchContext) =>
  jsonPost(ctx, `/project-service/v1/project/dashboard/kpi?tenantId=${ctx.tenantId}`, undefined);

/**
 * Issue 30 "long work does not slow others": the dashboard KPI's p50/p99 idle and while an xlsx export of the results
 * runs (its own run, so the export's figures above are not slowed by the load).
 */
export async function exportBesideDashboardFigures(ctx: BenchContext): Promise<void> {
  const filter = { projectId: ctx.projectId, page: 0, pageSize: 100 };
  console.log(`
Dashboard KPI beside a results export (xlsx, all filtered results)`);
  await measure('dashboard KPI idle', dashboardKpi(ctx), undefined, ctx.serverPid);
  const started = performance.now();
  const done = (async () => {
    const { bytes } = await drain(
      await post(ctx, `${BASE}/exportResults`, { filter, allRecords: true, format: 'xlsx' }),
    );
    console.log(`  the export: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(performance.now() - started)}`);
  })();
  await measureWhile('dashboard KPI during the export', dashboardKpi(ctx), done, ctx.serverPid);
}

/**
 * Issue 14 (docs/product/results-downloads.md#zip-job): a zip of the 500 newest results' PDF risk reports, built by
 * the zip job (ADR 0050) and downloaded: time from the request to the downloaded zip and the server's peak memory.
 */
export async function resultPdfZipFigures(ctx: BenchContext): Promise<void> {
  const { ids, selection } = await newestSelection(ctx);
  const count = Math.min(ids.length, 500);
  const cpuBefore = serverCpuMs(ctx.serverPid);
  const { value, ms, memory } = await timedWithMemory(ctx, () => zipJob(ctx, selection));
  const cpu = serverCpuMs(ctx.serverPid);
  console.log(`\nZip of PDF risk reports (Download PDFs as a job)`);
  console.log(
    `  ${count} PDFs, ${(value.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(ms)} ` +
      `(${Math.round(count / (ms / 1000))} PDFs/s: the whole job, its pickup, the PDF thread's start and the ` +
      `download), server ${memory}`,
  );
  if (value.afterFirstPage !== null)
    console.log(`  after the first page of 100: ${Math.round(value.afterFirstPage)} PDFs/s`);
  console.log(
    `  server CPU per PDF (less changed by the load): ${((cpu.all - cpuBefore.all) / count).toFixed(1)} ms in all ` +
      `threads, ${((cpu.main - cpuBefore.main) / count).toFixed(1)} ms on the request thread`,
  );
}

/** The server's CPU time so far: every thread, and its main (request) thread, whose id is the process id. */
const serverCpuMs = (pid: number) => ({
  all: statCpuMs(`/proc/${pid}/stat`)!,
  main: statCpuMs(`/proc/${pid}/task/${pid}/stat`)!,
});

/** The 500 newest results of the project, as a zip's selection. */
async function newestSelection(ctx: BenchContext) {
  const ids: number[] = [];
  for (let page = 0; ids.length < 500; page += 1) {
    const answer = await call<{ results: { interviewResultId: number }[] }>(ctx, 'POST', LIST, {
      projectId: ctx.projectId,
      page,
      pageSize: 100,
    });
    if (answer.results.length === 0) break;
    ids.push(...answer.results.map((r) => r.interviewResultId));
  }
  const selection = {
    filter: { projectId: ctx.projectId, page: 0, pageSize: 100 },
    interviewResultIds: ids.slice(0, 500),
  };
  return { ids, selection };
}

/** The job's progress is polled this often: a slower poll would add up to its interval to a few seconds' job. */
const ZIP_POLL_MS = 100;

/**
 * One zip job of `selection`: started, polled until it succeeded, its file downloaded. `afterFirstPage` is the rate
 * once the job's first page (ZIP_PAGE, 100 PDFs, its progress saved) was done: the job without its pickup and the
 * PDF thread's start, which the whole job's figure includes.
 */
async function zipJob(
  ctx: BenchContext,
  selection: unknown,
): Promise<{ bytes: number; lines: number; afterFirstPage: number | null }> {
  const job = await call<{ id: number }>(ctx, 'POST', `${BASE}/pdfs/jobs`, selection);
  let firstPage: { at: number; done: number } | null = null;
  let doneAt: number;
  let total: number;
  for (;;) {
    const state = await call<{ status: string; done: number; error: string | null }>(
      ctx,
      'GET',
      `${BASE}/pdfs/jobs/${job.id}`,
    );
    if (state.status === 'failed') throw new Error(`zip job failed: ${state.error}`);
    if (state.status === 'succeeded') {
      doneAt = performance.now();
      total = state.done;
      break;
    }
    if (!firstPage && state.done > 0) firstPage = { at: performance.now(), done: state.done };
    await new Promise((resolve) => setTimeout(resolve, ZIP_POLL_MS));
  }
  const afterFirstPage =
    firstPage && total > firstPage.done ? (total - firstPage.done) / ((doneAt - firstPage.at) / 1000) : null;
  const file = await drain(await fetch(`${ctx.base}${BASE}/pdfs/jobs/${job.id}/file`, { headers: ctx.headers }));
  return { ...file, afterFirstPage };
}

/**
 * Issue 30 "long work does not slow others": the dashboard KPI's p50/p99 idle and while a zip job of the 500 newest
 * results' PDFs runs (its own run, after the zip's figure).
 */
export async function zipBesideDashboardFigures(ctx: BenchContext): Promise<void> {
  const { selection } = await newestSelection(ctx);
  console.log(`
Dashboard KPI beside a zip job of ${selection.interviewResultIds.length} PDF risk reports`);
  await measure('dashboard KPI idle', dashboardKpi(ctx), undefined, ctx.serverPid);
  await measureWhile('dashboard KPI during the zip job', dashboardKpi(ctx), zipJob(ctx, selection), ctx.serverPid);
}
