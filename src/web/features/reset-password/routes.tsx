import type { RouteObject } from 'react-router';

export const resetPasswordRoutes: RouteObject[] = [
  {
    path: '/resetPassword',
    lazy: async () => {
      const { ResetPasswordPage } = await import(/* webpackChunkName: "reset-password" */ './reset-password-page');
      return { Component: ResetPasswordPage };
    },
  },
];
