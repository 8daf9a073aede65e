import type { RouteObject } from 'react-router';

/** Children of /main (docs/product/analytic-reports.md#dashboards). */
export const analyticsDashboardRoutes: RouteObject[] = [
  {
    path: 'analytics-dashboard',
    lazy: async () => {
      const { AnalyticsDashboardPage } = await import(
        /* webpackChunkName: "analytics-dashboard" */ './analytics-dashboard-page'
      );
      return { Component: AnalyticsDashboardPage };
    },
  },
];
