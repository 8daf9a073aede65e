import type { components } from '../../../../contracts/execution-service';
import type { DisplayTime } from '../../../platform/display-time';
import { groupAccessCode, resultPdfFileName } from '../../../../shared/result-rules';
import type { ProjectResultDisplay } from '../../project-service';
import type { SheetColumn } from '../reports/call-reports-xlsx';
import { pdfRenderPool } from '../../../platform/pdf/pdf-render-pool';
import { readAhead } from '../../../platform/read-ahead';
import { resultPdf } from './result-pdf';
import type { StoredZip } from './result-zip-store';
import type { ListedResult, ResultColumnQuestion, ResultProject } from './results-store';
import type { ResultComments } from './result-actions-store';

/** What the Results tab's downloads write (docs/product/results-downloads.md): export columns, zips of PDFs. */

type ZipAnswer = components['schemas']['ResultPdfZip'];

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

export const zipAnswer = (z: StoredZip): ZipAnswer => ({
  id: z.id,
  status: z.status,
  total: z.total,
  done: z.done,
  fileName: z.fileName,
  error: z.error,
});

/**
 * The export's columns: the Results table's (docs/product/results-downloads.md#columns): IRN, Participant Name
 * (non-system tenants), Language, Date (at the filter's display time), Overall (the template's badge), one per question
 * column, Access Code, Created By, Released, Reviewed.
 */
export function exportColumns(input: {
  questions: readonly ResultColumnQuestion[];
  showName: boolean;
  display: ProjectResultDisplay;
  language: string | undefined;
  time: DisplayTime;
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
    { header: 'Date', width: 26, value: (r) => input.time.format(r.completedAt.getTime()) },
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

export async function* cellsOf(columns: SheetColumn<ListedResult>[], pages: AsyncIterable<ListedResult[]>) {
  for await (const rows of pages) for (const row of rows) yield columns.map((c) => c.value(row));
}

/**
 * `{project name}_{MM_DD_YYYY}.zip` at the display time (docs/product/results-downloads.md#zip); characters a file name
 * cannot hold become `_`.
 */
export function zipFileName(projectName: string, at: Date, time: DisplayTime): string {
  // eslint-disable-next-line no-control-regex
  const safe = projectName.replace(/[\x00-\x1f\x7f/\\:*?"<>|]+/g, '_').trim() || 'results';
  return `${safe}_${time.fileDate(at.getTime()).replace(/-/g, '_')}.zip`;
}

/**
 * Entry names of a zip: result_{irn}.pdf, a repeated name gets _2, _3, ... (result_123_2.pdf,
 * docs/product/results-downloads.md#zip).
 */
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
  time: DisplayTime;
  createdAt: Date;
  /** The results, page by page (resultPages). */
  pages: AsyncIterable<ListedResult[]>;
  /** The notes and outcome comments of a page's results, for their PDFs (resultComments). */
  commentsOf: (ids: readonly number[]) => Promise<Map<number, ResultComments>>;
  /** Called after each entry with the number written so far (the zip job's progress). */
  onEntry?: (written: number) => Promise<void> | void;
}

async function* withComments(source: ZipSource) {
  for await (const page of source.pages) yield { page, comments: await source.commentsOf(page.map((r) => r.id)) };
}

/**
 * PDFs of a zip sent to the render pool at once (ADR 0109): one more than its threads hold (ADR 0166), so no thread
 * waits for the zip to take an answer before it has its next document.
 */
export const zipRenderAhead = () => pdfRenderPool().holds + 1;

/**
 * Writes the zip of PDF risk reports into `out` as the pages arrive (archiver), each PDF rendered by the one
 * renderer of downloadResultPdf in the PDF render pool (ADR 0109): up to `ahead` PDFs are drawn at once while the
 * zip takes them in order, an entry awaited before the next is added, so memory holds at most `ahead` PDFs. The
 * next page is read ahead (ADR 0153), so at most two pages of results are held.
 */
export async function writeResultZip(
  out: NodeJS.WritableStream,
  source: ZipSource,
  ahead: number = zipRenderAhead(),
): Promise<number> {
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 } });
  const failed = new Promise<never>((_, reject) => archive.on('error', reject));
  failed.catch(() => undefined);
  archive.pipe(out);
  const nameOf = zipEntryNamer();
  const drawing: { name: string; pdf: Promise<Buffer> }[] = [];
  let written = 0;
  const addFirst = async () => {
    const { name, pdf } = drawing.shift()!;
    const bytes = await pdf;
    const added = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
    // Stored, not deflated again: pdfkit has deflated the PDF's streams already (ADR 0143).
    archive.append(bytes, { name, date: source.createdAt, store: true });
    await Promise.race([added, failed]);
    written += 1;
    await source.onEntry?.(written);
  };
  // The next page and its comments are read while this page's PDFs are drawn (ADR 0153).
  for await (const { page, comments } of readAhead(withComments(source))) {
    for (const result of page) {
      const pdf = resultPdf(
        {
          project: source.project,
          result: { ...result, participantLanguageId: null },
          questions: source.questions,
          display: source.display,
          language: source.language,
          time: source.time,
          createdAt: source.createdAt,
          ...(comments.has(result.id) && { comments: comments.get(result.id)! }),
        },
        { wait: true },
      );
      // Awaited in order by addFirst; a failure is answered there, not as an unhandled rejection meanwhile.
      pdf.catch(() => undefined);
      drawing.push({ name: nameOf(result.irn, result.id), pdf });
      if (drawing.length >= ahead) await addFirst();
    }
  }
  while (drawing.length) await addFirst();
  await Promise.race([archive.finalize(), failed]);
  return written;
}
