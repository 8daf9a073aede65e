import { Outlet, useNavigate } from 'react-router';
import { AuthorizationErrorScreen } from '../features/auth/authorization-error-screen';
import { BlockedIpScreen } from '../features/auth/blocked-ip-screen';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { logoutRequested } from '../state/session-events';
import { ipBlockCleared } from '../state/session-slice';

/** Top of every route: the blocked-IP and authorization-error screens replace whatever was showing. */
export function RootLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const blocked = useAppSelector((state) => state.session.ipBlocked);
  const authorizationError = useAppSelector((state) => state.session.authorizationError);

  if (blocked) {
    return (
      <BlockedIpScreen
        onBackToLogin={() => {
          dispatch(ipBlockCleared());
          navigate('/login');
        }}
      />
    );
  }
  if (authorizationError !== null) {
    return (
      <AuthorizationErrorScreen
        message={authorizationError}
        onBackToLogin={() => {
          dispatch(logoutRequested({ notifyServer: true }));
          navigate('/login');
        }}
      />
    );
  }
  return <Outlet />;
}
