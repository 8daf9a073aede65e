import { Heading, SimpleGrid } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TenantAttribute } from '../../../api/generated/user-service';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import type { AccountLists } from './account-values';

interface AccountFieldsProps {
  lists: AccountLists;
  editing: boolean;
  restricted: boolean;
  readOnly: boolean;
}

const options = (list: TenantAttribute[]) => list.map((a) => ({ value: String(a.attributeId), label: a.description }));

/** The account's own fields (002 §3 "Tenant (account)"); restriction, type and segment in the restricted environment. */
export function AccountFields({ lists, editing, restricted, readOnly }: AccountFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <Heading as="h2" size="md">
        <Trans>Account</Trans>
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="tenantName" label={t`Account Name`} required disabled={readOnly} testId="account-name" />
        <TextField name="salesPerson" type="email" label={t`Sales Person Email`} required disabled={readOnly} testId="account-sales-person" />
        <TextField
          name="numberOfInterviews"
          label={t`Number of Interviews`}
          helperText={t`Only positive number or nothing`}
          disabled={readOnly}
          testId="account-interviews"
        />
        <SelectField
          name="status"
          label={t`Status`}
          options={[
            { value: 'Active', label: t`Active` },
            { value: 'Inactive', label: t`Inactive` },
          ]}
          placeholder={t`Select`}
          required
          disabled={readOnly}
          testId="account-status"
        />
        <TextField name="customerId" label={t`Customer ID`} required={!editing} disabled={readOnly} testId="account-customer-id" />
        <TextField name="backendSystemCode" label={t`Backend System Code`} disabled={readOnly} testId="account-backend-code" />
        <SelectField
          name="currencyId"
          label={t`Currency`}
          options={options(lists.currencies)}
          placeholder={t`Select`}
          required={!editing}
          disabled={readOnly}
          testId="account-currency"
        />
        {restricted ? (
          <SelectField
            name="restrictionId"
            label={t`Special Restrictions`}
            options={options(lists.restrictions)}
            placeholder={t`Select`}
            required
            disabled={readOnly}
            testId="account-restriction"
          />
        ) : null}
        {restricted && editing ? (
          <>
            <SelectField
              name="accountTypeId"
              label={t`Account Type`}
              options={options(lists.accountTypes)}
              placeholder={t`Select`}
              required
              disabled={readOnly}
              testId="account-type"
            />
            <SelectField
              name="customerSegmentId"
              label={t`Customer Segment`}
              options={options(lists.segments)}
              placeholder={t`Select`}
              required
              disabled={readOnly}
              testId="account-segment"
            />
          </>
        ) : null}
        <TextField name="greenhouseAppKey" label={t`Greenhouse App Key`} disabled={readOnly} testId="account-greenhouse-app-key" />
        <TextField name="accountAPIKey" label={t`Account API Key`} disabled={readOnly} testId="account-api-key" />
      </SimpleGrid>
    </>
  );
}
