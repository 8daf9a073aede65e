/**
 * The fixed choices and ranges of the project form (docs/product/project-lookups.md#form-options) that no other call supplies. They are
 * product constants, the same for every tenant; `additional-json` answers them and the server's own rules
 * (language configuration, project check) use the same values.
 */
import { PROJECT_RANGES } from '../../../../shared/project-rules';

export interface FormOption {
  /** Stable numeric id stored on the project. */
  id: number;
  /** Stable code the console translates by. */
  key: string;
  /** English label. */
  label: string;
  default: boolean;
}

const options = (defaultId: number, rows: [id: number, key: string, label: string][]): FormOption[] =>
  rows.map(([id, key, label]) => ({ id, key, label, default: id === defaultId }));

/** How the interview reaches the participant; default 2 (docs/product/project-lookups.md#form-options "default interview method 2"). */
export const INTERVIEW_METHODS = options(2, [
  [1, 'DIRECT_DIAL', 'Direct dial (outbound call to the participant)'],
  [2, 'DIAL_IN', 'Dial-in (participant calls the project number)'],
  [3, 'WEB_CALL', 'Web call (browser, WebRTC)'],
]);

/**
 * With a direct method the platform places the call, so one number may serve many projects: the dial-in
 * uniqueness rules (docs/product/project-lookups.md#form-options "Unless the delivery method is a 'direct' one") and the phone-number check skip it.
 */
export const DIRECT_INTERVIEW_METHOD_IDS: ReadonlySet<number> = new Set([1]);

export const MULTILINGUAL_PHONE_OPTIONS = options(1, [
  [1, 'NUMBER_PER_LANGUAGE', 'One dial-in number per language'],
  [2, 'SHARED_NUMBER_IVR', 'One shared number with an IVR language menu'],
]);

export const INTEGRATION_METHODS = options(1, [
  [1, 'CONSOLE_UPLOAD', 'Console upload'],
  [2, 'CLIENT_API', 'Client API'],
]);

export const ACCESS_CODE_BEHAVIORS = options(1, [
  [1, 'GENERATED', 'Generated access code'],
  [2, 'SAME_AS_IRN', 'Access code same as IRN'],
]);

export const GUIDE_URL_OPTIONS = options(1, [
  [1, 'PROVIDER_DOMAIN', 'Provider guide domain'],
  [2, 'CLIENT_DOMAIN', 'Client guide domain'],
]);

export const IRN_VERIFICATION_METHODS = options(1, [
  [1, 'NONE', 'No verification'],
  [2, 'VERIFICATION_URL', 'Client participant verification URL'],
]);

export const PHONE_NUMBER_STATUSES = options(1, [
  [1, 'ACTIVE', 'Active'],
  [2, 'RESERVED', 'Reserved'],
  [3, 'RELEASED', 'Released'],
]);

export const TELCOS = options(1, [
  [1, 'TWILIO', 'Twilio'],
  [2, 'VONAGE', 'Vonage'],
]);

export const QUESTIONNAIRE_TYPES = [
  'PRECISION_QUESTIONNAIRE',
  'EXPRESS_QUESTIONNAIRE',
  'HYBRID_QUESTIONNAIRE',
  'PRECISION_RED_GREEN_QUESTIONNAIRE',
  'SURGE_QUESTIONNAIRE',
  'PROTECT_QUESTIONNAIRE',
] as const;

export const SECURITY_TYPES = ['API_KEY', 'CLIENT_CREDENTIAL'] as const;

/** Additional-field keys whose type is locked (docs/product/project-lookups.md#form-options). */
export const LOCKED_ADDITIONAL_FIELD_KEYS = ['SMS_TEST_PHONE_NUMBER', 'SMS_COUNTRY_CODE', 'PROJECT_LANGUAGES'] as const;

/** The keys of the form's Add Additional Configuration Fields list (docs/product/project-form.md#additional-fields). */
export const ADDITIONAL_FIELD_KEYS: { key: string; label: string }[] = [
  { key: 'SMS_TEST_PHONE_NUMBER', label: 'SMS test phone number' },
  { key: 'SMS_COUNTRY_CODE', label: 'SMS country code' },
  { key: 'PROJECT_LANGUAGES', label: 'Project languages' },
  { key: 'CLIENT_REFERENCE', label: 'Client reference' },
  { key: 'CLIENT_CONTACT_EMAIL', label: 'Client contact e-mail' },
  { key: 'REPORT_FOOTER', label: 'Report footer' },
];

export interface NumberRange {
  min: number;
  max: number;
  default: number | null;
}

/** docs/product/project-lookups.md#form-options: the ranges of src/shared/project-rules.ts. */
export const RANGES = PROJECT_RANGES satisfies Record<string, NumberRange>;

export const CALL_DELAY_UNIT_SECONDS = 3;
