import { StrictMode, useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import type { ConsoleStore } from './store';

export type ConsoleRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The console's whole tree. The browser renders it and the build prerenders it (first-paint.tsx): one component for
 * both, so the markup and React's generated ids of a prerendered page are the ones hydration expects (ADR 0082).
 */
export function ConsoleRoot({
  store,
  router,
  onReady,
}: {
  store: ConsoleStore;
  router: ConsoleRouter;
  onReady?: () => void;
}) {
  return (
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
        <ReadySignal onReady={onReady} />
      </AppProviders>
    </StrictMode>
  );
}

/** Renders nothing (on the server too, so both trees match); calls back once the first render has committed. */
function ReadySignal({ onReady }: { onReady: (() => void) | undefined }) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return null;
}

/** Resolves once the router has loaded the lazy routes of its first address, so the first render is the page. */
export const whenRouterReady = (router: ConsoleRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
