import { TextInputField, type TextInputFieldProps } from './text-input-field';
import { useStringField } from './use-string-field';
import type { Validator } from './validators';

export interface TextFieldProps extends Omit<TextInputFieldProps, 'input' | 'error'> {
  name: string;
  validate?: Validator;
  /** Transforms what the user types before it reaches the form value (e.g. lower-casing). */
  transform?: (value: string) => string;
}

/** A final-form text input with its label, helper text and validation message. */
export function TextField({ name, validate, transform, ...shown }: TextFieldProps) {
  const { input, error } = useStringField<HTMLInputElement>(name, validate, transform);
  return <TextInputField {...shown} input={input} error={error} />;
}
