import { useField } from 'react-final-form';
import { fieldError } from './field-error';
import type { Validator } from './validators';

/**
 * A final-form string field that keeps '' instead of final-form's default undefined, so validators and the
 * server see one empty value; `transform` rewrites what the user types (e.g. lower-casing).
 */
export function useStringField<E extends HTMLElement>(
  name: string,
  validate?: Validator,
  transform?: (value: string) => string,
) {
  const { input, meta } = useField<string, E>(name, {
    validate,
    parse: (value: string | undefined) => (transform ? transform(value ?? '') : (value ?? '')),
    format: (value: string | undefined) => value ?? '',
  });
  return { input, error: fieldError(meta) };
}
