import { Flex, IconButton, Link, Spacer } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuMail, LuMenu } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { BRANDING } from '../../../shared/branding';
import { useGetClientConfigurationQuery, userServiceApi } from '../../api/generated/user-service';
import { BrandMark } from '../../components/brand/brand-mark';
import { LanguageSelect } from './language-select';
import { OperatingTenant } from './operating-tenant';
import { UserMenu } from './user-menu';

/**
 * The product name of the client configuration once loaded (the session gate loads it), else the branding built into
 * the console. Reading the configuration never asks for it.
 */
function useProductName(): string {
  const { data } = userServiceApi.endpoints.getClientConfiguration.useQueryState();
  return data?.branding.productName ?? BRANDING.productName;
}

/** The top bar; `pending` (the frame while the session opens) shows only the menu button and the brand. */
export function TopBar({ onToggleSidebar, pending = false }: { onToggleSidebar: () => void; pending?: boolean }) {
  const { t } = useLingui();
  const productName = useProductName();
  // The frame asks for nothing: the session gate's call is the one in flight.
  const { data: configuration } = useGetClientConfigurationQuery(undefined, { skip: pending });
  return (
    <Flex
      as="header"
      data-testid={pending ? undefined : 'topbar'}
      h="14"
      px={{ base: '2', md: '4' }}
      gap={{ base: '2', md: '4' }}
      align="center"
      borderBottomWidth="1px"
      bg="bg.panel"
      flexShrink={0}
    >
      <IconButton variant="ghost" size="sm" aria-label={t`Toggle navigation`} onClick={onToggleSidebar}>
        <LuMenu />
      </IconButton>
      {/* The name starts with the product name the link shows (WCAG 2.5.3 Label in Name). */}
      <RouterLink to="/main/dashboard" aria-label={t`${productName} home`}>
        <BrandMark productName={productName} />
      </RouterLink>
      <Spacer />
      {configuration && !pending ? (
        <Link href={`mailto:${configuration.supportEmail}`} fontSize="sm" hideBelow="md" colorPalette="brand">
          <LuMail />
          <Trans>Contact Us</Trans>
        </Link>
      ) : null}
      {pending ? null : (
        <>
          <LanguageSelect />
          <OperatingTenant />
          <UserMenu />
        </>
      )}
    </Flex>
  );
}
