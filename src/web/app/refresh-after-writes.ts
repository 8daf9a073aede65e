import { isFulfilled, type UnknownAction } from '@reduxjs/toolkit';
import { invalidateAllTags } from '../api/all-tag-types';
import type { AppListenerMiddleware } from './session-listeners';

/** Writes after which nothing is refetched: the session is ending and the API state is reset anyway. */
const NO_REFRESH = new Set(['logoutUser']);

const writeEndpoint = (action: UnknownAction): string | null => {
  if (!isFulfilled(action)) return null;
  const arg = (action.meta as { arg?: { type?: unknown; endpointName?: unknown } }).arg;
  return arg?.type === 'mutation' && typeof arg.endpointName === 'string' ? arg.endpointName : null;
};

/**
 * The console's one cache rule for writes (src/web/README.md "Cache tags"): every successful write refetches
 * every cached read in use, whatever tags the contract gives the operations, so no list (the accounts, the
 * tenant chooser, any admin list added later, the dashboard after an order) shows an answer older than the
 * user's own last change. Reads not in use are dropped and load afresh when a screen needs them.
 */
export const registerRefreshAfterWrites = (listener: AppListenerMiddleware): void => {
  listener.startListening({
    predicate: (action) => {
      const endpoint = writeEndpoint(action);
      return endpoint !== null && !NO_REFRESH.has(endpoint);
    },
    effect: (_action, api) => {
      api.dispatch(invalidateAllTags());
    },
  });
};
