import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutcomeProblemCode } from '../../../shared/outcome-rules';

type Message = ReturnType<typeof msg>;

/** OUTCOME_TRACKING_ACTION by attributeId (src/shared/outcome-rules.ts holds the English the server answers). */
const ACTIONS: Record<number, Message> = {
  1: msg`Claim Denied`,
  2: msg`Claim Withdrawn`,
  3: msg`Claim Reduced`,
  4: msg`Claim Paid`,
  5: msg`Referred for Investigation`,
  6: msg`No Further Action`,
};

/** RESULT_FOLLOW_UP_STATUS by attributeId. */
const STATUSES: Record<number, Message> = {
  1: msg`Open`,
  2: msg`In Progress`,
  3: msg`Closed`,
};

/** docs/product/project-results.md#outcome-tracking in the interface language. */
export const OUTCOME_PROBLEM_TEXTS: Record<OutcomeProblemCode, Message> = {
  required: msg`This field is required`,
  amountInvalid: msg`Enter an amount of at most two decimals.`,
  amountWithoutCurrency: msg`Choose a currency before the amount.`,
  dateTooLate: msg`The date may be at most two days ahead.`,
  unknownOption: msg`Choose one of the offered values.`,
  noteTooLong: msg`The note may have at most 2000 characters.`,
};

export const actionText = (i18n: I18n, id: number | null | undefined, fallback = ''): string => {
  const text = id === null || id === undefined ? undefined : ACTIONS[id];
  return text ? i18n._(text) : fallback;
};

export const statusText = (i18n: I18n, id: number | null | undefined, fallback = ''): string => {
  const text = id === null || id === undefined ? undefined : STATUSES[id];
  return text ? i18n._(text) : fallback;
};
