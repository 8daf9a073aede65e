/**
 * Outcome tracking (follow-up) rules of the project results screen (docs/product/project-results.md#outcome-tracking
 * "Follow-up", docs/product/project-results.md#outcome-tracking; docs/product/project-results.md#outcome-tracking),
 * shared by the console's modal (checks as the user types) and execution-service (which enforces them). Pure
 * TypeScript: see docs/development.md.
 */

export interface OutcomeOption {
  attributeId: number;
  /** The English description (the console shows its translation). */
  description: string;
  sequence: number;
}

/** OUTCOME_TRACKING_ACTION: the outcome the modal calls its status (required). Ids are stored: never renumber. */
export const OUTCOME_TRACKING_ACTIONS: readonly OutcomeOption[] = [
  { attributeId: 1, description: 'Claim Denied', sequence: 1 },
  { attributeId: 2, description: 'Claim Withdrawn', sequence: 2 },
  { attributeId: 3, description: 'Claim Reduced', sequence: 3 },
  { attributeId: 4, description: 'Claim Paid', sequence: 4 },
  { attributeId: 5, description: 'Referred for Investigation', sequence: 5 },
  { attributeId: 6, description: 'No Further Action', sequence: 6 },
];

/** RESULT_FOLLOW_UP_STATUS: where the follow-up stands (optional). Ids are stored: never renumber. */
export const FOLLOW_UP_STATUSES: readonly OutcomeOption[] = [
  { attributeId: 1, description: 'Open', sequence: 1 },
  { attributeId: 2, description: 'In Progress', sequence: 2 },
  { attributeId: 3, description: 'Closed', sequence: 3 },
];

/** Date pickers cap at two days ahead (docs/product/project-results.md#outcome-tracking). */
export const FOLLOW_UP_DAYS_AHEAD = 2;
export const OUTCOME_NOTE_MAX = 2000;
export const OUTCOME_AMOUNT_MAX = 999_999_999_999.99;
const DAY_MS = 86_400_000;

/**
 * The texts of docs/product/project-results.md#outcome-tracking, and this product's own for the amount and the date.
 */
export const OUTCOME_MESSAGES = {
  required: 'This field is required',
  mandatory: 'Please fill all mandatory fileds',
  failed: 'We are unable to process this request!',
  amountInvalid: 'Enter an amount of at most two decimals.',
  amountWithoutCurrency: 'Choose a currency before the amount.',
  dateTooLate: 'The date may be at most two days ahead.',
  unknownOption: 'Choose one of the offered values.',
  noteTooLong: 'The note may have at most 2000 characters.',
  saved: 'Outcome saved.',
} as const;

export type OutcomeField =
  'outcomeTrackingActionId' | 'followUpStatusId' | 'followUpDate' | 'note' | 'currency' | 'amount';

export interface OutcomeDraft {
  outcomeTrackingActionId?: number | null;
  followUpStatusId?: number | null;
  /** Epoch ms. */
  followUpDate?: number | null;
  note?: string | null;
  /** A CURRENCY attribute id. */
  currency?: number | null;
  amount?: number | null;
}

export type OutcomeProblemCode = Exclude<keyof typeof OUTCOME_MESSAGES, 'mandatory' | 'failed' | 'saved'>;

export interface OutcomeProblem {
  field: OutcomeField;
  code: OutcomeProblemCode;
  /** OUTCOME_MESSAGES[code]: the server's English. */
  message: string;
}

/** The latest day (UTC midnight, epoch ms) a follow-up date may fall on, given today's UTC midnight. */
export function latestFollowUpDay(todayUtcMidnight: number): number {
  return todayUtcMidnight + FOLLOW_UP_DAYS_AHEAD * DAY_MS;
}

/** UTC midnight of the day of an instant. */
export function utcMidnight(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

/** True when the amount has at most two decimals and lies in 0..OUTCOME_AMOUNT_MAX. */
export function amountIsValid(amount: number): boolean {
  return (
    Number.isFinite(amount) &&
    amount >= 0 &&
    amount <= OUTCOME_AMOUNT_MAX &&
    Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6
  );
}

/**
 * The amount typed in the modal: thousands separators and spaces ignored. null for an empty text, NaN for text
 * that is not an amount.
 */
export function parseAmount(text: string | null | undefined): number | null {
  const compact = (text ?? '').replace(/[\s,]/g, '');
  if (compact === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return Number.NaN;
  return Number(compact);
}

/**
 * The amount with thousands separators (docs/product/project-results.md#outcome-tracking), two decimals when it has
 * cents: 1,234,567 or 1,234.50.
 */
export function formatAmount(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const cents = Math.round(amount * 100);
  const whole = Math.trunc(cents / 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = cents % 100;
  return rest === 0 ? grouped : `${grouped}.${String(rest).padStart(2, '0')}`;
}

/**
 * The problems of an outcome to record (docs/product/project-results.md#outcome-tracking): status
 * (outcomeTrackingActionId), date and note required; the date at most two days ahead; the amount required once a
 * currency is chosen and refused without one. `latestDay` is latestFollowUpDay of the checker's today. `currencies` the
 * CURRENCY ids on offer.
 */
export function outcomeProblems(
  draft: OutcomeDraft,
  options: { latestDay: number; currencies?: readonly number[] },
): OutcomeProblem[] {
  const problems: OutcomeProblem[] = [];
  const report = (field: OutcomeField, code: OutcomeProblemCode) =>
    problems.push({ field, code, message: OUTCOME_MESSAGES[code] });
  const action = draft.outcomeTrackingActionId;
  if (action === null || action === undefined) report('outcomeTrackingActionId', 'required');
  else if (!OUTCOME_TRACKING_ACTIONS.some((o) => o.attributeId === action))
    report('outcomeTrackingActionId', 'unknownOption');
  const status = draft.followUpStatusId;
  if (status !== null && status !== undefined && !FOLLOW_UP_STATUSES.some((o) => o.attributeId === status))
    report('followUpStatusId', 'unknownOption');
  const date = draft.followUpDate;
  if (date === null || date === undefined || !Number.isFinite(date)) report('followUpDate', 'required');
  else if (utcMidnight(date) > options.latestDay) report('followUpDate', 'dateTooLate');
  const note = (draft.note ?? '').trim();
  if (!note) report('note', 'required');
  else if (note.length > OUTCOME_NOTE_MAX) report('note', 'noteTooLong');
  const currency = draft.currency;
  const amount = draft.amount;
  const hasCurrency = currency !== null && currency !== undefined;
  const hasAmount = amount !== null && amount !== undefined;
  if (hasCurrency && options.currencies && !options.currencies.includes(currency)) report('currency', 'unknownOption');
  if (hasCurrency && !hasAmount) report('amount', 'required');
  else if (!hasCurrency && hasAmount) report('amount', 'amountWithoutCurrency');
  else if (hasAmount && !amountIsValid(amount)) report('amount', 'amountInvalid');
  return problems;
}
