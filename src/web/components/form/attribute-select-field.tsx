import { useLingui } from '@lingui/react/macro';
import type { TenantAttribute } from '../../api/generated/user-service';
import { SelectField } from './select-field';

interface AttributeSelectFieldProps {
  name: string;
  label: string;
  /** The tenant attributes offered, in display order; the value is the attribute id as text. */
  attributes: readonly TenantAttribute[];
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A choice among tenant attributes (currency, special restriction or privilege, account type, segment). */
export function AttributeSelectField({
  name,
  label,
  attributes,
  required,
  disabled,
  testId,
}: AttributeSelectFieldProps) {
  const { t } = useLingui();
  const options = attributes.map((a) => ({ value: String(a.attributeId), label: a.description }));
  return (
    <SelectField
      name={name}
      label={label}
      options={options}
      placeholder={t`Select`}
      required={required}
      disabled={disabled}
      testId={testId}
    />
  );
}
