import { Box, Icon, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { NavLink } from 'react-router';
import { useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { usePermissions } from '../../lib/use-permissions';
import { visibleSidebarEntries } from './sidebar-entries';

/** Below this width the sidebar collapses by itself (docs/product/shell-and-session.md#shell). */
export const SIDEBAR_COLLAPSE_BELOW_PX = 600;

interface SidebarProps {
  /** `by-width`: the frame while the session opens, collapsed below the shell's threshold through CSS alone. */
  collapsed: boolean | 'by-width';
  onToggle: () => void;
}

/** The collapsed and open widths; `by-width` switches at the same width as the shell's own rule. */
const widthOf = (collapsed: SidebarProps['collapsed']) =>
  collapsed === 'by-width'
    ? { w: '16', css: { [`@media screen and (min-width: ${SIDEBAR_COLLAPSE_BELOW_PX}px)`]: { width: '60' } } }
    : { w: collapsed ? '16' : '60' };

/**
 * Left navigation with exactly the entries the user may see; collapsed it shows icons only. In the frame
 * (`by-width`) it is the empty panel, of the same width as the navigation that fills it.
 */
export function Sidebar({ collapsed, onToggle }: SidebarProps) {
  const { t } = useLingui();
  const frame = collapsed === 'by-width';
  return (
    <Box
      as="nav"
      aria-label={t`Main navigation`}
      data-testid={frame ? undefined : 'sidebar'}
      data-collapsed={collapsed === true || undefined}
      {...widthOf(collapsed)}
      flexShrink={0}
      borderEndWidth="1px"
      bg="bg.panel"
      display="flex"
      flexDirection="column"
      transition="width 0.15s ease"
    >
      <Stack as="ul" gap="1" p="2" flex="1" listStyleType="none">
        {frame ? null : <SidebarEntries collapsed={collapsed} />}
      </Stack>
      <Box p="2" borderTopWidth="1px">
        {frame ? (
          // The toggle's place: its label depends on the width, which only the browser knows.
          <Box h="9" />
        ) : (
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={collapsed ? t`Expand navigation` : t`Collapse navigation`}
            aria-expanded={!collapsed}
            onClick={onToggle}
          >
            {collapsed ? <LuPanelLeftOpen /> : <LuPanelLeftClose />}
          </IconButton>
        )}
      </Box>
    </Box>
  );
}

function SidebarEntries({ collapsed }: { collapsed: boolean }) {
  const { i18n } = useLingui();
  const permissions = usePermissions();
  const { data: configuration } = useGetClientConfigurationQuery();
  const entries = visibleSidebarEntries({ permissions, configuration });
  return (
    <>
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
    </>
  );
}
