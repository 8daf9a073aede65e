import type { RouteObject } from 'react-router';

/** Children of /main (000 §2 "User Profile"). */
export const profileRoutes: RouteObject[] = [
  {
    path: 'userprofile',
    lazy: async () => {
      const { ProfilePage } = await import(/* webpackChunkName: "profile" */ './profile-page');
      return { Component: ProfilePage };
    },
  },
];
