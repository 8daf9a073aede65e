import { Box, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useNarrowerThan } from './use-narrower-than';

/** Below this width the sidebar collapses by itself (docs/product/shell-and-session.md#shell). */
export const SIDEBAR_COLLAPSE_BELOW_PX = 600;

/** The signed-in frame: top bar, sidebar and the current /main screen. */
export function Shell() {
  const narrow = useNarrowerThan(SIDEBAR_COLLAPSE_BELOW_PX);
  const [userChoice, setUserChoice] = useState<{ collapsed: boolean; narrow: boolean } | null>(null);
  // A choice made at one width holds until the window crosses the threshold; then width decides again.
  const collapsed = userChoice !== null && userChoice.narrow === narrow ? userChoice.collapsed : narrow;
  const toggle = () => setUserChoice({ collapsed: !collapsed, narrow });

  return (
    <Flex direction="column" h="100vh">
      <TopBar onToggleSidebar={toggle} />
      <Flex flex="1" minH="0">
        <Sidebar collapsed={collapsed} onToggle={toggle} />
        <Box as="main" flex="1" minW="0" overflowY="auto" p={{ base: '4', md: '6' }}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
