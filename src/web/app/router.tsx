import { Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../components/feedback/loading-state';
import { aboutRoutes } from '../features/about/routes';
import { adminRoutes } from '../features/admin/routes';
import { analyticReportsRoutes } from '../features/analytic-reports/routes';
import { analyticsDashboardRoutes } from '../features/analytics-dashboard/routes';
import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { documentsRoutes } from '../features/documents/routes';
import { GenericErrorPage } from '../components/errors/generic-error-page';
import { NotFoundPage } from '../components/errors/not-found-page';
import { profileRoutes } from '../features/profile/routes';
import { reportsRoutes } from '../features/reports/routes';
import { loadDashboardProjectList, projectRoutes } from '../features/projects/routes';
import { resetPasswordRoutes } from '../features/reset-password/routes';
import { PROJECT_TABS } from './project-tabs';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/**
 * The route table (docs/product/README.md#routes) composed from the features' route objects. Public routes are absolute paths;
 * a feature's screens inside the shell are relative children of /main. Only built screens are registered:
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
            lazy: async () => {
              const { MainLayout } = await import(/* webpackChunkName: "shell" */ './shell/main-layout');
              return { Component: MainLayout };
            },
            children: [
              { index: true, element: <Navigate to="/main/dashboard" replace /> },
              ...dashboardRoutes(loadDashboardProjectList),
              ...projectRoutes(PROJECT_TABS),
              ...profileRoutes,
              ...aboutRoutes,
              ...adminRoutes,
              ...documentsRoutes,
              ...reportsRoutes,
              ...analyticsDashboardRoutes,
              ...analyticReportsRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
