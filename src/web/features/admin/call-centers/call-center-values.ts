import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CallCenter, CallCenterForm } from '../../../api/generated/user-service';
import { callCenterProblems, type CallCenterProblemCode } from '../../../../shared/call-center-rules';

/** The form's values: the API's fields flattened (address parts at the top), status and languages as strings. */
export interface CallCenterValues {
  name?: string;
  callCenterPhone?: string;
  contactPhone?: string;
  contactPersonFirstName?: string;
  contactPersonLastName?: string;
  contactEmail?: string;
  notificationEmail?: string;
  status?: string;
  queue1?: string;
  queue2?: string;
  queue3?: string;
  note?: string;
  languageIds?: string[];
  street1?: string;
  street2?: string;
  city?: string;
  zip?: string;
  country?: string;
}

export const callCenterValues = (center: CallCenter | null): CallCenterValues =>
  center
    ? {
        name: center.name,
        callCenterPhone: center.callCenterPhone ?? '',
        contactPhone: center.contactPhone ?? '',
        contactPersonFirstName: center.contactPersonFirstName ?? '',
        contactPersonLastName: center.contactPersonLastName ?? '',
        contactEmail: center.contactEmail ?? '',
        notificationEmail: center.notificationEmail ?? '',
        status: center.callCenterStatus,
        queue1: center.queue1 ?? '',
        queue2: center.queue2 ?? '',
        queue3: center.queue3 ?? '',
        note: center.note ?? '',
        languageIds: center.languages.map((l) => String(l.id)),
        street1: center.address.street1 ?? '',
        street2: center.address.street2 ?? '',
        city: center.address.city ?? '',
        zip: center.address.zip ?? '',
        country: center.address.country ?? '',
      }
    : { status: 'Active', languageIds: [] };

const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** What Save sends (the server turns blanks into null too and applies the same rules). */
export const toCallCenterForm = (values: CallCenterValues, center: CallCenter | null): CallCenterForm => ({
  name: text(values.name),
  callCenterPhone: text(values.callCenterPhone),
  contactPhone: text(values.contactPhone),
  contactPersonFirstName: text(values.contactPersonFirstName),
  contactPersonLastName: text(values.contactPersonLastName),
  contactEmail: text(values.contactEmail),
  notificationEmail: text(values.notificationEmail),
  callCenterStatus: values.status === 'Inactive' ? 'Inactive' : 'Active',
  queue1: text(values.queue1),
  queue2: text(values.queue2),
  queue3: text(values.queue3),
  note: text(values.note),
  languageIds: (values.languageIds ?? []).map(Number),
  address: {
    street1: text(values.street1),
    street2: text(values.street2),
    city: text(values.city),
    zip: text(values.zip),
    country: text(values.country),
    // Kept as they were: the form has no country or state list (docs/product/admin-call-centers.md#form).
    countryId: center?.address.countryId ?? null,
    stateId: center?.address.stateId ?? null,
  },
});

/** docs/product/admin-call-centers.md#rules in the interface language. */
const MESSAGES: Record<CallCenterProblemCode, ReturnType<typeof msg>> = {
  NAME_REQUIRED: msg`Call Center Name is required`,
  NOTIFICATION_EMAIL_INVALID: msg`Notification Email is invalid`,
  CONTACT_EMAIL_INVALID: msg`Contact Email is invalid`,
  CONTACT_PHONE_INVALID: msg`Contact phone number is not valid`,
  CALL_CENTER_PHONE_INVALID: msg`Call center phone number is not valid`,
};

export function validateCallCenter(values: CallCenterValues, i18n: I18n): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of callCenterProblems({ ...values, name: values.name }))
    errors[problem.field] ??= i18n._(MESSAGES[problem.code]);
  return errors;
}
