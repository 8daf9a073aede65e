import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { setIn, type SubmissionErrors } from 'final-form';
import type { ResultConfigTemplateInput, ResultConfigTypes } from '../../../api/generated/project-service';
import {
  resultConfigProblems,
  type ResultConfigProblemCode,
  type ResultConfigRowDraft,
} from '../../../../shared/result-config-rules';

/** The modal's values: the name and, per template type, the rows (without the icon list the server answers). */
export interface TemplateValues {
  template_name: string;
  template_type: Record<string, ResultConfigRowDraft[]>;
}

export const templateValues = (template: {
  template_name: string;
  template_type: ResultConfigTypes;
}): TemplateValues => ({
  template_name: template.template_name,
  template_type: Object.fromEntries(
    Object.entries(template.template_type).map(([type, rows]) => [
      type,
      rows.map(({ result, result_es, result_type, result_type_es, icon_id }) => ({
        result,
        result_es,
        result_type,
        result_type_es,
        icon_id,
      })),
    ]),
  ),
});

export const templateBody = (values: TemplateValues): ResultConfigTemplateInput => ({
  template_name: values.template_name.trim(),
  template_type: Object.fromEntries(
    Object.entries(values.template_type).map(([type, rows]) => [
      type,
      rows.map((row) => ({
        ...row,
        result_type: row.result_type as ResultConfigTypes[string][number]['result_type'],
      })),
    ]),
  ),
});

/** The rules' messages in the interface language ('Template name is required' as the spec writes it). */
export const PROBLEM_MESSAGES: Record<ResultConfigProblemCode, MessageDescriptor> = {
  NAME_REQUIRED: msg`Template name is required`,
  NAME_TOO_LONG: msg`Template name should be less than 100 character`,
  TYPE_REQUIRED: msg`At least one template type is required`,
  TYPE_NAME: msg`Template type names are upper case with underscores`,
  RESULT_TYPE: msg`Unknown or repeated result type`,
  RESULT_REQUIRED: msg`Result text is required`,
  RESULT_TOO_LONG: msg`Result text should be less than 100 character`,
  ICON: msg`Unknown icon`,
};

/** Final-form errors (nested like the values) from the shared rules. */
export function validateTemplate(values: TemplateValues, translate: (message: MessageDescriptor) => string): object {
  return resultConfigProblems(values).reduce<object>(
    (errors, problem) => setIn(errors, problem.field, translate(PROBLEM_MESSAGES[problem.code])),
    {},
  );
}

/** Server field errors (`template_type.HR_TYPE[0].result`) nested where final-form looks for them. */
export const nestErrors = (errors: SubmissionErrors): SubmissionErrors =>
  Object.entries(errors ?? {}).reduce<object>((nested, [field, message]) => setIn(nested, field, message), {});
