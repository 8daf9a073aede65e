/**
 * The rules of the Add and Edit Call Center forms (docs/product/admin-call-centers.md#rules), shared by the console
 * and the user-service. Pure TypeScript without dependencies.
 */
import { EMAIL_PATTERN } from './email-rules';
import { PHONE_PATTERN } from './phone-pattern';

/** The fields the rules look at, as the API names them (CallCenterForm). */
export interface CallCenterDraft {
  name: string | null | undefined;
  notificationEmail?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  callCenterPhone?: string | null;
}

export type CallCenterProblemCode =
  | 'NAME_REQUIRED'
  | 'NOTIFICATION_EMAIL_INVALID'
  | 'CONTACT_EMAIL_INVALID'
  | 'CONTACT_PHONE_INVALID'
  | 'CALL_CENTER_PHONE_INVALID';

export interface CallCenterProblem {
  field: keyof CallCenterDraft;
  code: CallCenterProblemCode;
}

/** The English texts of docs/product/admin-call-centers.md#rules, as the specification writes them. */
export const CALL_CENTER_MESSAGES: Record<CallCenterProblemCode, string> = {
  NAME_REQUIRED: 'Call Center Name is required',
  NOTIFICATION_EMAIL_INVALID: 'Notification Email is invalid',
  CONTACT_EMAIL_INVALID: 'Contact Email is invalid',
  CONTACT_PHONE_INVALID: 'Contact phone number is not valid',
  CALL_CENTER_PHONE_INVALID: 'Call center phone number is not valid',
};

const filled = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value.trim() !== '';

/** Every rule of docs/product/admin-call-centers.md#rules; e-mails and phones are optional but must be valid. */
export function callCenterProblems(draft: CallCenterDraft): CallCenterProblem[] {
  const problems: CallCenterProblem[] = [];
  if (!filled(draft.name)) problems.push({ field: 'name', code: 'NAME_REQUIRED' });
  if (filled(draft.notificationEmail) && !EMAIL_PATTERN.test(draft.notificationEmail.trim()))
    problems.push({ field: 'notificationEmail', code: 'NOTIFICATION_EMAIL_INVALID' });
  if (filled(draft.contactEmail) && !EMAIL_PATTERN.test(draft.contactEmail.trim()))
    problems.push({ field: 'contactEmail', code: 'CONTACT_EMAIL_INVALID' });
  if (filled(draft.contactPhone) && !PHONE_PATTERN.test(draft.contactPhone.trim()))
    problems.push({ field: 'contactPhone', code: 'CONTACT_PHONE_INVALID' });
  if (filled(draft.callCenterPhone) && !PHONE_PATTERN.test(draft.callCenterPhone.trim()))
    problems.push({ field: 'callCenterPhone', code: 'CALL_CENTER_PHONE_INVALID' });
  return problems;
}
