import { Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { WarningScreen } from '../../components/feedback/warning-screen';

function SupportContact() {
  const { data, isLoading } = useGetClientConfigurationQuery();
  const { t } = useLingui();
  if (isLoading) return <Spinner size="sm" aria-label={t`Loading…`} />;
  if (!data) {
    return (
      <Text>
        <Trans>Please contact the provider's support.</Trans>
      </Text>
    );
  }
  const supportEmail = data.supportEmail;
  return (
    <Text>
      <Trans>
        Contact support: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
      </Trans>
    </Text>
  );
}

export function BlockedIpScreen({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t } = useLingui();
  return (
    <WarningScreen
      testId="blocked-ip-screen"
      message={
        <Stack gap="3">
          <Text>
            <Trans>
              Your IP address has been blocked due to security guidelines. This may be because of unusual activity or
              location-based policies.
            </Trans>
          </Text>
          <SupportContact />
        </Stack>
      }
      extra={t`Please make sure you follow the security guidelines before attempting to log in again.`}
      actionLabel={t`Back To Login`}
      onAction={onBackToLogin}
    />
  );
}
