import { Field, Textarea } from '@chakra-ui/react';
import { FieldFrame } from './field-frame';
import { useStringField } from './use-string-field';
import type { Validator } from './validators';

export interface TextareaFieldProps {
  name: string;
  label: string;
  validate?: Validator;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  rows?: number;
  /** Shows `length/limit` under the field; informative only, it never blocks typing (docs/product/communication-templates.md#sms-form: SMS 160). */
  counterLimit?: number;
  testId?: string;
}

/** A final-form textarea with its label and validation message, and an optional character counter. */
export function TextareaField({
  name,
  label,
  validate,
  required,
  readOnly,
  disabled,
  rows = 5,
  counterLimit,
  testId,
}: TextareaFieldProps) {
  const { input, error } = useStringField<HTMLTextAreaElement>(name, validate);
  return (
    <FieldFrame label={label} error={error} required={required} readOnly={readOnly} disabled={disabled}>
      <Textarea {...input} rows={rows} data-testid={testId} />
      {counterLimit !== undefined ? (
        <Field.HelperText
          alignSelf="flex-end"
          color={input.value.length > counterLimit ? 'fg.warning' : 'fg.muted'}
          data-testid={testId && `${testId}-counter`}
        >
          {input.value.length}/{counterLimit}
        </Field.HelperText>
      ) : null}
    </FieldFrame>
  );
}
