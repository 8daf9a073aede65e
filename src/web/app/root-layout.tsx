import { lazy, Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { LoadingState } from '../components/feedback/loading-state';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { logoutRequested } from '../state/session-events';
import { ipBlockCleared } from '../state/session-slice';

// Shown only after a refused sign-in call or an authorization error: loaded then, not with the sign-in page (the IP
// block refuses API calls only, so the chunk still loads).
const BlockedIpScreen = lazy(async () => ({
  default: (await import(/* webpackChunkName: "auth-errors" */ '../features/auth/blocked-ip-screen')).BlockedIpScreen,
}));
const AuthorizationErrorScreen = lazy(async () => ({
  default: (await import(/* webpackChunkName: "auth-errors" */ '../features/auth/authorization-error-screen'))
    .AuthorizationErrorScreen,
}));

/** Top of every route: the blocked-IP and authorization-error screens replace whatever was showing. */
export function RootLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const blocked = useAppSelector((state) => state.session.ipBlocked);
  const authorizationError = useAppSelector((state) => state.session.authorizationError);

  if (blocked) {
    return (
      <Suspense fallback={<LoadingState fullPage />}>
        <BlockedIpScreen
          onBackToLogin={() => {
            dispatch(ipBlockCleared());
            navigate('/login');
          }}
        />
      </Suspense>
    );
  }
  if (authorizationError !== null) {
    return (
      <Suspense fallback={<LoadingState fullPage />}>
        <AuthorizationErrorScreen
          message={authorizationError}
          onBackToLogin={() => {
            dispatch(logoutRequested({ notifyServer: true }));
            navigate('/login');
          }}
        />
      </Suspense>
    );
  }
  return <Outlet />;
}
