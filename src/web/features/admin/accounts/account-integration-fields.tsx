import { HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TenantDetail } from '../../../api/generated/user-service';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { ImageField } from '../../../components/form/image-field';

interface AccountIntegrationFieldsProps {
  tenant: TenantDetail | null;
  readOnly: boolean;
}

/** Greenhouse and partner flags, the server-issued Greenhouse API key (read-only) and the logo (docs/product/admin-accounts.md#account-form, #creating-an-account). */
export function AccountIntegrationFields({ tenant, readOnly }: AccountIntegrationFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <HStack gap="6" wrap="wrap">
        <CheckboxField
          name="greenhouseAccount"
          label={t`Greenhouse Account`}
          disabled={readOnly}
          testId="account-greenhouse"
        />
        <CheckboxField name="partnerAccount" label={t`Partner Account`} disabled={readOnly} testId="account-partner" />
      </HStack>
      {tenant?.greenhouseAPIKey ? (
        <Text fontSize="sm" data-testid="account-greenhouse-api-key">
          <Trans>Greenhouse API Key: {tenant.greenhouseAPIKey}</Trans>
        </Text>
      ) : null}
      <ImageField
        name="tenantLogo"
        label={t`Logo`}
        currentBase64={tenant?.tenantLogo}
        helperText={t`Image files only, at most 1 MB, about 300x70 px.`}
        disabled={readOnly}
        testId="account-logo"
      />
    </>
  );
}
