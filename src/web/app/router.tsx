import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { loadApi } from '../api/lazy-api';
import { nextTask } from '../lib/next-task';
import { LoadingState } from '../components/feedback/loading-state';
import { authRoutes } from '../features/auth/routes';
import { GenericErrorPage } from '../components/errors/generic-error-page';
import { NotFoundPage } from '../components/errors/not-found-page';
import { resetPasswordRoutes } from '../features/reset-password/routes';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/**
 * Loads a module of the shell's chunk once the API layer has run, a task later (ADR 0187). The shell's chunk needs
 * the API layer's chunks too, and webpack evaluates a dynamic import's modules in the task in which its last chunk
 * arrives: imported together, RTK Query's modules and the shell's were evaluated in one task (up to 258 ms at 4×
 * CPU). The shell's files are preloaded by `shell.html` and the sign-in form has loaded the API already, so the wait
 * costs no fetch.
 */
async function afterApi<T>(load: () => Promise<T>): Promise<T> {
  await loadApi();
  await nextTask();
  return load();
}

/** The id of the shell's route, into which the signed-in screens are patched. */
export const SHELL_ROUTE_ID = 'shell';

/**
 * The route table the console starts with (docs/product/README.md#routes): the public routes (absolute paths) and
 * the shell at /main with its index and its "No Page Found". The screens inside the shell (`signed-in-routes.tsx`)
 * come with the shell's chunk and are patched in by `patchSignedInRoutes` (ADR 0112); until then any path under
 * /main matches the shell's catch-all, which makes the router ask for them. Only built screens are registered:
 * every other path shows "No Page Found".
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <GenericErrorPage />,
    hydrateFallbackElement: <LoadingState fullPage />,
    children: [
      ...authRoutes,
      ...resetPasswordRoutes,
      {
        path: '/main',
        element: <RequireAuth />,
        children: [
          {
            id: SHELL_ROUTE_ID,
            lazy: async () => {
              const { MainLayout } = await afterApi(
                () => import(/* webpackChunkName: "shell" */ './shell/main-layout'),
              );
              return { Component: MainLayout };
            },
            children: [
              { index: true, element: <Navigate to="/main/dashboard" replace /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const isUnderShell = (path: string) => path === '/main' || path.startsWith('/main/');

/**
 * Adds the signed-in screens to the shell's route when a navigation under /main first needs them (React Router's
 * fog of war: it asks whenever a path matches only a catch-all or a dynamic segment; patching the same routes again
 * adds nothing). Every router of the console is made with it: the browser's, the prerender's and the tests'.
 */
export const patchSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!isUnderShell(path)) return;
  const { signedInRoutes } = await afterApi(() => import(/* webpackChunkName: "shell" */ './signed-in-routes'));
  patch(SHELL_ROUTE_ID, signedInRoutes);
};

/** The options every router of the console is made with. */
export const ROUTER_OPTIONS = { patchRoutesOnNavigation: patchSignedInRoutes } as const;
