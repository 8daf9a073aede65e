import { configureStore, createAction, createDynamicMiddleware, createListenerMiddleware } from '@reduxjs/toolkit';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Persistor,
  type Storage,
} from 'redux-persist';
import autoMergeLevel2 from 'redux-persist/es/stateReconciler/autoMergeLevel2';
import type { baseApi } from '../api/base-api';
import { whenApiLoaded, type LoadedApi } from '../api/lazy-api';
import { PERSISTED_SLICES, rootReducer, type RootDispatch, type RootState } from './root-reducer';
import { sessionSlice, type SessionState } from '../state/session-slice';
import { PERSIST_KEY } from '../state/device-storage';
import { requestEnvironment } from './request-environment';
import { registerSessionListeners } from './session-listeners';
import { registerLiveUpdates } from './live-updates';
import type { followTenantEvents } from '../api/tenant-events';

export { PERSIST_KEY } from '../state/device-storage';

const localStorageAdapter: Storage = {
  getItem: (key: string) => Promise.resolve(window.localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(window.localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(window.localStorage.removeItem(key)),
};

// Only the tokens outlive a reload; error flags and the sign-in message belong to the page that raised them.
const sessionTokensOnly = createTransform<SessionState, Partial<SessionState>>(
  (session) => ({
    accessToken: session.accessToken,
    idToken: session.idToken,
    expiresAt: session.expiresAt,
    loggedIn: session.loggedIn,
  }),
  (stored) => ({ ...sessionSlice.getInitialState(), ...stored }),
  { whitelist: ['session'] },
);

// persistReducer keeps its persistoid in a closure: every store needs its own, or stores would write each other's state.
const createPersistedReducer = () =>
  persistReducer<RootState>(
    {
      key: PERSIST_KEY,
      storage: localStorageAdapter,
      whitelist: [...PERSISTED_SLICES],
      transforms: [sessionTokensOnly],
      stateReconciler: autoMergeLevel2,
    },
    rootReducer,
  );

export type ConsoleStore = ReturnType<typeof buildStore>['store'];

export interface AppStore {
  store: ConsoleStore;
  persistor: Persistor;
}

/** Dispatched when the API layer joins a store, so that the store's state gets its `api` part at once. */
export const apiAttached = createAction('app/apiAttached');

/**
 * The API cache joins the store when the API layer has loaded (ADR 0111): its reducer into the combined reducer
 * (combineSlices' `inject`), its middleware into the store's dynamic middleware.
 */
const attachApi = (
  store: { dispatch: (action: ReturnType<typeof apiAttached>) => unknown },
  dynamicMiddleware: ReturnType<typeof createDynamicMiddleware<RootState, RootDispatch>>,
  api: LoadedApi,
) => {
  rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer as typeof baseApi.reducer });
  dynamicMiddleware.addMiddleware(api.middleware as Parameters<typeof dynamicMiddleware.addMiddleware>[0]);
  store.dispatch(apiAttached());
};

const buildStore = (preloadedState: Partial<RootState> | undefined) => {
  const listener = createListenerMiddleware<RootState, RootDispatch>();
  const apiMiddleware = createDynamicMiddleware<RootState, RootDispatch>();
  const persistedReducer = createPersistedReducer();
  const store = configureStore({
    reducer: persistedReducer,
    // combineReducers fills in the slices a partial state leaves out; persistReducer's type does not say so.
    preloadedState: preloadedState as ReturnType<typeof persistedReducer> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: requestEnvironment },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listener.middleware)
        .concat(apiMiddleware.middleware),
  });
  whenApiLoaded((api) => attachApi(store, apiMiddleware, api));
  return { store, listener };
};

/**
 * A store with the real reducers that never reads or writes localStorage and runs no listeners: the build renders
 * the first paint of a page from it (first-paint.tsx, ADR 0082).
 */
export const createStaticStore = (preloadedState?: Partial<RootState>): ConsoleStore =>
  buildStore(preloadedState).store;

/** Resolves once redux-persist has put back what localStorage held (at once when it already has). */
export const whenRehydrated = (persistor: Persistor): Promise<void> =>
  new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });

/**
 * The console's store: the real reducers, persistence and session listeners (also used by tests). `liveUpdates`
 * opens the operating tenant's event stream (ADR 0078); the browser entry turns it on, component tests leave it off.
 */
export const createAppStore = (
  preloadedState?: Partial<RootState>,
  options: { liveUpdates?: boolean; followEvents?: typeof followTenantEvents } = {},
): AppStore => {
  const { store, listener } = buildStore(preloadedState);
  const persistor = persistStore(store);
  registerSessionListeners(listener, () => persistor.purge());
  if (options.liveUpdates) registerLiveUpdates(listener, options.followEvents);
  return { store, persistor };
};
