import { useLingui } from '@lingui/react/macro';
import { SelectField } from './select-field';

interface StatusFieldProps {
  /** Text of an empty first option; omit when a status is always chosen. */
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** Defaults to `Status`. */
  label?: string;
}

/** The required Active / Inactive choice of a record, held in the form value `status`. */
export function StatusField({ placeholder, disabled, testId, label }: StatusFieldProps) {
  const { t } = useLingui();
  return (
    <SelectField
      name="status"
      label={label ?? t`Status`}
      options={[
        { value: 'Active', label: t`Active` },
        { value: 'Inactive', label: t`Inactive` },
      ]}
      placeholder={placeholder}
      required
      disabled={disabled}
      testId={testId}
    />
  );
}
