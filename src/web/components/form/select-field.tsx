import { NativeSelect } from '@chakra-ui/react';
import { FieldFrame } from './field-frame';
import { useStringField } from './use-string-field';
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
  const { input, error } = useStringField<HTMLSelectElement>(name, validate);
  return (
    <FieldFrame label={label} error={error} required={required} disabled={disabled}>
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
    </FieldFrame>
  );
}
