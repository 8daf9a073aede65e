import { Field, Input } from '@chakra-ui/react';
import { useField } from 'react-final-form';
import { fieldError } from './field-error';
import type { Validator } from './validators';

export interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  validate?: Validator;
  /** Transforms what the user types before it reaches the form value (e.g. lower-casing). */
  transform?: (value: string) => string;
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
  testId?: string;
}

/** A final-form text input with its label, helper text and validation message. */
export function TextField({
  name,
  label,
  type = 'text',
  validate,
  transform,
  autoComplete,
  placeholder,
  required,
  disabled,
  readOnly,
  helperText,
  testId,
}: TextFieldProps) {
  const { input, meta } = useField<string, HTMLInputElement>(name, {
    validate,
    // Keep '' instead of final-form's default undefined so validators and the server see one empty value.
    parse: (value: string | undefined) => (transform ? transform(value ?? '') : (value ?? '')),
    format: (value: string | undefined) => value ?? '',
  });
  const error = fieldError(meta);
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input {...input} type={type} autoComplete={autoComplete} placeholder={placeholder} data-testid={testId} />
      {helperText && error === undefined ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
