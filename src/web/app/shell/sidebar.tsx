import { Box, Icon, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { NavLink } from 'react-router';
import { useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { usePermissions } from '../../lib/use-permissions';
import { visibleSidebarEntries } from './sidebar-entries';

interface SidebarProps {
  collapsed: boolean;
  onToggle: () => void;
}

/** Left navigation with exactly the entries the user may see; collapsed it shows icons only. */
export function Sidebar({ collapsed, onToggle }: SidebarProps) {
  const { t, i18n } = useLingui();
  const permissions = usePermissions();
  const { data: configuration } = useGetClientConfigurationQuery();
  const entries = visibleSidebarEntries({ permissions, configuration });

  return (
    <Box
      as="nav"
      aria-label={t`Main navigation`}
      data-testid="sidebar"
      data-collapsed={collapsed || undefined}
      w={collapsed ? '16' : '60'}
      flexShrink={0}
      borderEndWidth="1px"
      bg="bg.panel"
      display="flex"
      flexDirection="column"
      transition="width 0.15s ease"
    >
      <Stack as="ul" gap="1" p="2" flex="1" listStyleType="none">
        {entries.map((entry) => {
          const label = i18n._(entry.label);
          return (
            <Box as="li" key={entry.key}>
              <Link
                asChild
                display="flex"
                alignItems="center"
                gap="3"
                px="3"
                py="2"
                borderRadius="md"
                color="fg.muted"
                textDecoration="none"
                _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
                _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
              >
                <NavLink
                  to={entry.to}
                  data-testid={`sidebar-${entry.key}`}
                  aria-label={collapsed ? label : undefined}
                  title={collapsed ? label : undefined}
                >
                  <Icon as={entry.icon} boxSize="5" flexShrink={0} aria-hidden />
                  {collapsed ? null : <Text as="span">{label}</Text>}
                </NavLink>
              </Link>
            </Box>
          );
        })}
      </Stack>
      <Box p="2" borderTopWidth="1px">
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={collapsed ? t`Expand navigation` : t`Collapse navigation`}
          aria-expanded={!collapsed}
          onClick={onToggle}
        >
          {collapsed ? <LuPanelLeftOpen /> : <LuPanelLeftClose />}
        </IconButton>
      </Box>
    </Box>
  );
}
