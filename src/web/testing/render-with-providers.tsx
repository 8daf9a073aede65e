import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { chooseOperatingTenant } from '../app/choose-operating-tenant';
import { AppProviders } from '../app/providers';
import { appRoutes, ROUTER_OPTIONS } from '../app/router';
import { createAppStore, whenRehydrated, type AppStore } from '../app/store';
import type { RootState } from '../app/root-reducer';

export interface RenderOptions {
  /** Where the memory router starts. */
  route?: string;
  preloadedState?: Partial<RootState>;
  /** Defaults to the console's route table (with its signed-in screens patched in as the browser does). */
  routes?: RouteObject[];
  /** Set when the test uses jest fake timers, so user-event moves them while it waits. */
  fakeTimers?: boolean;
}

export type RenderedApp = RenderResult &
  AppStore & {
    router: ReturnType<typeof createMemoryRouter>;
    user: UserEvent;
    /** Changes the operating tenant as the chooser does (features' tests never import app/). */
    switchTenant: (tenant: { tenantId: number; tenantName: string }) => void;
  };

const livePersistors = new Set<AppStore['persistor']>();

/**
 * Writes out what every store a test rendered still has queued, then stops them writing to localStorage,
 * so that no later test sees another test's state.
 */
export const stopPersisting = async (): Promise<void> => {
  const persistors = [...livePersistors];
  livePersistors.clear();
  await Promise.all(persistors.map((persistor) => persistor.flush()));
  for (const persistor of persistors) persistor.pause();
};

/**
 * Renders routes with the real store (persistence and listeners included), providers and a memory router,
 * once the store has rehydrated from localStorage as it does before the first screen in the browser.
 */
export const renderWithProviders = async ({
  route = '/',
  preloadedState,
  routes = appRoutes,
  fakeTimers = false,
}: RenderOptions = {}): Promise<RenderedApp> => {
  const { store, persistor } = createAppStore(preloadedState);
  livePersistors.add(persistor);
  await whenRehydrated(persistor);
  const router = createMemoryRouter(routes, {
    initialEntries: [route],
    ...(routes === appRoutes ? ROUTER_OPTIONS : {}),
  });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const rendered = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const switchTenant = (tenant: { tenantId: number; tenantName: string }) => {
    store.dispatch(chooseOperatingTenant(tenant));
  };
  return { ...rendered, store, persistor, router, user, switchTenant };
};
