import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { clock } from '../lib/clock';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { logoutRequested } from '../state/session-events';
import { hasValidSession } from '../state/session-slice';

/** Guards /main: without a usable session the user goes to /login; an expired one is cleared first. */
export function RequireAuth() {
  const dispatch = useAppDispatch();
  const session = useAppSelector((state) => state.session);
  const valid = hasValidSession(session, clock.now());
  const expired = session.loggedIn && !valid;

  useEffect(() => {
    if (expired) dispatch(logoutRequested({ notifyServer: false }));
  }, [expired, dispatch]);

  return valid ? <Outlet /> : <Navigate to="/login" replace />;
}
