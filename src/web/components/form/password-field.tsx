import { PasswordInputField, type PasswordInputFieldProps } from './password-input-field';
import { useStringField } from './use-string-field';
import type { Validator } from './validators';

export interface PasswordFieldProps extends Omit<PasswordInputFieldProps, 'input' | 'error'> {
  name: string;
  validate?: Validator;
}

/** A final-form password input with a show/hide toggle and its validation message. */
export function PasswordField({ name, validate, ...shown }: PasswordFieldProps) {
  const { input, error } = useStringField<HTMLInputElement>(name, validate);
  return <PasswordInputField {...shown} input={input} error={error} />;
}
