import { PassThrough, type Readable } from 'node:stream';
import type { components, operations } from '../../../../contracts/execution-service';
import { normalizeAccessCode } from '../../../../shared/participant-rules';
import {
  DIRECT_ZIP_MAX,
  RESULT_MESSAGES,
  RESULTS_DEFAULT_OFFSET,
  resultPdfFileName,
} from '../../../../shared/result-rules';
import { displayTime, displayTimeOf } from '../../../platform/display-time';
import { csvDownload } from '../../../platform/http/csv-download';
import { forbidden, HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import { XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';
import { projectResultDisplay, type ProjectResultDisplay } from '../../project-service';
import { recordingFileName } from '../recordings/recording-kinds';
import { findRecordedResult } from '../recordings/recordings-store';
import { newestId } from '../reports/call-reports-store';
import { streamWorkbook } from '../reports/call-reports-xlsx';
import { KEYSET_EXPORT_PAGES } from '../reports/report-query';
import { mayHandleHeld, mayHearRecordings, mayReadOutcomes } from './result-access';
import { resultComments } from './result-actions-store';
import { resultPages } from './result-pages';
import { resultPdf, warmResultPdfs } from './result-pdf';
import { findZip, insertZip, RESULT_ZIP_QUEUE } from './result-zip-store';
import { resultQueryOf } from './results-handlers';
import {
  cellsOf,
  DOWNLOAD_MESSAGES,
  exportColumns,
  writeResultZip,
  ZIP_JOB_MAX,
  zipAnswer,
  zipFileName,
} from './results-downloads';
import {
  countResults,
  findResult,
  findResultProject,
  pertinentQuestions,
  readResults,
  resultColumnQuestions,
  type ResultProject,
  type ResultQuery,
} from './results-store';

type FileHandlers = Pick<
  ServiceHandlers<operations>,
  | 'downloadResultPdf'
  | 'downloadInterviewRecording'
  | 'exportProjectResults'
  | 'downloadResultPdfs'
  | 'startResultPdfZip'
  | 'getResultPdfZip'
  | 'downloadResultPdfZip'
>;
type Selection = components['schemas']['ResultSelection'];

/** The selected ids (among the filtered results), or undefined for allRecords; neither is 422. */
function idsOf(body: Pick<Selection, 'allRecords' | 'interviewResultIds'>): readonly number[] | undefined {
  if (body.allRecords) return undefined;
  if (!body.interviewResultIds?.length)
    throw unprocessable(DOWNLOAD_MESSAGES.nothingSelected, 'NOTHING_SELECTED', [
      { field: 'interviewResultIds', message: DOWNLOAD_MESSAGES.nothingSelected },
    ]);
  return [...new Set(body.interviewResultIds)];
}

interface Prepared {
  query: ResultQuery;
  project: ResultProject;
  display: ProjectResultDisplay;
}

/**
 * The download's query: the list's filter (one builder, `resultQueryOf`), the selection, and the newest result id
 * at the start, so every page reads the rows of that moment. Another tenant's project is 404.
 */
async function prepare(ctx: TenantContext, body: Selection): Promise<Prepared> {
  const base = resultQueryOf(ctx, body.filter);
  const ids = idsOf(body);
  return ctx.inTenant(async (trx) => {
    const project = await findResultProject(trx, body.filter.projectId);
    if (!project) throw notFound(RESULT_MESSAGES.projectNotFound);
    // Every selected id must be a result of this project the caller may see in this list (On Hold or not): an id of
    // another tenant or project, or a deleted one, is 404 and nothing is read (as release/delete, ADR 0040).
    if (ids) {
      const selectable = await countResults(trx, {
        projectId: project.id,
        page: 0,
        pageSize: 1,
        offset: base.offset,
        sortBy: 'date',
        sortDirection: 'desc',
        released: base.released,
        hideReviewed: false,
        ids,
      });
      if (selectable !== ids.length) throw notFound(RESULT_MESSAGES.notFound);
    }
    return {
      project,
      display: await projectResultDisplay(trx, project.id),
      query: { ...base, ...(ids && { ids }), maxId: await newestId(trx, 'interview_results') },
    };
  });
}

/**
 * A result's files (the ResultFile tag, docs/product/results-downloads.md): one result's PDF and recording, the
 * Results tab's export, and the zip of PDFs, directly or as a job.
 */
export const resultFileHandlers: FileHandlers = {
  async downloadResultPdf({ params, query, headers }, ctx) {
    warmResultPdfs();
    const data = await ctx.inAccount(async (trx) => {
      const result = await findResult(trx, params.id);
      if (!result || (!result.released && !mayHandleHeld(ctx))) throw notFound(RESULT_MESSAGES.notFound);
      const project = await findResultProject(trx, result.projectId);
      if (!project) throw notFound(RESULT_MESSAGES.notFound);
      return {
        result,
        project,
        questions: await pertinentQuestions(trx, project.id),
        display: await projectResultDisplay(trx, project.id),
        comments: (await resultComments(trx, [result.id], mayReadOutcomes(ctx))).get(result.id)!,
      };
    });
    const pdf = await resultPdf({
      ...data,
      language: headers.language,
      time: displayTimeOf(query, RESULTS_DEFAULT_OFFSET),
      createdAt: ctx.now(),
    });
    return new FileDownload(resultPdfFileName(data.result.irn, data.result.id), 'application/pdf', pdf);
  },

  // docs/product/project-results.md#recording interviewrecordings: the stored file, streamed from storage (ADR 0056).
  async downloadInterviewRecording({ params, query }, ctx) {
    const value = params.accessCodeOrId.trim();
    const id = /^[0-9]{1,10}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;
    const found = await ctx.inTenant((trx) => findRecordedResult(trx, { id, accessCode: normalizeAccessCode(value) }));
    if (!found || (!found.released && !mayHandleHeld(ctx))) throw notFound(RESULT_MESSAGES.notFound);
    if (!mayHearRecordings(ctx, found.recordingsEnabled)) throw forbidden();
    const stream = found.recording ? await ctx.deps.storage.get(found.recording.storageKey) : null;
    if (!found.recording || !stream) throw notFound(RESULT_MESSAGES.noRecording);
    return new FileDownload(
      recordingFileName(found.irn, found.resultId, found.recording.storageKey),
      found.recording.mediaType,
      stream,
      query.play ? 'inline' : 'attachment',
    );
  },

  async exportProjectResults({ body, headers }, ctx) {
    const { query, project, display } = await prepare(ctx, body);
    const questions = await ctx.inTenant((trx) => resultColumnQuestions(trx, project.id));
    const columns = exportColumns({
      questions,
      showName: !ctx.operatingTenant.isSystem,
      display,
      language: headers.language,
      time: displayTime(query.timeZone, query.offset),
    });
    const pages = resultPages(ctx.inTenant, query, KEYSET_EXPORT_PAGES);
    if (body.format === 'csv')
      return csvDownload(
        'results.csv',
        columns.map((c) => c.header),
        cellsOf(columns, pages),
      );
    return new FileDownload('results.xlsx', XLSX, streamWorkbook('Results', columns, pages));
  },

  async downloadResultPdfs({ body, headers }, ctx) {
    warmResultPdfs();
    const { query, project, display } = await prepare(ctx, body);
    const first = await ctx.inTenant((trx) => readResults(trx, query, DIRECT_ZIP_MAX + 1, 0));
    if (first.length === 0)
      throw unprocessable(DOWNLOAD_MESSAGES.noResults, 'NO_RESULTS', [
        { field: 'interviewResultIds', message: DOWNLOAD_MESSAGES.noResults },
      ]);
    if (first.length > DIRECT_ZIP_MAX)
      throw new HttpError(409, DOWNLOAD_MESSAGES.zipTooLarge, { code: 'RESULT_ZIP_TOO_LARGE' });
    const questions = await ctx.inTenant((trx) => pertinentQuestions(trx, project.id));
    const outcomeNotes = mayReadOutcomes(ctx);
    const createdAt = ctx.now();
    const out = new PassThrough();
    writeResultZip(out, {
      project,
      display,
      questions,
      language: headers.language,
      time: displayTime(query.timeZone, query.offset),
      createdAt,
      pages: (async function* () {
        yield first;
      })(),
      commentsOf: (ids) => ctx.inTenant((trx) => resultComments(trx, ids, outcomeNotes)),
    }).catch((error: Error) => out.destroy(error));
    return new FileDownload(
      zipFileName(project.name, createdAt, displayTime(query.timeZone, query.offset)),
      'application/zip',
      out as Readable,
    );
  },

  async startResultPdfZip({ body, headers }, ctx) {
    // The job most often runs on this instance, woken at the commit (runSoon): its PDF threads start meanwhile.
    warmResultPdfs();
    const { query, project } = await prepare(ctx, body);
    const now = ctx.now();
    const zip = await ctx.inTenant(async (trx) => {
      const total = await countResults(trx, query);
      if (total === 0)
        throw unprocessable(DOWNLOAD_MESSAGES.noResults, 'NO_RESULTS', [
          { field: 'interviewResultIds', message: DOWNLOAD_MESSAGES.noResults },
        ]);
      if (total > ZIP_JOB_MAX)
        throw unprocessable(DOWNLOAD_MESSAGES.jobTooLarge, 'TOO_MANY_RESULTS', [
          { field: 'allRecords', message: DOWNLOAD_MESSAGES.jobTooLarge },
        ]);
      const id = await insertZip(trx, {
        tenantId: ctx.operatingTenant.id,
        projectId: project.id,
        query,
        language: headers.language ?? null,
        fileName: zipFileName(project.name, now, displayTime(query.timeZone, query.offset)),
        total,
        requestedBy: ctx.principal().userId,
        at: now,
      });
      await enqueueJob(trx, {
        queue: RESULT_ZIP_QUEUE,
        tenantId: ctx.operatingTenant.id,
        // The job prints outcome comments only if the requester may read them (resultComments).
        payload: { zipId: id, outcomeNotes: mayReadOutcomes(ctx) },
        dedupeKey: `result-zip-${id}`,
        maxAttempts: 3,
        runAt: now,
      });
      return (await findZip(trx, id))!;
    });
    ctx.deps.jobs.runSoon();
    return zipAnswer(zip);
  },

  async getResultPdfZip({ params }, ctx) {
    const zip = await ctx.inTenant((trx) => findZip(trx, params.id));
    if (!zip) throw notFound(DOWNLOAD_MESSAGES.zipNotFound);
    return zipAnswer(zip);
  },

  async downloadResultPdfZip({ params }, ctx) {
    const zip = await ctx.inTenant((trx) => findZip(trx, params.id));
    if (!zip) throw notFound(DOWNLOAD_MESSAGES.zipNotFound);
    if (zip.status !== 'succeeded' || !zip.storageKey)
      throw new HttpError(409, DOWNLOAD_MESSAGES.zipNotReady, { code: 'ZIP_NOT_READY' });
    const content = await ctx.deps.storage.get(zip.storageKey);
    if (!content) throw notFound(DOWNLOAD_MESSAGES.zipGone);
    return new FileDownload(zip.fileName, 'application/zip', content);
  },
};
