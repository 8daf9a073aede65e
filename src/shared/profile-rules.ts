/**
 * The rules of the User Profile (docs/product/profile.md#fields, #notification-settings, #rules), shared by the console (checks as the user types) and the
 * user-service (which enforces them). Pure TypeScript without dependencies: see docs/development.md.
 */
import { PHONE_PATTERN } from './phone-pattern';
import { timezoneOption } from './timezone-options';

export { PHONE_PATTERN };

/** docs/product/profile.md#notification-settings: the times e-mail alerts may go out at. */
export const NOTIFICATION_TIMES = ['08:00', '12:00', '16:00'] as const;
export type NotificationTime = (typeof NOTIFICATION_TIMES)[number];

export type ResultAlert = 'PERIODIC' | 'OFF';
export type OnOff = 'ON' | 'OFF';

/** userInfo.notificationPreference (docs/product/profile.md#notification-settings). */
export interface NotificationPreference {
  resultAlert: ResultAlert;
  time: NotificationTime[];
  /** Timezone option value as text (timezone-options.ts). */
  displayTimezone: string | null;
  /** The IANA zone of that option. */
  usedTimezone: string | null;
  pendingResultsNotification: OnOff;
}

export interface ProfileDraft {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  phoneNumber: string | null | undefined;
  notificationPreference: NotificationPreference;
}

export type ProfileProblemCode =
  | 'FIRST_NAME_REQUIRED'
  | 'LAST_NAME_REQUIRED'
  | 'PHONE_NUMBER_INVALID'
  | 'NOTIFICATION_TIME_REQUIRED'
  | 'TIME_ZONE_REQUIRED';

/** Where a problem is reported: the form's field names, as the server's 422 names them. */
export type ProfileProblemField =
  'firstName' | 'lastName' | 'phoneNumber' | 'notificationPreference.time' | 'notificationPreference.displayTimezone';

export interface ProfileProblem {
  field: ProfileProblemField;
  code: ProfileProblemCode;
}

/** The server's English texts of docs/product/profile.md#rules (the console translates them; the phone shows as "Invalid phone number"). */
export const PROFILE_MESSAGES: Record<ProfileProblemCode, string> = {
  FIRST_NAME_REQUIRED: 'First Name is required',
  LAST_NAME_REQUIRED: 'Last Name is required',
  PHONE_NUMBER_INVALID: 'Phone number is not valid',
  NOTIFICATION_TIME_REQUIRED: 'Please checked at least one checked box',
  TIME_ZONE_REQUIRED: 'Please select time zone',
};

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/** A phone number is optional; when given it must match PHONE_PATTERN. */
export const isValidPhoneNumber = (value: string | null | undefined) =>
  blank(value) || PHONE_PATTERN.test(value!.trim());

/** Every rule of docs/product/profile.md#rules (the e-mail is read-only and not part of the form). */
export function profileProblems(draft: ProfileDraft): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  if (blank(draft.firstName)) problems.push({ field: 'firstName', code: 'FIRST_NAME_REQUIRED' });
  if (blank(draft.lastName)) problems.push({ field: 'lastName', code: 'LAST_NAME_REQUIRED' });
  if (!isValidPhoneNumber(draft.phoneNumber)) problems.push({ field: 'phoneNumber', code: 'PHONE_NUMBER_INVALID' });
  problems.push(...notificationProblems(draft.notificationPreference));
  return problems;
}

/** With e-mail alerts on: at least one time and a time zone of the list (docs/product/profile.md#rules). */
export function notificationProblems(
  preference: Pick<NotificationPreference, 'resultAlert' | 'time' | 'displayTimezone'>,
): ProfileProblem[] {
  if (preference.resultAlert !== 'PERIODIC') return [];
  const problems: ProfileProblem[] = [];
  if (!preference.time.some((time) => (NOTIFICATION_TIMES as readonly string[]).includes(time))) {
    problems.push({ field: 'notificationPreference.time', code: 'NOTIFICATION_TIME_REQUIRED' });
  }
  if (!timezoneOption(preference.displayTimezone)) {
    problems.push({ field: 'notificationPreference.displayTimezone', code: 'TIME_ZONE_REQUIRED' });
  }
  return problems;
}

/**
 * The preference as stored (docs/product/profile.md#notification-settings): times once each in the order of docs/product/profile.md#notification-settings; usedTimezone is the chosen
 * option's IANA zone; with alerts OFF no times and the pending-results notification OFF. A time zone that
 * names no option is dropped.
 */
export function normaliseNotificationPreference(preference: NotificationPreference): NotificationPreference {
  const option = timezoneOption(preference.displayTimezone);
  const alertsOn = preference.resultAlert === 'PERIODIC';
  return {
    resultAlert: alertsOn ? 'PERIODIC' : 'OFF',
    time: alertsOn ? NOTIFICATION_TIMES.filter((time) => preference.time.includes(time)) : [],
    displayTimezone: option ? String(option.value) : null,
    usedTimezone: option ? option.zone : null,
    pendingResultsNotification: alertsOn && preference.pendingResultsNotification === 'ON' ? 'ON' : 'OFF',
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const KEYS = new Set(['resultAlert', 'time', 'displayTimezone', 'usedTimezone', 'pendingResultsNotification']);

/**
 * notificationPreference as the profile form sends it (JSON text, docs/product/profile.md#calls), or null when it is not one: an object
 * with exactly the preference's fields (usedTimezone optional, it is derived) of the right types.
 */
export function parseNotificationPreference(text: string): NotificationPreference | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || Object.keys(value).some((key) => !KEYS.has(key))) return null;
  const { resultAlert, time, displayTimezone, pendingResultsNotification } = value;
  if (resultAlert !== 'PERIODIC' && resultAlert !== 'OFF') return null;
  if (pendingResultsNotification !== 'ON' && pendingResultsNotification !== 'OFF') return null;
  if (!Array.isArray(time) || !time.every((entry) => (NOTIFICATION_TIMES as readonly unknown[]).includes(entry)))
    return null;
  if (displayTimezone !== null && typeof displayTimezone !== 'string') return null;
  if (value.usedTimezone !== undefined && value.usedTimezone !== null && typeof value.usedTimezone !== 'string')
    return null;
  return {
    resultAlert,
    time: time as NotificationTime[],
    displayTimezone,
    usedTimezone: null,
    pendingResultsNotification,
  };
}
