import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

export interface FieldFrameProps {
  label: string;
  error: string | undefined;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
  children: ReactNode;
}

/** Label, required marker, helper text and validation message around one control: every field kit field uses it. */
export function FieldFrame({ label, error, required, disabled, readOnly, helperText, children }: FieldFrameProps) {
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helperText && error === undefined ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
