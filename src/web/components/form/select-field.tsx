import { Field, NativeSelect } from '@chakra-ui/react';
import { useField } from 'react-final-form';
import { fieldError } from './field-error';
import type { Validator } from './validators';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** Text of an empty first option; omit when a value is always chosen. */
  placeholder?: string;
  validate?: Validator;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A final-form native select with its label and validation message. */
export function SelectField({
  name,
  label,
  options,
  placeholder,
  validate,
  required,
  disabled,
  testId,
}: SelectFieldProps) {
  const { input, meta } = useField<string, HTMLSelectElement>(name, {
    validate,
    parse: (value: string | undefined) => value ?? '',
    format: (value: string | undefined) => value ?? '',
  });
  const error = fieldError(meta);
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...input} data-testid={testId}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
