import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { setIn } from 'final-form';
import {
  projectProblems,
  type ProjectProblem,
  type ProjectProblemCode,
  type ProjectRuleOptions,
} from '../../../../shared/project-rules';
import { projectDraft, type ProjectFormValues } from './project-form-values';

/** docs/product/project-form.md#rules, in the interface language. */
const MESSAGES: Record<Exclude<ProjectProblemCode, 'MIN_VALUE' | 'MAX_VALUE'>, MessageDescriptor> = {
  NAME_REQUIRED: msg`Project Name is required`,
  NAME_TOO_LONG: msg`Project name should be less than 100 character`,
  SENDER_NAME_TOO_LONG: msg`Email sender name should be less than 30 character`,
  EMAILS_REQUIRED: msg`Emails are required`,
  EMAILS_INVALID: msg`Invalid email address(es)`,
  NUMBER_REQUIRED: msg`you must specify a number`,
  IRN_LENGTH_REQUIRED: msg`IRN Length is required`,
  BUSINESS_LINE_REQUIRED: msg`Business line is required`,
  TAGS_REQUIRED: msg`Please add at least one tag`,
  LANGUAGE_REQUIRED: msg`Please select the language`,
  PROJECT_CODE_REQUIRED: msg`Please enter the project code`,
  WHITE_SPACE: msg`White Space is not allowed`,
  PROJECT_CODE_TOO_LONG: msg`Project code should be at most 50 characters`,
  DUPLICATE_PROJECT_CODE: msg`Duplicate project code configured`,
  DUPLICATE_DIAL_IN: msg`Duplicate dial-in number configured`,
  DUPLICATE_MATCHING: msg`Duplicate matching phone number configured`,
  PHONE_INVALID: msg`Phone number is not valid`,
  ADDITIONAL_KEY_REQUIRED: msg`Please select the key`,
  URL_INVALID: msg`Please enter a valid URL`,
  END_BEFORE_START: msg`The end date cannot be before the start date`,
  DATE_AFTER_CAP: msg`The date cannot be more than two days ahead`,
};

export function problemText(problem: ProjectProblem, i18n: I18n): string {
  const limit = problem.limit ?? 0;
  if (problem.code === 'MIN_VALUE') return i18n._(msg`Min value ${limit}`);
  if (problem.code === 'MAX_VALUE') return i18n._(msg`Max value ${limit}`);
  return i18n._(MESSAGES[problem.code]);
}

export interface ProjectValidationOptions {
  /** The internal fields are shown (tenant.project.detail.internal.read). */
  internal: boolean;
  /** The Business Line section is shown. */
  businessLine: boolean;
  /** The interview method is a direct one. */
  direct: boolean;
  /** The date pickers' cap: chosen dates after latestDay are refused; the saved dates stay. */
  dateCap?: ProjectRuleOptions['dateCap'];
}

/** The shared project rules (src/shared/project-rules.ts) as final-form errors at the fields' own paths. */
export function validateProjectForm(
  values: ProjectFormValues,
  options: ProjectValidationOptions,
  i18n: I18n,
): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const problem of projectProblems(projectDraft(values), options)) {
    if (seen.has(problem.field)) continue;
    seen.add(problem.field);
    errors = setIn(errors, problem.field, problemText(problem, i18n)) as Record<string, unknown>;
  }
  return errors;
}
