import { Input } from '@chakra-ui/react';
import type { Ref } from 'react';
import { FieldFrame } from './field-frame';

/** What a text control needs from whichever form state drives it (final-form's or a plain form's, ADR 0123). */
export interface StringInputProps {
  name: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: React.FocusEvent<HTMLInputElement>) => void;
  onFocus: (event: React.FocusEvent<HTMLInputElement>) => void;
  ref: Ref<HTMLInputElement>;
}

export interface TextInputFieldProps {
  input: StringInputProps;
  error: string | undefined;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date';
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

/**
 * A text input with its label, helper text and validation message, bound to no form library: `TextField` binds it
 * to final-form; the sign-in page to its plain form (ADR 0123), so final-form is not part of the first page's script.
 */
export function TextInputField({
  input,
  error,
  label,
  type = 'text',
  autoComplete,
  placeholder,
  required,
  disabled,
  readOnly,
  helperText,
  max,
  testId,
}: TextInputFieldProps) {
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
