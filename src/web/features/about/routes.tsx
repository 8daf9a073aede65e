import type { RouteObject } from 'react-router';

/** Children of /main. */
export const aboutRoutes: RouteObject[] = [
  {
    path: 'about',
    lazy: async () => {
      const { AboutPage } = await import(/* webpackChunkName: "about" */ './about-page');
      return { Component: AboutPage };
    },
  },
];
