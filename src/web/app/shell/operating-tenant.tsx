import { Button, HStack, Icon, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LuArrowLeftRight, LuBuilding2 } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useListUserTenantsQuery } from '../../api/generated/user-service';
import { TenantChooserDialog } from '../../features/tenancy/tenant-chooser-dialog';
import { useAppDispatch } from '../../state/hooks';
import { useOperatingTenant } from '../../state/use-operating-tenant';
import { chooseOperatingTenant } from '../choose-operating-tenant';

/** The operating tenant's name and, for users with several tenants, the switch. */
export function OperatingTenant() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const operatingTenant = useOperatingTenant();
  // Loaded by the session gate before the shell shows; this reads the cached answer.
  const { data: tenants = [] } = useListUserTenantsQuery();
  const [choosing, setChoosing] = useState(false);
  const { t } = useLingui();

  return (
    <HStack gap="2" minW="0">
      <Icon as={LuBuilding2} color="fg.muted" aria-hidden hideBelow="sm" />
      <Text data-testid="operating-tenant-name" fontWeight="medium" truncate maxW="48">
        {operatingTenant?.tenantName}
      </Text>
      {tenants.length > 1 ? (
        <>
          <Button
            size="xs"
            variant="outline"
            data-testid="switch-tenant"
            // Below md the visible word is hidden and the icon alone would leave the button nameless.
            aria-label={t`Switch tenant`}
            onClick={() => setChoosing(true)}
          >
            <LuArrowLeftRight />
            <Text as="span" hideBelow="md">
              <Trans>Switch</Trans>
            </Text>
          </Button>
          <TenantChooserDialog
            open={choosing}
            tenants={tenants}
            currentTenantId={operatingTenant?.tenantId ?? null}
            onChoose={(tenant) => {
              setChoosing(false);
              const moved = dispatch(
                chooseOperatingTenant({ tenantId: tenant.tenantId, tenantName: tenant.tenantName }),
              );
              if (moved) navigate('/main/dashboard');
            }}
          />
        </>
      ) : null}
    </HStack>
  );
}
