import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StringInputProps } from './text-input-field';
import type { Validator } from './validators';

export interface PlainField {
  input: StringInputProps;
  error: string | undefined;
}

export interface PlainForm<Name extends string> {
  field: (name: Name) => PlainField;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
}

/**
 * The state of a small form of text fields without final-form, for the sign-in page only (ADR 0123): final-form
 * and react-final-form are 9.7 kB gzip, and the sign-in page's script is the first any visitor downloads. It keeps
 * final-form's rules as the field kit shows them (`fieldError`): a field's validation message once it has been
 * left, every message after a submit, no submit while one is invalid, `submitting` while the submit's promise runs.
 * Values start as '' and stay strings. A prerendered input (ADR 0082) may hold text typed or autofilled before the
 * console ran: the form takes it over when it mounts, before a held submit is sent again (as `useStringField`).
 */
export function usePlainForm<Name extends string>(
  validators: Readonly<Record<Name, Validator | undefined>>,
  onSubmit: (values: Record<Name, string>) => Promise<void> | void,
): PlainForm<Name> {
  const names = Object.keys(validators) as Name[];
  const empty = () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>;
  const [values, setValues] = useState(empty);
  const [touched, setTouched] = useState<ReadonlySet<Name>>(() => new Set());
  const [submitting, setSubmitting] = useState(false);
  // The values a submit reads: a held submit (ADR 0082) may come before the adopted text has been rendered.
  const latest = useRef(values);
  const elements = useRef(new Map<Name, HTMLInputElement>());

  const change = (name: Name, value: string) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  };

  useEffect(() => {
    for (const [name, element] of elements.current) {
      if (element.value !== latest.current[name]) change(name, element.value);
    }
    // Only once, on mount: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const errorOf = (name: Name, all: Record<Name, string>) => validators[name]?.(all[name], all);

  const field = (name: Name): PlainField => ({
    input: {
      name,
      value: values[name],
      onChange: (event) => change(name, event.target.value),
      onBlur: () => setTouched((before) => (before.has(name) ? before : new Set([...before, name]))),
      onFocus: () => undefined,
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    },
    error: touched.has(name) ? errorOf(name, values) : undefined,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setTouched(new Set(names));
    const submitted = latest.current;
    if (names.some((name) => errorOf(name, submitted) !== undefined)) return;
    setSubmitting(true);
    void Promise.resolve(onSubmit(submitted)).finally(() => setSubmitting(false));
  };

  return { field, handleSubmit, submitting };
}
