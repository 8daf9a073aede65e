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

/**
 * A save call's answer for final-form's onSubmit: its failure as submitErrors (with `fallback` when the server
 * says nothing), or, once saved, `onSaved` with the saved record and no errors.
 */
export function saveAnswer<T>(
  result: { data?: T; error?: unknown },
  fallback: string,
  onSaved: (saved: T) => void,
): SubmissionErrors | undefined {
  if ('error' in result && result.error !== undefined) return submitErrors(result.error, fallback);
  // RTK Query answers a mutation with either `error` or `data`, which TypeScript cannot tell apart here.
  onSaved(result.data as T);
  return undefined;
}
