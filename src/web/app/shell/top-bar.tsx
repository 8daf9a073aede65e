import { Flex, IconButton, Link, Spacer } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuMail, LuMenu } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { BrandMark } from '../../components/brand/brand-mark';
import { LanguageSelect } from './language-select';
import { OperatingTenant } from './operating-tenant';
import { UserMenu } from './user-menu';

export function TopBar({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const { t } = useLingui();
  const { data: configuration } = useGetClientConfigurationQuery();
  return (
    <Flex
      as="header"
      data-testid="topbar"
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
      <RouterLink to="/main/dashboard" aria-label={t`Home`}>
        <BrandMark />
      </RouterLink>
      <Spacer />
      {configuration ? (
        <Link href={`mailto:${configuration.supportEmail}`} fontSize="sm" hideBelow="md" colorPalette="brand">
          <LuMail />
          <Trans>Contact Us</Trans>
        </Link>
      ) : null}
      <LanguageSelect />
      <OperatingTenant />
      <UserMenu />
    </Flex>
  );
}
