import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FieldFrame } from './field-frame';
import { LuEye, LuEyeOff } from '../icons/public-icons';
import type { StringInputProps } from './text-input-field';

export interface PasswordInputFieldProps {
  input: StringInputProps;
  error: string | undefined;
  label: string;
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * A password input with a show/hide toggle and its validation message, bound to no form library (see
 * TextInputField): `PasswordField` binds it to final-form, the sign-in page to its plain form (ADR 0123).
 */
export function PasswordInputField({
  input,
  error,
  label,
  autoComplete = 'current-password',
  required,
  disabled,
  testId,
}: PasswordInputFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error} required={required} disabled={disabled}>
      <InputGroup
        endElement={
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={visible ? t`Hide password` : t`Show password`}
            onClick={() => setVisible((shown) => !shown)}
            me="-2"
          >
            {visible ? <LuEyeOff /> : <LuEye />}
          </IconButton>
        }
      >
        <Input {...input} type={visible ? 'text' : 'password'} autoComplete={autoComplete} data-testid={testId} />
      </InputGroup>
    </FieldFrame>
  );
}
