import { Box, Flex } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingState } from '../../components/feedback/loading-state';
import { Sidebar, SIDEBAR_COLLAPSE_BELOW_PX } from './sidebar';
import { TopBar } from './top-bar';
import { isNarrowerThan, useNarrowerThan } from './use-narrower-than';
import { useFrameAfterScreen } from './use-frame-after-screen';

/**
 * The signed-in frame: top bar, sidebar and the current /main screen. `pending` is the frame alone while the session
 * opens: what every signed-in address shows first, prerendered at build time (ADR 0082). It depends on nothing the
 * browser alone knows (the sidebar's width follows the window through CSS), so it hydrates as it was rendered.
 */
function ShellFrame({ pending = false }: { pending?: boolean }) {
  // When the session opens, the screen commits first and the top bar's and sidebar's open parts a task later (ADR 0197).
  const frameOpen = useFrameAfterScreen(!pending);
  const closed = !frameOpen;
  // The closed frame's sidebar follows the width through CSS, so it does not read the window: its answer on a phone
  // (narrow) differs from the build's, and React would render the whole hydrated frame again, synchronously (ADR 0193).
  const narrow = useNarrowerThan(SIDEBAR_COLLAPSE_BELOW_PX, frameOpen);
  const [userChoice, setUserChoice] = useState<{ collapsed: boolean; narrow: boolean } | null>(null);
  // A choice made at one width holds until the window crosses the threshold; then width decides again.
  const collapsedAt = (width: boolean) =>
    userChoice !== null && userChoice.narrow === width ? userChoice.collapsed : width;
  const collapsed = collapsedAt(narrow);
  const toggle = () => {
    const narrowNow = closed ? isNarrowerThan(SIDEBAR_COLLAPSE_BELOW_PX) : narrow;
    setUserChoice({ collapsed: !collapsedAt(narrowNow), narrow: narrowNow });
  };
  // While the next screen's chunk loads, the one showing is stale: say so to assistive technology; the rendered path
  // tells journeys (and anyone inspecting the page) which screen the pane holds.
  const loading = useNavigation().state !== 'idle';
  const { pathname } = useLocation();
  const screenShown = !pending;
  // Busy until the frame has opened too: whoever waits for the page to settle finds the whole console.
  const busy = !screenShown || closed || loading;

  return (
    <Flex direction="column" h="100vh">
      <TopBar onToggleSidebar={toggle} pending={closed} />
      <Flex flex="1" minH="0">
        <Sidebar collapsed={closed ? 'by-width' : collapsed} onToggle={toggle} />
        <Box
          as="main"
          flex="1"
          minW="0"
          overflowY="auto"
          p={{ base: '4', md: '6' }}
          aria-busy={busy || undefined}
          data-route-path={screenShown ? pathname : undefined}
        >
          {screenShown ? <Outlet /> : <LoadingState />}
        </Box>
      </Flex>
    </Flex>
  );
}

/**
 * The shell, rendered again only when its own state, the router's or a store value it reads changes: not when
 * MainLayout or the session gate re-render. Store updates render synchronously (React renders an external store's
 * change at once, in one task), and while the session opens each of its answers re-rendered MainLayout, which made
 * the whole frame (top bar, sidebar, Chakra's components) render again in one long task (ADR 0157).
 */
export const Shell = memo(ShellFrame);
