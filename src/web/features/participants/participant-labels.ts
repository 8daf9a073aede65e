import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ParticipantProblemCode, ParticipantStatusName } from '../../../shared/participant-rules';

/**
 * Participant statuses as the list and the Data Filter show them (docs/product/participants.md#rules; NP shown
 * 'Non-Responsive Participant').
 */
export const STATUS_LABELS: Record<ParticipantStatusName, MessageDescriptor> = {
  NEW_PARTICIPANT: msg`New Participant`,
  INVITATION_SCHEDULED: msg`Invitation Scheduled`,
  INVITATION_SENT: msg`Invitation Sent`,
  INVITATION_RESENT: msg`Invitation Resent`,
  NON_RESPONSIVE_PARTICIPANT: msg`Non-Responsive Participant`,
  ATTEMPTED_INCOMPLETE: msg`Attempted - Incomplete`,
  ATTEMPTED_PARTIAL: msg`Attempted - Partial`,
  UNDELIVERED: msg`Undelivered`,
  INTERVIEWED: msg`Interviewed`,
  RESULT_PUBLISHED: msg`Result Published`,
  ARCHIVED: msg`Archived`,
};

/** The form rules' texts (docs/product/participants.md#rules), translated; `{limit}` is the IRN length bound. */
export const PROBLEM_LABELS: Record<ParticipantProblemCode, (limit: number) => MessageDescriptor> = {
  LANGUAGE_REQUIRED: () => msg`Please select language`,
  IRN_REQUIRED: () => msg`IRN is required`,
  IRN_NUMERIC: () => msg`IRN must be numeric only (based on current project configuration)`,
  IRN_TOO_SHORT: (limit) => msg`IRN must be at least ${limit} characters long`,
  IRN_TOO_LONG: (limit) => msg`IRN must not exceed ${limit} characters long`,
  WHITE_SPACE: () => msg`White Space is not allowed`,
  EMAIL_INVALID: () => msg`Invalid email address`,
  PHONE_INVALID: () => msg`Phone number is not valid`,
};
