import { ifApiLoaded } from '../api/lazy-api';
import type { followTenantEvents } from '../api/tenant-events';
import type { RootState } from './root-reducer';
import type { AppListenerMiddleware } from './session-listeners';
import { requestEnvironment } from './request-environment';

/** What a stream is opened for: one session in one operating tenant. */
const streamKey = (state: RootState) => {
  const { accessToken, idToken, operatingTenantId } = requestEnvironment.readContext(state);
  return accessToken && operatingTenantId !== null ? { accessToken, idToken, tenantId: operatingTenantId } : null;
};
const sameKey = (a: ReturnType<typeof streamKey>, b: ReturnType<typeof streamKey>) =>
  a?.accessToken === b?.accessToken && a?.tenantId === b?.tenantId;

/**
 * Opens the stream with the code of api/tenant-events, loaded with the shell's chunk when a session first operates
 * in a tenant: the sign-in page never needs it (ADR 0105).
 */
const followLazily: typeof followTenantEvents = (options) => {
  let stop: (() => void) | null = null;
  let stopped = false;
  void import(/* webpackChunkName: "shell" */ '../api/tenant-events').then(({ followTenantEvents: follow }) => {
    if (!stopped) stop = follow(options);
  });
  return () => {
    stopped = true;
    stop?.();
  };
};

/**
 * Live updates, in one place for every screen (ADR 0078): while a session operates in a tenant, the tenant's event
 * stream is open, and each change it reports refetches the cached reads of the tags it names (the Results tab,
 * the dashboard figures, Call Records, job progress...), so screens need no polling. A `resync` refetches every
 * read in use. The stream follows the session and the operating tenant: it closes on logout and reopens on a
 * tenant switch (whose API state reset is ADR 0011's rule).
 */
export const registerLiveUpdates = (
  listener: AppListenerMiddleware,
  follow: typeof followTenantEvents = followLazily,
): void => {
  let current: ReturnType<typeof streamKey> = null;
  let stop: (() => void) | null = null;
  listener.startListening({
    predicate: (_action, state) => !sameKey(streamKey(state), current),
    effect: (_action, api) => {
      const next = streamKey(api.getState());
      if (sameKey(next, current)) return;
      stop?.();
      stop = null;
      current = next;
      if (!next) return;
      stop = follow({
        ...next,
        // A session operating in a tenant has the API layer loaded (the shell's chunks bring it, ADR 0111).
        onChange: (tags) => ifApiLoaded((loaded) => api.dispatch(loaded.invalidateTags(tags))),
        onResync: () => ifApiLoaded((loaded) => api.dispatch(loaded.invalidateAllTags())),
      });
    },
  });
};
