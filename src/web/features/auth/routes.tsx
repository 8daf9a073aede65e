import { Navigate, type RouteObject } from 'react-router';

/** Public sign-in routes: `/` is the entry screen, `/login` is its old address. */
export const authRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => {
      const { SignInPage } = await import(/* webpackChunkName: "sign-in" */ './sign-in-page');
      return { Component: SignInPage };
    },
  },
  { path: '/login', element: <Navigate to="/" replace /> },
];
