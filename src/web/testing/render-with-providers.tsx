import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import { createAppStore, type AppStore } from '../app/store';
import type { RootState } from '../state/root-reducer';

export interface RenderOptions {
  /** Where the memory router starts. */
  route?: string;
  preloadedState?: Partial<RootState>;
  /** Defaults to the console's route table. */
  routes?: RouteObject[];
  /** Set when the test uses jest fake timers, so user-event moves them while it waits. */
  fakeTimers?: boolean;
}

export type RenderedApp = RenderResult &
  AppStore & {
    router: ReturnType<typeof createMemoryRouter>;
    user: UserEvent;
  };

/** Renders routes with the real store (persistence and listeners included), providers and a memory router. */
export const renderWithProviders = ({
  route = '/',
  preloadedState,
  routes = appRoutes,
  fakeTimers = false,
}: RenderOptions = {}): RenderedApp => {
  const { store, persistor } = createAppStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const rendered = render(
    <AppProviders store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...rendered, store, persistor, router, user };
};
