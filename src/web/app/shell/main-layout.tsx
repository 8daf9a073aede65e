// The recipes of the screens behind sign-in come with this chunk, before anything here renders (ADR 0084).
import '../../theme/signed-in-recipes';
import { useCallback } from 'react';
import { userServiceApi } from '../../api/generated/user-service';
import { useAppDispatch } from '../../state/hooks';
import { logoutRequested } from '../../state/session-events';
import { SessionGate } from '../session-gate';
import { IDLE_TIMEOUT_MS, useIdleLogout } from '../use-idle-logout';
import { Shell } from './shell';

/** Element of /main (its own chunk): idle logout, the session gate, then the shell. */
export function MainLayout() {
  const dispatch = useAppDispatch();
  // Read, not asked for: the session gate's call brings it (ADR 0083).
  const { data: configuration } = userServiceApi.endpoints.getClientConfiguration.useQueryState();
  const signOutIdleUser = useCallback(() => {
    dispatch(logoutRequested({ notifyServer: true }));
  }, [dispatch]);
  useIdleLogout(configuration?.idleTimeoutMs ?? IDLE_TIMEOUT_MS, signOutIdleUser);

  return (
    // The frame and the shell are one component in one place, so the frame's elements stay when the shell fills in.
    <SessionGate pending={<Shell pending />}>
      <Shell />
    </SessionGate>
  );
}
