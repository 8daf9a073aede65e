import { Center, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { clock } from '../../lib/clock';

/** How long the no-tenant message stays before the user is signed out (docs/product/shell-and-session.md#operating-tenant). */
export const NO_TENANT_SIGN_OUT_DELAY_MS = 1000;

/** Shown to a user with no tenant; calls `onElapsed` (sign out) after one second. */
export function NoTenantScreen({ onElapsed }: { onElapsed: () => void }) {
  useEffect(() => {
    const timer = clock.setTimeout(onElapsed, NO_TENANT_SIGN_OUT_DELAY_MS);
    return () => clock.clearTimeout(timer);
  }, [onElapsed]);

  return (
    <Center minH="100vh" p="6" data-testid="no-tenant-screen">
      <Text fontSize="xl" fontWeight="semibold" role="alert">
        <Trans>No Tenant Assigned for this user</Trans>
      </Text>
    </Center>
  );
}
