import { PdfPlan, type PdfDocument } from '../../../platform/pdf/pdf-plan';
import { pdfRenderPool } from '../../../platform/pdf/pdf-render-pool';
import type { ProjectResultDisplay } from '../../project-service';
import { groupAccessCode } from '../../../../shared/result-rules';
import { FOLLOW_UP_STATUSES, OUTCOME_TRACKING_ACTIONS } from '../../../../shared/outcome-rules';
import type { DisplayTime } from '../../../platform/display-time';
import type { ResultComments } from './result-actions-store';
import type { ResultColumnQuestion, ResultForPdf, ResultProject } from './results-store';

/** Banner colours by badge (the risk colours of the result icons). */
const BANNER_COLORS: Record<string, string> = {
  HR: '#c53030',
  R: '#c53030',
  PR: '#dd6b20',
  CM: '#dd6b20',
  AD: '#dd6b20',
  AR: '#b7791f',
  LR: '#2f855a',
  G: '#2f855a',
};
const NEUTRAL = '#4a5568';

/** 'MM/DD/YYYY hh:mm' of an instant at a UTC offset (±hh:mm). */
export function formatAtOffset(at: Date, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  const shifted = new Date(at.getTime() + sign * ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}/${shifted.getUTCFullYear()} ${pad(
    shifted.getUTCHours(),
  )}:${pad(shifted.getUTCMinutes())} (UTC${offset})`;
}

const atDisplayTime = (at: Date, time: DisplayTime) => formatAtOffset(at, time.offsetAt(at.getTime()));

export interface ResultPdfInput {
  project: ResultProject;
  result: ResultForPdf;
  questions: readonly ResultColumnQuestion[];
  display: ProjectResultDisplay;
  language: string | null | undefined;
  /** Where its dates are written: each at the offset in force then (docs/product/reports.md#time-offsets). */
  time: DisplayTime;
  createdAt: Date;
  /** The notes and outcome comments (resultComments); without them only the current note is printed. */
  comments?: ResultComments;
  compress?: boolean;
}

/** 'MM/DD/YYYY' of a calendar day stored at UTC midnight (an outcome's follow-up date). */
const utcDay = (day: Date) =>
  `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
const describe = (options: typeof OUTCOME_TRACKING_ACTIONS, id: number | null) =>
  id === null ? '' : (options.find((o) => o.attributeId === id)?.description ?? '');

/**
 * docs/product/project-results.md#pdf "It can carry audio quality control notes and interview result comments": every
 * note of the result (newest first, the first is the current one), and the comments recorded with its outcomes
 * (docs/product/project-results.md#release-delete outcome tracking), each with when and by whom.
 * docs/product/project-results.md#pdf.
 */
function printComments(writer: PdfPlan, input: ResultPdfInput): void {
  const notes =
    input.comments?.notes ??
    (input.result.note ? [{ text: input.result.note, at: null as Date | null, author: null as string | null }] : []);
  if (notes.length)
    writer
      .space(0.5)
      .paragraph('Audio Quality Control Notes', { bold: true })
      .table(
        [
          { header: 'Date', width: 0.24 },
          { header: 'Note', width: 0.56 },
          { header: 'By', width: 0.2 },
        ],
        notes.map((n) => [n.at ? atDisplayTime(n.at, input.time) : '', n.text, n.author ?? '']),
      );
  const outcomes = input.comments?.outcomes ?? [];
  if (outcomes.length)
    writer
      .space(0.5)
      .paragraph('Interview Result Comments', { bold: true })
      .table(
        [
          { header: 'Follow-up Date', width: 0.16 },
          { header: 'Outcome', width: 0.2 },
          { header: 'Status', width: 0.12 },
          { header: 'Comment', width: 0.36 },
          { header: 'By', width: 0.16 },
        ],
        outcomes.map((o) => [
          utcDay(o.followUpDate),
          describe(OUTCOME_TRACKING_ACTIONS, o.actionId),
          describe(FOLLOW_UP_STATUSES, o.statusId),
          o.note,
          o.author ?? '',
        ]),
      );
}

/**
 * The PDF risk report of one result (docs/product/project-results.md#pdf): the account's logo, the
 * overall evaluation banner, the participant table, the pertinent questions with their results and the legend of
 * the project's result template. Planned here, for the one PDF writer (ADR 0018) to draw.
 */
export function resultPdfDocument(input: ResultPdfInput): PdfDocument {
  const { project, result, display, language, time } = input;
  const writer = new PdfPlan({
    title: 'Risk Report',
    subtitle: project.name,
    createdAt: input.createdAt,
    ...(input.compress !== undefined && { compress: input.compress }),
  });
  if (project.tenantLogo) writer.image(project.tenantLogo);
  const overall = display.display(result.overall, language);
  writer
    .heading(`Risk Report: ${result.irn ?? String(result.id)}`)
    .banner(`Overall Evaluation: ${overall.text} (${overall.badge})`, BANNER_COLORS[overall.badge] ?? NEUTRAL)
    .table(
      [
        { header: 'IRN', width: 0.14 },
        { header: 'Client Name', width: 0.16 },
        { header: 'Access Code', width: 0.14 },
        { header: 'Project Name', width: 0.16 },
        { header: 'Date', width: 0.16 },
        { header: 'Location', width: 0.12 },
        { header: 'Language', width: 0.12 },
      ],
      [
        [
          result.irn ?? '',
          project.tenantName,
          groupAccessCode(result.accessCode),
          project.name,
          atDisplayTime(result.completedAt, time),
          project.location ?? '',
          result.language ?? '',
        ],
      ],
    )
    .space(0.5);
  const bySequence = new Map(result.questions.map((q) => [q.sequence, q.result]));
  const pertinent = input.questions;
  if (pertinent.length)
    writer.table(
      [
        { header: '#', width: 0.07, align: 'right' },
        { header: 'Question', width: 0.63 },
        { header: 'Result', width: 0.3 },
      ],
      pertinent.map((q) => {
        const code = bySequence.get(q.sequence);
        const shown = code ? display.display(code, language) : null;
        return [String(q.sequence), q.questionText, shown ? `${shown.text} (${shown.badge})` : '-'];
      }),
    );
  else writer.paragraph('No pertinent questions', { muted: true });
  writer
    .space(0.5)
    .paragraph('Legend', { bold: true })
    .table(
      [
        { header: 'Code', width: 0.15 },
        { header: 'Result', width: 0.45 },
        { header: 'Type', width: 0.4 },
      ],
      display.legend(language).map((row) => [row.badge, row.text, row.resultType]),
    );
  printComments(writer, input);
  return writer.document;
}

/**
 * The risk report's bytes, drawn off the request thread by the PDF render pool (ADR 0109). A request is refused
 * 503 PDF_BUSY when the pool's queue is full; a job (`wait`) waits for room.
 */
export function resultPdf(input: ResultPdfInput, options: { wait?: boolean } = {}): Promise<Buffer> {
  return pdfRenderPool().render(resultPdfDocument(input), options);
}

/**
 * Starts the PDF threads ahead of a risk report's reads (ADR 0167): a zip requested, a zip job picked up (here or by
 * another instance), a PDF asked for. The threads load their modules while the results are read.
 */
export function warmResultPdfs(): void {
  pdfRenderPool().warm();
}
