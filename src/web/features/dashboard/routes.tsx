import type { RouteObject } from 'react-router';

/** Children of /main: the dashboard, and the project list that also sits below it. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: async () => {
      const { DashboardPage } = await import(/* webpackChunkName: "dashboard" */ './dashboard-page');
      return { Component: DashboardPage };
    },
  },
  {
    path: 'project',
    lazy: async () => {
      const { ProjectsPage } = await import(/* webpackChunkName: "projects" */ './projects-page');
      return { Component: ProjectsPage };
    },
  },
];
