import type { RouteObject } from 'react-router';

/** Children of /main (docs/product/analytic-reports.md#page). */
export const analyticReportsRoutes: RouteObject[] = [
  {
    path: 'analytic-reports',
    lazy: async () => {
      const { AnalyticReportsPage } = await import(
        /* webpackChunkName: "analytic-reports" */ './analytic-reports-page'
      );
      return { Component: AnalyticReportsPage };
    },
  },
];
