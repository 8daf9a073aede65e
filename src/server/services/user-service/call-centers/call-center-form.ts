import type { components } from '../../../../contracts/user-service';
import { CALL_CENTER_MESSAGES, callCenterProblems } from '../../../../shared/call-center-rules';
import { FieldErrors } from '../../../platform/http/field-errors';
import { HttpError } from '../../../platform/http/http-error';
import type { CallCenterFields } from './call-centers-store';

type CallCenterForm = components['schemas']['CallCenterForm'];

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The rules of docs/product/admin-call-centers.md#rules: the call center's fields (blank texts as null), or a 422
 * naming every bad field. `unknownLanguages` are ids that name no language.
 */
export function callCenterFieldsFrom(form: CallCenterForm, unknownLanguages: number[]): CallCenterFields {
  const errors = new FieldErrors();
  for (const problem of callCenterProblems(form)) errors.add(problem.field, CALL_CENTER_MESSAGES[problem.code]);
  if (unknownLanguages.length) errors.add('languageIds', `Unknown language: ${unknownLanguages.join(', ')}.`);
  errors.throwIfAny();
  const a = form.address ?? {};
  return {
    name: form.name!.trim(),
    callCenterPhone: text(form.callCenterPhone),
    contactPhone: text(form.contactPhone),
    contactPersonFirstName: text(form.contactPersonFirstName),
    contactPersonLastName: text(form.contactPersonLastName),
    contactEmail: text(form.contactEmail)?.toLowerCase() ?? null,
    notificationEmail: text(form.notificationEmail)?.toLowerCase() ?? null,
    isActive: (form.callCenterStatus ?? 'Active') === 'Active',
    queue1: text(form.queue1),
    queue2: text(form.queue2),
    queue3: text(form.queue3),
    note: text(form.note),
    address: {
      street1: text(a.street1),
      street2: text(a.street2),
      city: text(a.city),
      zip: text(a.zip),
      country: text(a.country),
      countryId: a.countryId ?? null,
      stateId: a.stateId ?? null,
    },
    languageIds: form.languageIds ?? [],
  };
}

export const callCenterNameTakenError = (name: string) =>
  new HttpError(409, `A call center named ${name} already exists.`, { code: 'CALL_CENTER_EXISTS' });
