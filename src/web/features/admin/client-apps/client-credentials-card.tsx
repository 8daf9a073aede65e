import { Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClientApplicationCredentials } from '../../../api/generated/user-service';
import { CopyButton } from '../../../components/feedback/copy-button';
import { SecretText } from '../../../components/feedback/secret-text';

/**
 * The card after registering (or regenerating a secret): client name, client id, the secret shown this once,
 * and the sample command that obtains an access token (docs/product/admin-clients-and-secrets.md#client-app-forms).
 */
export function ClientCredentialsCard({ credentials }: { credentials: ClientApplicationCredentials }) {
  const { t } = useLingui();
  return (
    <Card.Root data-testid="client-app-credentials">
      <Card.Body>
        <Stack gap="4">
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t`Client Name`}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="client-app-credentials-name">
                {credentials.clientName}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t`Client ID`}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="client-app-credentials-id">{credentials.clientId}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Stack gap="1">
            <HStack justify="space-between">
              <Text fontWeight="medium">{t`Client Secret`}</Text>
              <CopyButton
                text={credentials.clientSecret}
                label={<Trans>Copy Secret</Trans>}
                testId="client-app-copy-secret"
              />
            </HStack>
            <SecretText value={credentials.clientSecret} testId="client-app-credentials-secret" />
            <Text fontSize="sm" fontWeight="semibold">
              <Trans>Copy the secret now: it is shown only once.</Trans>
            </Text>
          </Stack>
          <Stack gap="1">
            <HStack justify="space-between">
              <Text fontWeight="medium">{t`Sample command for an access token`}</Text>
              <CopyButton
                text={credentials.sampleCURLForAccessToken}
                label={<Trans>Copy Sample Curl</Trans>}
                testId="client-app-copy-sample"
              />
            </HStack>
            <SecretText value={credentials.sampleCURLForAccessToken} testId="client-app-sample" />
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
