import { Flex, IconButton, Link, Spacer } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuMail, LuMenu } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { BrandMark, useProductName } from '../../components/brand/brand-mark';
import { LanguageSelect } from './language-select';
import { OperatingTenant } from './operating-tenant';
import { UserMenu } from './user-menu';

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
        <BrandMark />
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
