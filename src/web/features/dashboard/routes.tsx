import type { RouteObject } from 'react-router';

/** Children of /main. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: async () => {
      const { DashboardPage } = await import(/* webpackChunkName: "dashboard" */ './dashboard-page');
      return { Component: DashboardPage };
    },
  },
];
