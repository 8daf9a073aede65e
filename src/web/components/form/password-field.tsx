import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FieldFrame } from './field-frame';
import { LuEye, LuEyeOff } from '../icons/public-icons';
import { useStringField } from './use-string-field';
import type { Validator } from './validators';

export interface PasswordFieldProps {
  name: string;
  label: string;
  validate?: Validator;
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A final-form password input with a show/hide toggle and its validation message. */
export function PasswordField({
  name,
  label,
  validate,
  autoComplete = 'current-password',
  required,
  disabled,
  testId,
}: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const { input, error } = useStringField<HTMLInputElement>(name, validate);
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
