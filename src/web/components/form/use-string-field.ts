import { useEffect, useRef } from 'react';
import { useField } from 'react-final-form';
import { fieldError } from './field-error';
import type { Validator } from './validators';

/**
 * A final-form string field that keeps '' instead of final-form's default undefined, so validators and the
 * server see one empty value; `transform` rewrites what the user types (e.g. lower-casing).
 *
 * An input prerendered at build time (ADR 0082) can hold text before the console runs: typed by the user or filled
 * in by the browser's password manager. Hydration keeps that text on the page but the form never heard of it, so
 * once the field has registered with the form it takes that text over (a field the browser rendered holds its value).
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
  const element = useRef<E>(null);
  const committed = useRef(input);
  committed.current = input;
  // After useField's own effect, which registers the field and sets its initial value.
  useEffect(() => {
    const shown = element.current;
    const typed = shown instanceof HTMLInputElement || shown instanceof HTMLTextAreaElement;
    if (typed && shown.value !== committed.current.value) committed.current.onChange(shown.value);
  }, []);
  return { input: { ...input, ref: element }, error: fieldError(meta) };
}
