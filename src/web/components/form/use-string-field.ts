import { useCallback } from 'react';
import { useField } from 'react-final-form';
import { fieldError } from './field-error';
import type { Validator } from './validators';

/**
 * A final-form string field that keeps '' instead of final-form's default undefined, so validators and the
 * server see one empty value; `transform` rewrites what the user types (e.g. lower-casing).
 *
 * An input prerendered at build time (ADR 0082) can hold text before the console runs: typed by the user or filled
 * in by the browser's password manager. Hydration keeps that text on the page but the form never heard of it, so
 * the field takes it over when its element attaches (a field rendered by the browser attaches with its own value).
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
  const { value, onChange } = input;
  const adoptPrefilled = useCallback(
    (element: E | null) => {
      const typed = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
      if (typed && element.value !== value) onChange(element.value);
    },
    // Only when the element attaches: later differences are the user typing, which onChange already carries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return { input: { ...input, ref: adoptPrefilled }, error: fieldError(meta) };
}
