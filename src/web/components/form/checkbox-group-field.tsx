import { Checkbox, HStack } from '@chakra-ui/react';
import { useId } from 'react';
import { useField } from 'react-final-form';
import { fieldError } from './field-error';
import { FieldFrame } from './field-frame';
import type { SelectOption } from './select-field';
import type { Validator } from './validators';

export interface CheckboxGroupFieldProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  validate?: Validator;
  required?: boolean;
  disabled?: boolean;
  /** Each checkbox gets `<testId>-<option value>`. */
  testId?: string;
}

const EMPTY: readonly string[] = [];

/** A final-form list of chosen values as a row of checkboxes, with one label and one message for the group. */
export function CheckboxGroupField({
  name,
  label,
  options,
  validate,
  required,
  disabled,
  testId,
}: CheckboxGroupFieldProps) {
  const baseId = useId();
  const { input, meta } = useField<string[]>(name, { validate });
  const chosen = Array.isArray(input.value) ? input.value : EMPTY;
  const toggle = (value: string, checked: boolean) => {
    // Kept in the order of the options, so the value does not depend on the order of the clicks.
    const next = options.map((o) => o.value).filter((v) => (v === value ? checked : chosen.includes(v)));
    input.onChange(next);
    input.onBlur();
  };
  return (
    <FieldFrame label={label} error={fieldError(meta)} required={required} disabled={disabled}>
      <HStack gap="6" wrap="wrap" role="group" aria-label={label}>
        {options.map((option) => (
          <Checkbox.Root
            key={option.value}
            checked={chosen.includes(option.value)}
            disabled={disabled}
            // Own ids: inside the group's Field each checkbox would otherwise take the field's one control id.
            ids={{ hiddenInput: `${baseId}-${option.value}`, label: `${baseId}-${option.value}-label` }}
            onCheckedChange={(details) => toggle(option.value, details.checked === true)}
            data-testid={testId ? `${testId}-${option.value}` : undefined}
          >
            <Checkbox.HiddenInput name={`${name}-${option.value}`} />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </FieldFrame>
  );
}
