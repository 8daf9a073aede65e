import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '../../../components/form/text-field';
import { FieldGroup } from './field-group';

const lowerCase = (value: string) => value.toLowerCase();

/** Add Account only: the new account's primary user (docs/product/admin-accounts.md#account-form, #rules). */
export function PrimaryUserFields() {
  const { t } = useLingui();
  return (
    <FieldGroup title={<Trans>Primary User</Trans>}>
      <TextField name="firstName" label={t`First Name`} required testId="account-first-name" />
      <TextField name="lastName" label={t`Last Name`} required testId="account-last-name" />
      <TextField
        name="email"
        type="email"
        label={t`Primary User Email`}
        required
        transform={lowerCase}
        testId="account-email"
      />
      <TextField name="phoneNumber" type="tel" label={t`Primary User Phone`} testId="account-phone" />
    </FieldGroup>
  );
}
