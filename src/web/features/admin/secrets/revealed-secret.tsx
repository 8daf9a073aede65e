import { Alert, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TenantSecretRevealed } from '../../../api/generated/user-service';
import { CopyButton } from '../../../components/feedback/copy-button';
import { SecretText } from '../../../components/feedback/secret-text';

/** A secret's value, shown once after creating or rotating it (docs/product/admin-clients-and-secrets.md#secrets). */
export function RevealedSecret({ revealed }: { revealed: TenantSecretRevealed }) {
  const { t } = useLingui();
  const name = revealed.secret.name;
  return (
    <Alert.Root status="warning" data-testid="secret-revealed">
      <Alert.Content>
        <Stack gap="2" w="full">
          <HStack justify="space-between" wrap="wrap">
            <Alert.Title>{t`New value of ${name}`}</Alert.Title>
            <CopyButton text={revealed.value} label={<Trans>Copy</Trans>} testId="secret-copy" />
          </HStack>
          <SecretText value={revealed.value} testId="secret-revealed-value" />
          <Text fontSize="sm">
            <Trans>Copy it now: it is shown only once and stored encrypted.</Trans>
          </Text>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
