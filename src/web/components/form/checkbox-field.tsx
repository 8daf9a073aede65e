import { Checkbox } from '@chakra-ui/react';
import { useField } from 'react-final-form';

export interface CheckboxFieldProps {
  name: string;
  label: string;
  disabled?: boolean;
  testId?: string;
}

/** A final-form boolean field as a checkbox with its label. */
export function CheckboxField({ name, label, disabled, testId }: CheckboxFieldProps) {
  const { input } = useField<boolean>(name, { type: 'checkbox' });
  return (
    <Checkbox.Root
      checked={input.checked === true}
      disabled={disabled}
      onCheckedChange={(details) => input.onChange(details.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput name={input.name} onBlur={input.onBlur} onFocus={input.onFocus} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
