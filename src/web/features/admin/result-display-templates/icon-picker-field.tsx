import { Field, HStack, Icon, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useField } from 'react-final-form';
import { RESULT_ICONS } from '../../../../shared/result-config-rules';
import { resultIconLook } from '../../../components/risk-badge/result-icons';
import { fieldError } from '../../../components/form/field-error';

interface IconPickerFieldProps {
  /** The form field holding the icon id. */
  name: string;
  disabled?: boolean;
  testId: string;
}

/** 'Display As' (docs/product/result-config.md#modal): one button per icon, the chosen one pressed. */
export function IconPickerField({ name, disabled = false, testId }: IconPickerFieldProps) {
  const { t, i18n } = useLingui();
  const { input, meta } = useField<number>(name);
  const error = fieldError(meta);
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} w="auto">
      <Field.Label fontSize="xs">{t`Display As`}</Field.Label>
      <HStack gap="1" role="group" aria-label={t`Display As`} data-testid={testId}>
        {RESULT_ICONS.map(({ value }) => {
          const look = resultIconLook(value);
          const chosen = input.value === value;
          return (
            <IconButton
              key={value}
              size="xs"
              variant={chosen ? 'subtle' : 'ghost'}
              aria-label={i18n._(look.label)}
              aria-pressed={chosen}
              title={i18n._(look.label)}
              disabled={disabled}
              borderWidth={chosen ? '2px' : '1px'}
              borderColor={chosen ? 'brand.solid' : 'transparent'}
              onClick={() => {
                input.onChange(value);
                input.onBlur();
              }}
              data-testid={`${testId}-${value}`}
            >
              <Icon as={look.icon} color={look.color} />
            </IconButton>
          );
        })}
      </HStack>
      {error !== undefined ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
