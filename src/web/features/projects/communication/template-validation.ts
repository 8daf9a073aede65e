import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  placeholderMessage,
  templateProblems,
  type AllowedPlaceholder,
  type TemplateDraft,
  type TemplateProblem,
} from '../../../../shared/template-rules';

export type TemplateFormErrors = Partial<Record<TemplateProblem['field'], string>>;

const REQUIRED_MESSAGES = {
  TEMPLATE_NAME_IS_REQUIRED: msg`Template name is required`,
  EMAIL_SUBJECT_IS_REQUIRED: msg`Email subject is required`,
  SMS_SENDER_REQUIRED: msg`Please select SMS sender`,
  SMS_PROVIDER_REQUIRED: msg`Please select SMS provider`,
  SMS_TEMPLATE_REQUIRED: msg`Please enter SMS template`,
};

/**
 * The rules the server enforces (src/shared/template-rules.ts), as final-form errors: the first problem of each
 * field, in the interface language; the placeholder codes stay as docs/product/communication-templates.md#rules writes them.
 */
export function validateTemplate(
  draft: TemplateDraft,
  placeholders: readonly AllowedPlaceholder[],
  i18n: I18n,
): TemplateFormErrors {
  const errors: TemplateFormErrors = {};
  for (const problem of templateProblems(draft, placeholders)) {
    if (errors[problem.field]) continue;
    errors[problem.field] =
      problem.code === 'INVALID_PLACEHOLDERS' || problem.code === 'DUPLICATE_PLACEHOLDERS'
        ? placeholderMessage(problem.code, problem.placeholders)
        : i18n._(REQUIRED_MESSAGES[problem.code]);
  }
  return errors;
}
