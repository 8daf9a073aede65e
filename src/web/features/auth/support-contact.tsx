import { Link, Spinner, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGetClientConfigurationQuery } from '../../api/generated/user-service';

/** The support address of the client configuration, for the blocked-IP screen. */
export function SupportContact() {
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
