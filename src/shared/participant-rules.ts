/**
 * The rules of the add / edit participant form (docs/product/participants.md#rules), shared by the
 * console (checks as the user types) and the participant-service (which enforces them on add and edit). Pure
 * TypeScript; its one dependency is libphonenumber-js (metadata "min"), the per-country phone rule (ADR 0037).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { EMAIL_PATTERN } from './email-rules';

export const PARTICIPANT_STATUSES = [
  'NEW_PARTICIPANT',
  'INVITATION_SCHEDULED',
  'INVITATION_SENT',
  'INVITATION_RESENT',
  'NON_RESPONSIVE_PARTICIPANT',
  'ATTEMPTED_INCOMPLETE',
  'ATTEMPTED_PARTIAL',
  'UNDELIVERED',
  'INTERVIEWED',
  'RESULT_PUBLISHED',
  'ARCHIVED',
] as const;
export type ParticipantStatusName = (typeof PARTICIPANT_STATUSES)[number];

/**
 * Only these may be deleted (docs/product/participants.md#rules Delete); any other status in a selection blocks the
 * deletion.
 */
export const DELETABLE_STATUSES: readonly ParticipantStatusName[] = [
  'INVITATION_SENT',
  'INVITATION_RESENT',
  'NEW_PARTICIPANT',
  'INVITATION_SCHEDULED',
];

/** In these statuses name, e-mail, phone and language cannot change (docs/product/participants.md#rules Edit form). */
export const EDIT_LOCKED_STATUSES: readonly ParticipantStatusName[] = [
  'NON_RESPONSIVE_PARTICIPANT',
  'ATTEMPTED_PARTIAL',
  'ATTEMPTED_INCOMPLETE',
  'INTERVIEWED',
  'RESULT_PUBLISHED',
];
export const EDIT_LOCKED_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phoneNumber',
  'participant_language_id',
] as const;

/**
 * The row's send e-mail, send SMS and refresh access code actions, and the bulk invitations, act only on these
 * statuses (docs/product/participants.md#rules, one list for all of them; docs/product/access-codes.md#refresh,
 * participants.md#invitations).
 */
export const INVITABLE_STATUSES: readonly ParticipantStatusName[] = [
  'INVITATION_SENT',
  'INVITATION_RESENT',
  'NEW_PARTICIPANT',
  'ATTEMPTED_INCOMPLETE',
  'INVITATION_SCHEDULED',
  'ATTEMPTED_PARTIAL',
  'UNDELIVERED',
];
export const REFRESHABLE_STATUSES = INVITABLE_STATUSES;
/** A call attempt says more than an invitation: these keep their status when invited. */
export const STATUSES_KEPT_WHEN_INVITED: readonly ParticipantStatusName[] = [
  'ATTEMPTED_INCOMPLETE',
  'ATTEMPTED_PARTIAL',
];
export const canRefreshAccessCode = (status: ParticipantStatusName) => REFRESHABLE_STATUSES.includes(status);
/** docs/product/access-codes.md#refresh: the refusal of a refresh, and the success text (the spec's spelling). */
export const ACCESS_CODE_NOT_REFRESHABLE = 'Access code can not be refreshed for this participant';
export const ACCESS_CODE_REFRESHED = 'Acess Code Refreshed';
/** View Codes: page size 100, search debounce 1.5 s (docs/product/participants.md#limits). */
export const ACCESS_CODE_PAGE_SIZE = 100;
export const ACCESS_CODE_SEARCH_DEBOUNCE_MS = 1500;

/**
 * An access code as compared: without the spaces and hyphens it is shown or keyed with ("123-456 789" is
 * "123456789"). The one normalizer of the intake (a caller's keyed code), the View Codes search, the upload's
 * uniqueness and the pool's `code_key` (migration 039, ADR 0046).
 */
export const normalizeAccessCode = (code: string) => code.replace(/[\s-]/g, '');

/**
 * Access codes display as groups of 3-3-rest (docs/product/access-codes.md#list View Codes): "123456789" and
 * "123-456-789" give "123-456-789".
 */
export function formatAccessCode(code: string): string {
  const bare = normalizeAccessCode(code);
  if (bare.length <= 3) return bare;
  return [bare.slice(0, 3), bare.slice(3, 6), bare.slice(6)].filter(Boolean).join('-');
}

export const canDeleteParticipant = (status: ParticipantStatusName) => DELETABLE_STATUSES.includes(status);
export const isEditLocked = (status: ParticipantStatusName) => EDIT_LOCKED_STATUSES.includes(status);

/** Participants list page size (docs/product/participants.md#limits) and the Find Participant debounce. */
export const PARTICIPANT_PAGE_SIZE = 25;
export const PARTICIPANT_SEARCH_DEBOUNCE_MS = 1000;
/** Add and edit return to the list 3 s after success (docs/product/participants.md#limits). */
export const PARTICIPANT_SAVE_REDIRECT_MS = 3000;

export const IRN_MAX = 15;
/** The longest IRN any project takes (the contract's bound when the IRN is not the access code). */
export const IRN_FREE_MAX = 50;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const DESCRIPTION_MAX = 500;
/** A phone under 5 characters is sent empty (docs/product/participants.md#rules). */
export const PHONE_MIN_SENT = 5;
/**
 * The calling code of projects that configure none (SMS_COUNTRY_CODE, docs/product/participants.md#rules "default SMS
 * country code +1").
 */
export const DEFAULT_COUNTRY_CALLING_CODE = '1';

export type ParticipantProblemCode =
  | 'LANGUAGE_REQUIRED'
  | 'IRN_REQUIRED'
  | 'IRN_NUMERIC'
  | 'IRN_TOO_SHORT'
  | 'IRN_TOO_LONG'
  | 'WHITE_SPACE'
  | 'EMAIL_INVALID'
  | 'PHONE_INVALID';

/**
 * The spec's English texts (docs/product/participants.md#rules); the console shows them through Lingui, the server
 * answers them.
 */
export const PARTICIPANT_MESSAGES: Record<ParticipantProblemCode, string> = {
  LANGUAGE_REQUIRED: 'Please select language',
  IRN_REQUIRED: 'IRN is required',
  IRN_NUMERIC: 'IRN must be numeric only (based on current project configuration)',
  IRN_TOO_SHORT: 'IRN must be at least {min} characters long',
  IRN_TOO_LONG: 'IRN must not exceed {max} characters long',
  WHITE_SPACE: 'White Space is not allowed',
  EMAIL_INVALID: 'Invalid email address',
  PHONE_INVALID: 'Phone number is not valid',
};

export interface ParticipantProblem {
  field: 'interviewRefNum' | 'participant_language_id' | 'email' | 'phoneNumber';
  code: ParticipantProblemCode;
  /** For IRN_TOO_SHORT / IRN_TOO_LONG. */
  limit?: number;
}

export function participantProblemMessage(problem: ParticipantProblem): string {
  return PARTICIPANT_MESSAGES[problem.code]
    .replace('{min}', String(problem.limit ?? ''))
    .replace('{max}', String(problem.limit ?? ''));
}

/** What of the project the form's rules depend on. */
export interface ParticipantProjectRules {
  /** Access code behaviour "same as IRN" (ACCESS_CODE_BEHAVIOR 2): the IRN is the code, numeric and required. */
  irnIsAccessCode: boolean;
  /** The project's IRN length (6 to 15, default 6): the least number of digits when the IRN is the code. */
  irnMinLength: number;
  /** Calling codes (digits, no +) a participant's phone may have; empty means the default, 1. */
  countryCallingCodes: readonly string[];
}

export interface ParticipantDraft {
  interviewRefNum?: string | null;
  participant_language_id?: number | null;
  email?: string | null;
  phoneNumber?: string | null;
}

/** The calling codes of a project's SMS_COUNTRY_CODE value(s): "+1", "+1, +63" → ["1", "63"]. */
export function countryCallingCodes(values: readonly string[]): string[] {
  const codes = values
    .flatMap((v) => v.split(/[,;]/))
    .map((v) => v.replace(/[^0-9]/g, ''))
    .filter((v) => v.length > 0 && v.length <= 3);
  return codes.length ? [...new Set(codes)] : [DEFAULT_COUNTRY_CALLING_CODE];
}

/**
 * The phone number as stored: E.164 with its leading + (docs/product/participants.md#fields), '' for none (under 5
 * characters counts as none, docs/product/participants.md#rules), or null when it is not a valid number of one of the
 * allowed countries. A number typed without a + is read in the first allowed country.
 */
export function normalisePhone(phone: string | null | undefined, callingCodes: readonly string[]): string | null {
  const raw = (phone ?? '').trim();
  if (raw.replace(/[^0-9+]/g, '').length < PHONE_MIN_SENT) return '';
  const codes = callingCodes.length ? callingCodes : [DEFAULT_COUNTRY_CALLING_CODE];
  const text = raw.startsWith('+') ? raw : `+${codes[0]}${raw.replace(/^0+/, '')}`;
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed?.isValid()) return null;
  if (!codes.includes(parsed.countryCallingCode)) return null;
  return parsed.number;
}

/** The IRN rules: numeric, required and 6-15 digits when it is the access code; else optional, no white space. */
function irnProblems(irn: string, rules: ParticipantProjectRules): ParticipantProblem[] {
  const field = 'interviewRefNum';
  if (rules.irnIsAccessCode) {
    if (!irn) return [{ field, code: 'IRN_REQUIRED' }];
    if (!/^[0-9-]+$/.test(irn)) return [{ field, code: 'IRN_NUMERIC' }];
    const digits = irn.replace(/-/g, '').length;
    if (digits < rules.irnMinLength) return [{ field, code: 'IRN_TOO_SHORT', limit: rules.irnMinLength }];
    if (digits > IRN_MAX) return [{ field, code: 'IRN_TOO_LONG', limit: IRN_MAX }];
    return [];
  }
  if (/\s/.test(irn)) return [{ field, code: 'WHITE_SPACE' }];
  return [];
}

/**
 * Every problem of a participant form, in field order. `checkIrn` is false on edit (the IRN is editable only
 * when adding, docs/product/participants.md#rules).
 */
export function participantProblems(
  draft: ParticipantDraft,
  rules: ParticipantProjectRules,
  checkIrn = true,
): ParticipantProblem[] {
  const problems: ParticipantProblem[] = [];
  if (checkIrn) problems.push(...irnProblems(draft.interviewRefNum ?? '', rules));
  if (!draft.participant_language_id) problems.push({ field: 'participant_language_id', code: 'LANGUAGE_REQUIRED' });
  const email = draft.email?.trim() ?? '';
  if (email && (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX))
    problems.push({ field: 'email', code: 'EMAIL_INVALID' });
  if (normalisePhone(draft.phoneNumber, rules.countryCallingCodes) === null)
    problems.push({ field: 'phoneNumber', code: 'PHONE_INVALID' });
  return problems;
}

/**
 * Mark non-responsive (docs/product/participants.md#rules; docs/product/participants.md#np): never these statuses, nor
 * participants already non-responsive. Reverse NP acts only on NON_RESPONSIVE_PARTICIPANT. Others are the no-action
 * report.
 */
export const NP_INELIGIBLE_STATUSES: readonly ParticipantStatusName[] = [
  'RESULT_PUBLISHED',
  'INTERVIEWED',
  'ARCHIVED',
  'ATTEMPTED_INCOMPLETE',
  'ATTEMPTED_PARTIAL',
  'UNDELIVERED',
  'NON_RESPONSIVE_PARTICIPANT',
];
export const canMarkNonResponsive = (status: ParticipantStatusName) => !NP_INELIGIBLE_STATUSES.includes(status);
export const canReverseNonResponsive = (status: ParticipantStatusName) => status === 'NON_RESPONSIVE_PARTICIPANT';
/** The row NP icon shows in these statuses when reverse_np_configuration is on (docs/product/participants.md#rules). */
export const NP_ICON_STATUSES: readonly ParticipantStatusName[] = [
  'NON_RESPONSIVE_PARTICIPANT',
  'INVITATION_SENT',
  'INVITATION_RESENT',
  'NEW_PARTICIPANT',
  'INVITATION_SCHEDULED',
];
/**
 * docs/product/participants.md#np: the message for the participants NP cannot act on (the no-action report's heading).
 */
export const NP_NOT_VALID = 'IRNs not valid to be marked as NP';
export const NP_REVERSE_DISABLED = 'Reversing the non-responsive marking is not enabled for this project.';
