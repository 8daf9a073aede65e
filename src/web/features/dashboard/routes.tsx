import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * `/main/dashboard`. The page shows another feature's component below its figures (the project list); the route
 * table passes in how to load it, so this feature never imports another.
 */
export const dashboardRoutes = (loadProjectList: () => Promise<ComponentType>): RouteObject[] => [
  {
    path: 'dashboard',
    lazy: async () => {
      const [{ DashboardPage }, ProjectList] = await Promise.all([
        import(/* webpackChunkName: "dashboard" */ './dashboard-page'),
        loadProjectList(),
      ]);
      return { Component: () => <DashboardPage projectList={<ProjectList />} /> };
    },
  },
];
