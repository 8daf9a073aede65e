import type { RouteObject } from 'react-router';

/** The project's Access Codes tab, relative to /main/project/{id} (docs/product/access-codes.md). */
export const accessCodesRoutes: RouteObject[] = [
  {
    path: 'accesscode',
    lazy: async () => {
      const { AccessCodesTab } = await import(/* webpackChunkName: "project-access-codes" */ './access-codes-tab');
      return { Component: AccessCodesTab };
    },
  },
];
