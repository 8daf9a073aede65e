import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { profileProblems, type ProfileProblemCode, type ProfileProblemField } from '../../../shared/profile-rules';
import type { ProfileValues } from './profile-values';
import { toNotificationPreference } from './profile-values';

/** The server's field names (422) → the form's. */
export const PROFILE_FIELD_NAMES: Record<string, string> = {
  'notificationPreference.time': 'time',
  'notificationPreference.displayTimezone': 'displayTimezone',
};

const formField = (field: ProfileProblemField) => PROFILE_FIELD_NAMES[field] ?? field;

/** docs/product/profile.md#rules; the phone's message is the one the screen shows ("Invalid phone number"). */
const MESSAGES: Record<ProfileProblemCode, ReturnType<typeof msg>> = {
  FIRST_NAME_REQUIRED: msg`First Name is required`,
  LAST_NAME_REQUIRED: msg`Last Name is required`,
  PHONE_NUMBER_INVALID: msg`Invalid phone number`,
  NOTIFICATION_TIME_REQUIRED: msg`Please checked at least one checked box`,
  TIME_ZONE_REQUIRED: msg`Please select time zone`,
};

export type ProfileFormErrors = Partial<Record<string, string>>;

/** The rules the server enforces (src/shared/profile-rules.ts) as final-form errors, in the interface language. */
export function validateProfile(values: ProfileValues, i18n: I18n): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  const problems = profileProblems({
    firstName: values.firstName,
    lastName: values.lastName,
    phoneNumber: values.phoneNumber,
    notificationPreference: toNotificationPreference(values),
  });
  for (const problem of problems) errors[formField(problem.field)] ??= i18n._(MESSAGES[problem.code]);
  return errors;
}
