import { Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { WarningScreen } from '../../components/feedback/warning-screen';

// The screen is raised by the sign-in call's answer, so the API layer is loaded by then; the support address, which
// reads the client configuration through it, comes with the API's chunk and stays out of the entry (ADR 0111).
const SupportContact = lazy(async () => ({
  default: (await import(/* webpackChunkName: "api" */ './support-contact')).SupportContact,
}));

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
          <Suspense fallback={<Spinner size="sm" aria-label={t`Loading…`} />}>
            <SupportContact />
          </Suspense>
        </Stack>
      }
      extra={t`Please make sure you follow the security guidelines before attempting to log in again.`}
      actionLabel={t`Back To Login`}
      onAction={onBackToLogin}
    />
  );
}
