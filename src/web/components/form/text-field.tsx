import { Input } from '@chakra-ui/react';
import { FieldFrame } from './field-frame';
import { useStringField } from './use-string-field';
import type { Validator } from './validators';

export interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date';
  validate?: Validator;
  /** Transforms what the user types before it reaches the form value (e.g. lower-casing). */
  transform?: (value: string) => string;
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
  /** The latest value a date input offers (an ISO day). */
  max?: string;
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
  max,
  testId,
}: TextFieldProps) {
  const { input, error } = useStringField<HTMLInputElement>(name, validate, transform);
  return (
    <FieldFrame
      label={label}
      error={error}
      required={required}
      disabled={disabled}
      readOnly={readOnly}
      helperText={helperText}
    >
      <Input
        {...input}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        max={max}
        data-testid={testId}
      />
    </FieldFrame>
  );
}
