import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import type { components, operations } from '../../../../contracts/execution-service';
import { fileDateAtOffset, formatAtOffset } from '../../../../shared/report-time';
import { DIRECT_ZIP_MAX, groupAccessCode, RESULT_MESSAGES, resultPdfFileName } from '../../../../shared/result-rules';
import { csvDownload } from '../../../platform/http/csv-download';
import { HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import { projectResultDisplay, type ProjectResultDisplay } from '../../project-service';
import { newestId } from '../call-reports/call-reports-store';
import { streamWorkbook, type SheetColumn } from '../call-reports/call-reports-xlsx';
import { exportPages } from '../call-reports/report-query';
import { resultPdf } from './result-pdf';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import { findZip, insertZip, RESULT_ZIP_QUEUE, type StoredZip } from './result-zip-store';
import { mayReadOutcomes, resultQueryOf } from './results-handlers';
import { resultComments, type ResultComments } from './result-actions-store';
import {
  countResults,
  findResultProject,
  pertinentQuestions,
  readResults,
  resultColumnQuestions,
  type ListedResult,
  type ResultColumnQuestion,
  type ResultProject,
  type ResultQuery,
} from './results-store';
import { XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';

type Handlers = Pick<
  ServiceHandlers<operations>,
  'exportProjectResults' | 'downloadResultPdfs' | 'startResultPdfZip' | 'getResultPdfZip' | 'downloadResultPdfZip'
>;
type ZipAnswer = components['schemas']['ResultPdfZip'];
type Selection = components['schemas']['ResultSelection'];

export const DOWNLOAD_MESSAGES = {
  nothingSelected: 'Select at least one result.',
  noResults: 'There are no results to show.',
  zipTooLarge: 'More than 50 results: the zip is built as a job.',
  jobTooLarge: 'At most 10,000 results can be zipped at once.',
  zipNotFound: 'The zip was not found.',
  zipNotReady: 'The zip is not ready yet.',
  zipGone: 'The zip is no longer stored.',
} as const;

/** At most this many PDFs go into one zip job. */
export const ZIP_JOB_MAX = 10_000;

const zipAnswer = (z: StoredZip): ZipAnswer => ({
  id: z.id,
  status: z.status,
  total: z.total,
  done: z.done,
  fileName: z.fileName,
  error: z.error,
});

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
 * The export's columns: the Results table's (docs/product/results-downloads.md#columns): IRN, Participant Name
 * (non-system tenants), Language, Date (at the filter's offset), Overall (the template's badge), one per question
 * column, Access Code, Created By, Released, Reviewed.
 */
export function exportColumns(input: {
  questions: readonly ResultColumnQuestion[];
  showName: boolean;
  display: ProjectResultDisplay;
  language: string | undefined;
  offset: string;
}): SheetColumn<ListedResult>[] {
  const badge = (code: string) => input.display.display(code, input.language).badge;
  return [
    { header: 'IRN', width: 16, value: (r) => r.irn },
    ...(input.showName
      ? [
          {
            header: 'Participant Name',
            width: 24,
            value: (r: ListedResult) => [r.firstName, r.lastName].filter(Boolean).join(' '),
          },
        ]
      : []),
    { header: 'Language', width: 12, value: (r) => r.language },
    { header: 'Date', width: 26, value: (r) => formatAtOffset(r.completedAt.getTime(), input.offset) },
    { header: 'Overall', width: 10, value: (r) => badge(r.overall) },
    ...input.questions.map((q) => ({
      header: `Q${q.sequence}: ${q.questionText}`,
      width: 14,
      value: (r: ListedResult) => {
        const code = r.questions.find((x) => x.sequence === q.sequence)?.result;
        return code ? badge(code) : null;
      },
    })),
    { header: 'Access Code', width: 14, value: (r) => groupAccessCode(r.accessCode) },
    { header: 'Created By', width: 16, value: (r) => r.createdByName },
    { header: 'Released', width: 10, value: (r) => (r.released ? 'Yes' : 'No') },
    { header: 'Reviewed', width: 10, value: (r) => (r.reviewed ? 'Yes' : 'No') },
  ];
}

async function* cellsOf(columns: SheetColumn<ListedResult>[], pages: AsyncIterable<ListedResult[]>) {
  for await (const rows of pages) for (const row of rows) yield columns.map((c) => c.value(row));
}

/** `{project name}_{MM_DD_YYYY}.zip` at the offset (002 §2.6); characters a file name cannot hold become `_`. */
export function zipFileName(projectName: string, at: Date, offset: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = projectName.replace(/[\x00-\x1f\x7f/\\:*?"<>|]+/g, '_').trim() || 'results';
  return `${safe}_${fileDateAtOffset(at.getTime(), offset).replace(/-/g, '_')}.zip`;
}

/** Entry names of a zip: result_{irn}.pdf, a repeated name gets _2, _3, ... (result_123_2.pdf, 002 §2.6). */
export function zipEntryNamer(): (irn: string | null, id: number) => string {
  const seen = new Map<string, number>();
  const taken = new Set<string>();
  return (irn, id) => {
    const base = resultPdfFileName(irn, id).replace(/\.pdf$/, '');
    let n = seen.get(base) ?? 0;
    let name: string;
    do {
      n += 1;
      name = n === 1 ? `${base}.pdf` : `${base}_${n}.pdf`;
    } while (taken.has(name));
    seen.set(base, n);
    taken.add(name);
    return name;
  };
}

export interface ZipSource {
  project: ResultProject;
  display: ProjectResultDisplay;
  questions: readonly ResultColumnQuestion[];
  language: string | undefined;
  offset: string;
  createdAt: Date;
  /** The results, page by page (readPages). */
  pages: AsyncIterable<ListedResult[]>;
  /** The notes and outcome comments of a page's results, for their PDFs (resultComments). */
  commentsOf: (ids: readonly number[]) => Promise<Map<number, ResultComments>>;
  /** Called after each entry with the number written so far (the zip job's progress). */
  onEntry?: (written: number) => Promise<void> | void;
}

/**
 * Writes the zip of PDF risk reports into `out` as the pages arrive (archiver), each PDF rendered by the one
 * renderer of downloadResultPdf; an entry is awaited before the next is rendered, so memory holds one PDF.
 */
export async function writeResultZip(out: NodeJS.WritableStream, source: ZipSource): Promise<number> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const failed = new Promise<never>((_, reject) => archive.on('error', reject));
  failed.catch(() => undefined);
  archive.pipe(out);
  const nameOf = zipEntryNamer();
  let written = 0;
  for await (const page of source.pages) {
    const comments = await source.commentsOf(page.map((r) => r.id));
    for (const result of page) {
      const pdf = await resultPdf({
        project: source.project,
        result: { ...result, participantLanguageId: null },
        questions: source.questions,
        display: source.display,
        language: source.language,
        offset: source.offset,
        createdAt: source.createdAt,
        ...(comments.has(result.id) && { comments: comments.get(result.id)! }),
      });
      const added = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
      archive.append(pdf, { name: nameOf(result.irn, result.id), date: source.createdAt });
      await Promise.race([added, failed]);
      written += 1;
      await source.onEntry?.(written);
    }
  }
  await Promise.race([archive.finalize(), failed]);
  return written;
}

/** The Results tab's downloads (docs/product/results-downloads.md): the export and the zip of PDFs. */
export const resultsDownloadHandlers: Handlers = {
  async exportProjectResults({ body, headers }, ctx) {
    const { query, project, display } = await prepare(ctx, body);
    const questions = await ctx.inTenant((trx) => resultColumnQuestions(trx, project.id));
    const columns = exportColumns({
      questions,
      showName: !ctx.operatingTenant.isSystem,
      display,
      language: headers.language,
      offset: query.offset,
    });
    const pages = exportPages((offset, limit) => ctx.inTenant((trx) => readResults(trx, query, limit, offset)));
    if (body.format === 'csv')
      return csvDownload(
        'results.csv',
        columns.map((c) => c.header),
        cellsOf(columns, pages),
      );
    return new FileDownload('results.xlsx', XLSX, streamWorkbook('Results', columns, pages));
  },

  async downloadResultPdfs({ body, headers }, ctx) {
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
      offset: query.offset,
      createdAt,
      pages: (async function* () {
        yield first;
      })(),
      commentsOf: (ids) => ctx.inTenant((trx) => resultComments(trx, ids, outcomeNotes)),
    }).catch((error: Error) => out.destroy(error));
    return new FileDownload(zipFileName(project.name, createdAt, query.offset), 'application/zip', out as Readable);
  },

  async startResultPdfZip({ body, headers }, ctx) {
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
        fileName: zipFileName(project.name, now, query.offset),
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
