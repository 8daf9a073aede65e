/**
 * Rules of the project results screen and the PDF risk report that both sides apply
 * (docs/product/project-results.md). Pure TypeScript: see docs/development.md.
 */

/** The screen's page size (docs/product/project-results.md#limits: 100 for project results). */
export const RESULTS_PAGE_SIZE = 100;

/**
 * The results list's default start day (docs/product/project-results.md#limits: project results default start
 * 2020-01-01 through today).
 */
export const RESULTS_DEFAULT_START = '2020-01-01';

/** The default display offset (docs/product/project-results.md#limits: Pacific, GMT-8). */
/** At most this many PDFs are zipped in the request; more are a zip job (ADR 0050). */
export const DIRECT_ZIP_MAX = 50;

export const RESULTS_DEFAULT_OFFSET = '-08:00';

/**
 * More pertinent question columns than this make each one 60 px wide instead of 250 px
 * (docs/product/project-results.md#columns).
 */
export const WIDE_QUESTION_COLUMNS = 4;

/** An access code in groups of 3, 3 and the rest (docs/product/project-results.md#limits), e.g. 123 456 7890. */
export function groupAccessCode(code: string | null | undefined): string {
  if (!code) return '';
  const compact = code.replace(/[\s-]/g, '');
  return [compact.slice(0, 3), compact.slice(3, 6), compact.slice(6)].filter(Boolean).join(' ');
}

/**
 * `result_{irn}.pdf` (docs/product/project-results.md#pdf); a result without an IRN uses its id. Characters file
 * systems refuse become _.
 */
export function resultPdfFileName(irn: string | null | undefined, resultId: number): string {
  // eslint-disable-next-line no-control-regex
  const safe = (irn ?? '').replace(/[\x00-\x1f\x7f/\\:*?"<>|]+/g, '_').trim();
  return `result_${safe || resultId}.pdf`;
}

/** The messages of the results calls (docs/product/project-results.md#messages). */
export const RESULT_MESSAGES = {
  updated: 'Results successfully updated!',
  notFound: 'Result not found.',
  projectNotFound: 'Project not found.',
  releasedLocked: 'Released results cannot be changed.',
  invalidChange: 'A result is either released or deleted.',
  otherProject: 'All results must belong to the same project.',
  repeated: 'Each result may be named once.',
  dateOrder: 'The From date must not be after the To date.',
  notesUpdated: 'Notes Updated Successfully',
  noteRequired: 'This field is required',
  noteTooLong: 'The note may have at most 2000 characters.',
  emailed: 'Results e-mailed to the recipients.',
  emailReleasedOnly: 'Only released results can be e-mailed.',
  emailNotConfigured: 'The project has no result e-mail recipients.',
  noRecording: 'This result has no recording.',
} as const;

/** The longest note (docs/product/project-results.md#notes). */
export const RESULT_NOTE_MAX = 2000;

/** The review marking actions (docs/product/project-results.md#review mark/action). */
export type ReviewAction = 'Reviewed' | 'Unreviewed';
