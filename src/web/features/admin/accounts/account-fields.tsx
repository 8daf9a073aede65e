import { Trans, useLingui } from '@lingui/react/macro';
import { AttributeSelectField } from '../../../components/form/attribute-select-field';
import { StatusField } from '../../../components/form/status-field';
import { TextField } from '../../../components/form/text-field';
import type { AccountLists } from './account-values';
import { FieldGroup } from './field-group';

interface AccountFieldsProps {
  lists: AccountLists;
  editing: boolean;
  restricted: boolean;
  readOnly: boolean;
}

/** The account's own fields (docs/product/admin-accounts.md#account-form "Tenant (account)"); restriction, type and segment in the restricted environment. */
export function AccountFields({ lists, editing, restricted, readOnly }: AccountFieldsProps) {
  const { t } = useLingui();
  // The restricted environment's fields (docs/product/platform.md#configuration): the restriction always, account type and segment on edit.
  const restrictedFields = [
    {
      name: 'restrictionId',
      label: t`Special Restrictions`,
      attributes: lists.restrictions,
      testId: 'account-restriction',
      shown: restricted,
    },
    {
      name: 'accountTypeId',
      label: t`Account Type`,
      attributes: lists.accountTypes,
      testId: 'account-type',
      shown: restricted && editing,
    },
    {
      name: 'customerSegmentId',
      label: t`Customer Segment`,
      attributes: lists.segments,
      testId: 'account-segment',
      shown: restricted && editing,
    },
  ];
  return (
    <FieldGroup title={<Trans>Account</Trans>}>
      <TextField name="tenantName" label={t`Account Name`} required disabled={readOnly} testId="account-name" />
      <TextField
        name="salesPerson"
        type="email"
        label={t`Sales Person Email`}
        required
        disabled={readOnly}
        testId="account-sales-person"
      />
      <TextField
        name="numberOfInterviews"
        label={t`Number of Interviews`}
        helperText={t`Only positive number or nothing`}
        disabled={readOnly}
        testId="account-interviews"
      />
      <StatusField placeholder={t`Select`} disabled={readOnly} testId="account-status" />
      <TextField
        name="customerId"
        label={t`Customer ID`}
        required={!editing}
        disabled={readOnly}
        testId="account-customer-id"
      />
      <TextField
        name="backendSystemCode"
        label={t`Backend System Code`}
        disabled={readOnly}
        testId="account-backend-code"
      />
      <AttributeSelectField
        name="currencyId"
        label={t`Currency`}
        attributes={lists.currencies}
        required={!editing}
        disabled={readOnly}
        testId="account-currency"
      />
      {restrictedFields
        .filter((field) => field.shown)
        .map(({ shown: _shown, ...field }) => (
          <AttributeSelectField key={field.name} {...field} required disabled={readOnly} />
        ))}
      <TextField
        name="greenhouseAppKey"
        label={t`Greenhouse App Key`}
        disabled={readOnly}
        testId="account-greenhouse-app-key"
      />
      <TextField name="accountAPIKey" label={t`Account API Key`} disabled={readOnly} testId="account-api-key" />
    </FieldGroup>
  );
}
