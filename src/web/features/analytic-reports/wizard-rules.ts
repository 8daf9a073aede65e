/**
 * The New Report wizard's rules (docs/product/analytic-reports.md#page, docs/product/analytic-reports.md#wizard), pure
 * so tests can check them without the screen. Days are `YYYY-MM-DD` strings.
 */
export interface WizardValues {
  reportType?: string;
  reportName?: string;
  projectId?: string[];
  startDate?: string;
  endDate?: string;
  attributes?: string[];
}

export type WizardErrors = Partial<Record<keyof WizardValues, string>>;

export const MAX_RANGE_DAYS = 90;
const DAY_MS = 86_400_000;

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The latest end day: the earlier of start plus 90 days and today. */
export function maxEndDate(startDate: string, today: string): string {
  const capped = dayOf(msOf(startDate) + MAX_RANGE_DAYS * DAY_MS);
  return capped < today ? capped : today;
}

/** The spec's messages, English as written; the screen translates them. */
export const WIZARD_MESSAGES = {
  reportType: 'Report type is required',
  projectId: 'At least one item is required',
  required: 'This field is required',
  endBeforeStart: 'End date must be greater',
  attributes: 'At least one column must be selected',
  reportName: 'Report name is required',
  startAfterToday: 'Start date cannot be later than today',
  endTooLate: 'End date is later than allowed',
} as const;

export type WizardMessage = (typeof WIZARD_MESSAGES)[keyof typeof WIZARD_MESSAGES];

export function validateWizard(
  values: WizardValues,
  today: string,
): Partial<Record<keyof WizardValues, WizardMessage>> {
  const errors: Partial<Record<keyof WizardValues, WizardMessage>> = {};
  if (!values.reportType) errors.reportType = WIZARD_MESSAGES.reportType;
  if (!values.projectId?.length) errors.projectId = WIZARD_MESSAGES.projectId;
  if (!values.startDate) errors.startDate = WIZARD_MESSAGES.required;
  else if (values.startDate > today) errors.startDate = WIZARD_MESSAGES.startAfterToday;
  if (!values.endDate) errors.endDate = WIZARD_MESSAGES.required;
  else if (values.startDate && values.endDate < values.startDate) errors.endDate = WIZARD_MESSAGES.endBeforeStart;
  else if (values.startDate && values.endDate > maxEndDate(values.startDate, today))
    errors.endDate = WIZARD_MESSAGES.endTooLate;
  if (!values.attributes?.length) errors.attributes = WIZARD_MESSAGES.attributes;
  if (!values.reportName?.trim()) errors.reportName = WIZARD_MESSAGES.reportName;
  return errors;
}

/** The fields each step must get right before Continue is enabled. */
export const STEP_FIELDS: readonly (readonly (keyof WizardValues)[])[] = [
  ['reportType'],
  ['startDate', 'endDate', 'projectId'],
  ['attributes'],
  ['reportType', 'projectId', 'startDate', 'endDate', 'attributes', 'reportName'],
];

export const stepComplete = (step: number, errors: Partial<Record<keyof WizardValues, unknown>>): boolean =>
  (STEP_FIELDS[step] ?? []).every((field) => errors[field] === undefined);

/** Submit: the form is valid, changed, and no submit is in progress (docs/product/analytic-reports.md#page). */
export const maySubmit = (state: { valid: boolean; dirty: boolean; submitting: boolean }): boolean =>
  state.valid && state.dirty && !state.submitting;

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/**
 * The generated report name (docs/product/analytic-reports.md#wizard): the type name lowercased and hyphenated, a
 * timestamp (UTC, YYYYMMDDHHmmss) and a random 6-digit number.
 */
export function generateReportName(typeName: string, nowMs: number, random: () => number = Math.random): string {
  const slug = typeName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const d = new Date(nowMs);
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  const suffix = String(100_000 + Math.floor(random() * 900_000));
  return `${slug}-${stamp}-${suffix}`;
}

/** Select All: checked when every attribute is chosen, indeterminate when some are. */
export function selectAllState(chosen: readonly string[], all: readonly string[]): boolean | 'indeterminate' {
  const count = all.filter((a) => chosen.includes(a)).length;
  if (count === 0) return false;
  return count === all.length ? true : 'indeterminate';
}
