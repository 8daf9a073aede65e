import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { getErrorMessage, getFieldErrors } from '../../api/error-message';

/**
 * A failed save as final-form submit errors: each field the server names shows its message on that field
 * (`fieldNames` maps the call's field names to the form's), and the server's message goes to FORM_ERROR for
 * the form's danger alert (docs/product/admin-accounts.md#admin-forms "Any failed admin or form call").
 */
export function submitErrors(
  error: unknown,
  fallback: string,
  fieldNames: Record<string, string> = {},
): SubmissionErrors {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(getFieldErrors(error))) errors[fieldNames[field] ?? field] = message;
  return { ...errors, [FORM_ERROR]: getErrorMessage(error, fallback) };
}
