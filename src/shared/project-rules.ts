/**
 * The rules of the project form (docs/product/project-form.md#rules), shared by the console (checks as the user
 * types) and the project-service (which enforces them on create, update and clone). Pure TypeScript without
 * dependencies: see docs/development.md.
 */
import { EMAIL_PATTERN } from './email-rules';

/** Ranges the form and the server enforce (docs/product/project-lookups.md#form-options). callDelayBy counts units of 3 seconds. */
export const PROJECT_RANGES = {
  ivrOption: { min: 1, max: 15, default: null },
  callDelayBy: { min: 1, max: 15, default: 5 },
  irnLength: { min: 6, max: 15, default: 6 },
  autoReminderTimeInDays: { min: 1, max: 30, default: 3 },
} as const;

export const PROJECT_NAME_MAX = 99;
export const SENDER_NAME_MAX = 30;
export const PROJECT_CODE_MAX = 50;
/** A clone link (`_C`) is valid for 10 minutes (docs/product/project-form.md#clone). */
export const CLONE_VALIDITY_MS = 10 * 60 * 1000;
/** After a successful save the form returns to the list after 3 seconds (docs/product/project-form.md#limits). */
export const SAVE_REDIRECT_MS = 3000;
/**
 * docs/product/project-form.md#limits: "Date pickers cap at two days ahead" (docs/product/project-form.md#date-cap).
 */
export const DATE_PICKER_DAYS_AHEAD = 2;

/** The latest day the estimated-date pickers offer: `today` (an ISO day) plus DATE_PICKER_DAYS_AHEAD days. */
export function latestPickableDay(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + DATE_PICKER_DAYS_AHEAD)).toISOString().slice(0, 10);
}

/**
 * The server's "today" for the cap: the latest calendar day anywhere on earth (UTC+14), so a user whose day is
 * already ahead of UTC is never refused a day their picker offered.
 */
export function latestCurrentDay(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export type ProjectProblemCode =
  | 'NAME_REQUIRED'
  | 'NAME_TOO_LONG'
  | 'SENDER_NAME_TOO_LONG'
  | 'EMAILS_REQUIRED'
  | 'EMAILS_INVALID'
  | 'NUMBER_REQUIRED'
  | 'MIN_VALUE'
  | 'MAX_VALUE'
  | 'IRN_LENGTH_REQUIRED'
  | 'BUSINESS_LINE_REQUIRED'
  | 'TAGS_REQUIRED'
  | 'LANGUAGE_REQUIRED'
  | 'PROJECT_CODE_REQUIRED'
  | 'WHITE_SPACE'
  | 'PROJECT_CODE_TOO_LONG'
  | 'DUPLICATE_PROJECT_CODE'
  | 'DUPLICATE_DIAL_IN'
  | 'DUPLICATE_MATCHING'
  | 'PHONE_INVALID'
  | 'ADDITIONAL_KEY_REQUIRED'
  | 'URL_INVALID'
  | 'END_BEFORE_START'
  | 'DATE_AFTER_CAP';

export interface ProjectProblem {
  /** The API's field path, as the server's 422 names it (e.g. `projectMultiLanguageConfig[1].projectCode`). */
  field: string;
  code: ProjectProblemCode;
  /** The limit of MIN_VALUE / MAX_VALUE. */
  limit?: number;
}

/** The English texts (docs/product/project-form.md#rules): the server's messages; the console translates them. */
export function projectProblemMessage(problem: ProjectProblem): string {
  switch (problem.code) {
    case 'MIN_VALUE':
      return `Min value ${problem.limit}`;
    case 'MAX_VALUE':
      return `Max value ${problem.limit}`;
    default:
      return PROJECT_MESSAGES[problem.code];
  }
}

export const PROJECT_MESSAGES: Record<Exclude<ProjectProblemCode, 'MIN_VALUE' | 'MAX_VALUE'>, string> = {
  NAME_REQUIRED: 'Project Name is required',
  NAME_TOO_LONG: 'Project name should be less than 100 character',
  SENDER_NAME_TOO_LONG: 'Email sender name should be less than 30 character',
  EMAILS_REQUIRED: 'Emails are required',
  EMAILS_INVALID: 'Invalid email address(es)',
  NUMBER_REQUIRED: 'you must specify a number',
  IRN_LENGTH_REQUIRED: 'IRN Length is required',
  BUSINESS_LINE_REQUIRED: 'Business line is required',
  TAGS_REQUIRED: 'Please add at least one tag',
  LANGUAGE_REQUIRED: 'Please select the language',
  PROJECT_CODE_REQUIRED: 'Please enter the project code',
  WHITE_SPACE: 'White Space is not allowed',
  PROJECT_CODE_TOO_LONG: 'Project code should be at most 50 characters',
  DUPLICATE_PROJECT_CODE: 'Duplicate project code configured',
  DUPLICATE_DIAL_IN: 'Duplicate dial-in number configured',
  DUPLICATE_MATCHING: 'Duplicate matching phone number configured',
  PHONE_INVALID: 'Phone number is not valid',
  ADDITIONAL_KEY_REQUIRED: 'Please select the key',
  URL_INVALID: 'Please enter a valid URL',
  END_BEFORE_START: 'The end date cannot be before the start date',
  DATE_AFTER_CAP: 'The date cannot be more than two days ahead',
};

/**
 * Internal fields (docs/product/project-form.md#fields, docs/product/project-form.md#permissions): read with
 * tenant.project.detail.internal.read, changed with .internal.update.
 */
export const INTERNAL_VALUE_FIELDS = [
  'defaultCustomerInterviewMethodId',
  'multilingualPhoneId',
  'integration_method_id',
  'accessCodeBehaviorId',
  'guideURLOptionId',
  'irnVerificationMethodId',
  'irnLength',
  'sender_name',
  'result_email_recipient',
  'result_configuration_template_id',
  'call_delay_by_in_sec',
  'auto_reminder_time_in_days',
] as const;

/**
 * The boolean flags of the Internal Use Only section; the four named in docs/product/project-form.md#fields default to
 * true.
 */
export const INTERNAL_FLAG_DEFAULTS = {
  result_auto_release: false,
  mask_overall_result_to_HR_for_AD: false,
  mask_overall_result_to_HR_for_CM: false,
  mask_overall_result_to_HR_for_NC: false,
  allow_isw_create_participant: false,
  make_partial_nc_as_complete_nc: false,
  review_unreview_configuration: false,
  cm_recordings_configuration: false,
  invite_on_participant_create: false,
  sms_invite_on_participant_create: false,
  enableSMSCommunication: false,
  enableEmailCommunication: false,
  enable_refresh_accesscode: false,
  enable_indivisual_result_email: false,
  enable_pending_result_notification: false,
  auto_reminder_configuration: false,
  enablePilot: false,
  isWebrtcEnable: false,
  block_irn_on_call_logs: true,
  unblock_irn_after_nc_result: true,
  unblock_irn_after_dc_result: true,
  hide_deleted_participant: false,
  reverse_np_configuration: false,
  disable_pii_data_in_analytics: false,
  retake_restricted_24_hours: true,
  allow_nc_call_after_24_hours: false,
  allow_partial_nc_call_after_24_hours: false,
} as const;

export type InternalFlag = keyof typeof INTERNAL_FLAG_DEFAULTS;
export const INTERNAL_FLAGS = Object.keys(INTERNAL_FLAG_DEFAULTS) as InternalFlag[];
export type InternalField = (typeof INTERNAL_VALUE_FIELDS)[number] | InternalFlag;
export const INTERNAL_FIELDS: readonly InternalField[] = [...INTERNAL_VALUE_FIELDS, ...INTERNAL_FLAGS];

/**
 * Internal values of a new project (docs/product/project-form.md#fields, docs/product/project-form.md#limits): IRN
 * length 6, call delay 5 s, auto reminder 3 days, default method 2.
 */
export const INTERNAL_VALUE_DEFAULTS: Record<(typeof INTERNAL_VALUE_FIELDS)[number], number | string | null> = {
  defaultCustomerInterviewMethodId: 2,
  multilingualPhoneId: 1,
  integration_method_id: 1,
  accessCodeBehaviorId: 1,
  guideURLOptionId: 1,
  irnVerificationMethodId: 1,
  irnLength: PROJECT_RANGES.irnLength.default,
  sender_name: null,
  result_email_recipient: null,
  result_configuration_template_id: null,
  call_delay_by_in_sec: 5,
  auto_reminder_time_in_days: PROJECT_RANGES.autoReminderTimeInDays.default,
};

/** Default security type and the client-credential defaults (docs/product/project-form.md#fields). */
export const DEFAULT_SECURITY_TYPE = 'API_KEY';
export const defaultTokenUri = (host: string) => `${host.replace(/\/+$/, '')}/token`;
export const DEFAULT_AUTHORIZATION_PREFIX = 'Bearer ';

/**
 * A dial-in or matching number as stored: `+` and digits only (spaces, dots, dashes and brackets dropped; a
 * 10-digit number without country code is North American). Null when it cannot be a phone number.
 */
export function normaliseDialInNumber(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const full = trimmed.startsWith('+') ? digits : digits.length === 10 ? `1${digits}` : digits;
  return /^\d{7,15}$/.test(full) ? `+${full}` : null;
}

/** Additional-field values keep no whitespace at all (docs/product/project-form.md#rules). */
export const stripWhitespace = (value: string) => value.replace(/\s+/g, '');

/** A comma-separated list of e-mail addresses, each valid (empty entries not allowed). */
export const isEmailList = (value: string) =>
  value.split(',').every((part) => EMAIL_PATTERN.test(part.trim()) && part.trim().length > 0);

const isHttpUrl = (value: string) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value.trim());

/**
 * Whether a `_C` clone timestamp (milliseconds) is still valid at `now` (docs/product/project-form.md#clone: under 10
 * minutes old).
 */
export function isCloneLinkValid(timestamp: number, now: number): boolean {
  return Number.isFinite(timestamp) && timestamp <= now + 60_000 && now - timestamp < CLONE_VALIDITY_MS;
}

export interface LanguageRowDraft {
  language?: number | null;
  projectCode?: string | null;
  dialInNumber?: string | null;
  matchingPhoneNumber?: string | null;
  ivrOption?: number | null;
  callDelayBy?: number | null;
}

export interface LanguageRowOptions {
  /** A direct interview method shares numbers freely: the dial-in and matching uniqueness rules do not apply. */
  direct?: boolean;
  /** The project's languages; a row's language must be one of them (when given). */
  projectLanguageIds?: readonly number[];
  /** Where the rows sit in the API's field names. */
  path?: string;
}

function integerInRange(
  problems: ProjectProblem[],
  field: string,
  value: number | null | undefined,
  required: boolean,
  range: { min: number; max: number },
): void {
  if (value === null || value === undefined) {
    if (required) problems.push({ field, code: 'NUMBER_REQUIRED' });
  } else if (!Number.isInteger(value)) problems.push({ field, code: 'NUMBER_REQUIRED' });
  else if (value < range.min) problems.push({ field, code: 'MIN_VALUE', limit: range.min });
  else if (value > range.max) problems.push({ field, code: 'MAX_VALUE', limit: range.max });
}

/**
 * The Multi Language Configuration rows (docs/product/project-form.md#rules;
 * docs/product/project-lookups.md#language-config): language required, used once and one of the project's; project code
 * required, without whitespace, unique among the rows (case-insensitively); dial-in and matching numbers valid and,
 * unless direct, unique among the rows and against each other; IVR option 1-15 (optional) and call delay 1-15
 * (required).
 */
export function languageRowProblems(rows: readonly LanguageRowDraft[], options: LanguageRowOptions = {}) {
  const path = options.path ?? 'projectMultiLanguageConfig';
  const allowed = options.projectLanguageIds ? new Set(options.projectLanguageIds) : null;
  const problems: ProjectProblem[] = [];
  const seenLanguages = new Set<number>();
  const seenCodes = new Set<string>();
  const seenNumbers = new Set<string>();
  rows.forEach((row, index) => {
    const at = (field: string) => `${path}[${index}].${field}`;
    const language = row.language ?? null;
    if (language === null || (allowed && !allowed.has(language)) || seenLanguages.has(language)) {
      problems.push({ field: at('language'), code: 'LANGUAGE_REQUIRED' });
    } else seenLanguages.add(language);
    const code = row.projectCode ?? '';
    if (!code.trim()) problems.push({ field: at('projectCode'), code: 'PROJECT_CODE_REQUIRED' });
    else if (/\s/.test(code)) problems.push({ field: at('projectCode'), code: 'WHITE_SPACE' });
    else if (code.length > PROJECT_CODE_MAX) problems.push({ field: at('projectCode'), code: 'PROJECT_CODE_TOO_LONG' });
    else if (seenCodes.has(code.toLowerCase()))
      problems.push({ field: at('projectCode'), code: 'DUPLICATE_PROJECT_CODE' });
    else seenCodes.add(code.toLowerCase());
    for (const [field, duplicate] of [
      ['dialInNumber', 'DUPLICATE_DIAL_IN'],
      ['matchingPhoneNumber', 'DUPLICATE_MATCHING'],
    ] as const) {
      const raw = row[field];
      if (!raw?.trim()) continue;
      const number = normaliseDialInNumber(raw);
      if (!number) problems.push({ field: at(field), code: 'PHONE_INVALID' });
      else if (!options.direct && seenNumbers.has(number)) problems.push({ field: at(field), code: duplicate });
      else seenNumbers.add(number);
    }
    integerInRange(problems, at('ivrOption'), row.ivrOption, false, PROJECT_RANGES.ivrOption);
    integerInRange(problems, at('callDelayBy'), row.callDelayBy, true, PROJECT_RANGES.callDelayBy);
  });
  return problems;
}

export interface BusinessLineDraft {
  value?: string | null;
  currentFieldKey?: string;
}

export interface ProjectDraft {
  name?: string | null;
  estStartDate?: string | null;
  estEndDate?: string | null;
  sender_name?: string | null;
  result_email_recipient?: string | null;
  enable_indivisual_result_email?: boolean;
  irnLength?: number | null;
  auto_reminder_time_in_days?: number | null;
  tags?: readonly string[];
  businessLine?: readonly BusinessLineDraft[];
  isBusinessLineOptional?: boolean;
  projectLanguagesData?: readonly { value: number }[];
  projectMultiLanguageConfig?: readonly LanguageRowDraft[];
  clientAPIUrl1?: {
    participant_callback_url?: string | null;
    result_callback_url?: string | null;
    project_callback_url?: string | null;
    participant_verification_url?: string | null;
    client_credential?: { tokenuri?: string | null };
    additional_fields?: readonly { key?: string | null; value?: string | null }[];
  };
}

export interface ProjectRuleOptions {
  /** The internal fields are shown (tenant.project.detail.internal.read) and so checked. */
  internal: boolean;
  /** The business line is checked (it is shown or was sent). */
  businessLine: boolean;
  /** The project's interview method is a direct one. */
  direct: boolean;
  /**
   * The date pickers' cap (docs/product/project-form.md#limits): an estimated date chosen (different from the saved
   * one) later than `latestDay` is refused. A saved date beyond it stays as it is.
   */
  dateCap?: { latestDay: string; saved: { estStartDate?: string | null; estEndDate?: string | null } };
}

/** The business-line levels in cascade order (docs/product/project-lookups.md#business-lines). */
export const BUSINESS_LINE_LEVELS = ['INDUSTRY', 'BUSINESS_UNIT', 'BUSINESS_FUNCTION', 'USE_CASE'] as const;
/** Choosing this value at any level asks for tags (docs/product/project-form.md#rules). */
export const OTHER_BUSINESS_LINE_VALUE = 'OTHER';

/**
 * Every rule of docs/product/project-form.md#rules for the project itself and its rows; the server also checks what
 * only it can know.
 */
export function projectProblems(draft: ProjectDraft, options: ProjectRuleOptions): ProjectProblem[] {
  const problems: ProjectProblem[] = [];
  const name = draft.name?.trim() ?? '';
  if (!name) problems.push({ field: 'name', code: 'NAME_REQUIRED' });
  else if (name.length > PROJECT_NAME_MAX) problems.push({ field: 'name', code: 'NAME_TOO_LONG' });
  if (draft.estStartDate && draft.estEndDate && draft.estEndDate < draft.estStartDate)
    problems.push({ field: 'estEndDate', code: 'END_BEFORE_START' });
  if (options.dateCap) {
    const { latestDay, saved } = options.dateCap;
    for (const field of ['estStartDate', 'estEndDate'] as const) {
      const day = draft[field];
      if (day && day !== (saved[field] ?? null) && day > latestDay && !problems.some((p) => p.field === field))
        problems.push({ field, code: 'DATE_AFTER_CAP' });
    }
  }

  if (options.internal) {
    if ((draft.sender_name ?? '').length > SENDER_NAME_MAX)
      problems.push({ field: 'sender_name', code: 'SENDER_NAME_TOO_LONG' });
    const recipients = draft.result_email_recipient?.trim() ?? '';
    if (draft.enable_indivisual_result_email && !recipients)
      problems.push({ field: 'result_email_recipient', code: 'EMAILS_REQUIRED' });
    else if (recipients && !isEmailList(recipients))
      problems.push({ field: 'result_email_recipient', code: 'EMAILS_INVALID' });
    if (draft.irnLength === null || draft.irnLength === undefined)
      problems.push({ field: 'irnLength', code: 'IRN_LENGTH_REQUIRED' });
    else integerInRange(problems, 'irnLength', draft.irnLength, true, PROJECT_RANGES.irnLength);
    if (draft.auto_reminder_time_in_days !== null && draft.auto_reminder_time_in_days !== undefined)
      integerInRange(
        problems,
        'auto_reminder_time_in_days',
        draft.auto_reminder_time_in_days,
        false,
        PROJECT_RANGES.autoReminderTimeInDays,
      );
  }

  if (options.businessLine && !draft.isBusinessLineOptional) {
    const lines = draft.businessLine ?? [];
    BUSINESS_LINE_LEVELS.forEach((level, index) => {
      if (!lines.find((line) => line.currentFieldKey === level)?.value)
        problems.push({ field: `businessLine[${index}].value`, code: 'BUSINESS_LINE_REQUIRED' });
    });
    if (lines.some((line) => line.value === OTHER_BUSINESS_LINE_VALUE) && (draft.tags ?? []).length === 0)
      problems.push({ field: 'tags', code: 'TAGS_REQUIRED' });
  }

  const api = draft.clientAPIUrl1 ?? {};
  for (const field of [
    'participant_callback_url',
    'result_callback_url',
    'project_callback_url',
    'participant_verification_url',
  ] as const) {
    const url = api[field]?.trim();
    if (url && !isHttpUrl(url)) problems.push({ field: `clientAPIUrl1.${field}`, code: 'URL_INVALID' });
  }
  const tokenUri = api.client_credential?.tokenuri?.trim();
  if (tokenUri && !isHttpUrl(tokenUri))
    problems.push({ field: 'clientAPIUrl1.client_credential.tokenuri', code: 'URL_INVALID' });
  (api.additional_fields ?? []).forEach((entry, index) => {
    if (!entry.key?.trim())
      problems.push({ field: `clientAPIUrl1.additional_fields[${index}].key`, code: 'ADDITIONAL_KEY_REQUIRED' });
  });

  problems.push(
    ...languageRowProblems(draft.projectMultiLanguageConfig ?? [], {
      direct: options.direct,
      projectLanguageIds: draft.projectLanguagesData?.map((l) => l.value),
    }),
  );
  return problems;
}

/**
 * A number typed into a form field: blank is null (not given), anything else its numeric value, NaN when it is
 * no number, so that the rules above answer `you must specify a number` for it (docs/product/project-form.md#rules).
 */
export function numberFromText(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** One other project using a dial-in number (POST project/check), for PROJECT_PHONE_NUMBER__CONFIRM_MESSAGE. */
export interface PhoneConflict {
  number: string;
  project_name: string;
  tenant_name: string;
}

/** The phone-number map of POST project/check as one list, number by number in the order asked. */
export function phoneConflictList(
  asked: readonly string[],
  answer: Readonly<Record<string, readonly { project_name: string; tenant_name: string }[]>>,
): PhoneConflict[] {
  return [...new Set(asked)].flatMap((number) =>
    (answer[number] ?? []).map((entry) => ({
      number,
      project_name: entry.project_name,
      tenant_name: entry.tenant_name,
    })),
  );
}

/**
 * The dial-in numbers of the language rows the save checks against other projects
 * (docs/product/project-lookups.md#project-check): each given number once, as typed; none when the interview method is
 * a direct one (numbers are shared freely then).
 */
export function dialInNumbersToCheck(rows: readonly LanguageRowDraft[], direct: boolean): string[] {
  if (direct) return [];
  return [...new Set(rows.map((row) => row.dialInNumber?.trim() ?? '').filter((n) => n !== ''))];
}

/**
 * The languages a row may pick (docs/product/project-form.md#rules): the project's languages not used by another row,
 * plus its own.
 */
export function languagesForRow<T extends { value: number }>(
  projectLanguages: readonly T[],
  rows: readonly LanguageRowDraft[],
  index: number,
): T[] {
  const usedElsewhere = new Set(rows.filter((_, i) => i !== index).map((row) => row.language));
  return projectLanguages.filter((language) => !usedElsewhere.has(language.value));
}

/** The project name a clone starts with (docs/product/project-form.md#clone). */
export const cloneName = (sourceName: string) => `${sourceName} - Clone`.slice(0, PROJECT_NAME_MAX);
