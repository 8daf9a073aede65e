import type { RouteObject } from 'react-router';

/** Children of /main (docs/product/profile.md#fields). */
export const profileRoutes: RouteObject[] = [
  {
    path: 'userprofile',
    lazy: async () => {
      const { ProfilePage } = await import(/* webpackChunkName: "profile" */ './profile-page');
      return { Component: ProfilePage };
    },
  },
];
