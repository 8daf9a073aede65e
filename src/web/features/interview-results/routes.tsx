import type { RouteObject } from 'react-router';

/** The project's Results tab, relative to /main/project/{id} (docs/product/project-results.md#route). */
export const interviewResultsRoutes: RouteObject[] = [
  {
    path: 'results',
    lazy: async () => {
      const { ResultsTab } = await import(/* webpackChunkName: "project-results" */ './results-tab');
      return { Component: ResultsTab };
    },
  },
  {
    // docs/product/project-results.md: `results/resultdetail:{irn}`; react-router matches whole segments, so the
    // page reads the prefix.
    path: 'results/:detail',
    lazy: async () => {
      const { ResultDetailPage } = await import(/* webpackChunkName: "project-results" */ './result-detail-page');
      return { Component: ResultDetailPage };
    },
  },
];
