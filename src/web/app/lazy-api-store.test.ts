import { clientConfiguration, PATHS, signedInState } from '../testing/factories';
import { installFetchStub } from '../testing/fetch-stub';
import { logoutRequested } from '../state/session-events';

import type * as storeModuleType from './store';
import type * as lazyApiModuleType from '../api/lazy-api';

type StoreModule = typeof storeModuleType;
type LazyApiModule = typeof lazyApiModuleType;

/**
 * The test setup itself loads the API layer (the test helpers use it), so each test runs with fresh copies of the
 * store and the API modules, as the browser has them before the API layer's chunk has arrived (ADR 0111). Everything
 * the test imports, the API layer included, must be imported inside `body`.
 */
const withFreshModules = (body: (storeModule: StoreModule, lazyApi: LazyApiModule) => Promise<void>) =>
  jest.isolateModulesAsync(async () => {
    await body(await import('./store'), await import('../api/lazy-api'));
  });

it('starts a store without the API cache and attaches it to every store once the API layer loads', () =>
  withFreshModules(async (storeModule, lazyApi) => {
    const early = storeModule.createAppStore(signedInState());
    await storeModule.whenRehydrated(early.persistor);
    expect(lazyApi.loadedApi()).toBeNull();
    expect(early.store.getState().api).toBeUndefined();
    expect(early.store.getState().session.loggedIn).toBe(true);

    const { userServiceApi } = await lazyApi.loadApi();
    expect(lazyApi.loadedApi()).not.toBeNull();
    // The middleware has seen the store's first action since (it registers itself then).
    expect(early.store.getState().api?.config.middlewareRegistered).toBe(true);

    const stub = installFetchStub({ [PATHS.getClientConfiguration]: { body: clientConfiguration() } });
    const first = early.store.dispatch(userServiceApi.endpoints.getClientConfiguration.initiate());
    await first;
    const again = early.store.dispatch(userServiceApi.endpoints.getClientConfiguration.initiate());
    await again;
    expect(stub.callsTo(PATHS.getClientConfiguration)).toHaveLength(1);
    const cached = early.store.getState().api?.queries['getClientConfiguration(undefined)']?.data;
    expect(cached).toEqual(clientConfiguration());
    first.unsubscribe();
    again.unsubscribe();

    const later = storeModule.createAppStore();
    expect(later.store.getState().api?.queries).toEqual({});
  }));

const signedInStore = async (storeModule: StoreModule) => {
  const { store, persistor } = storeModule.createAppStore(signedInState());
  await storeModule.whenRehydrated(persistor);
  return store;
};

const loggedOut = (store: Awaited<ReturnType<typeof signedInStore>>) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (store.getState().session.loggedIn) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = store.subscribe(check);
    check();
  });

it('logs out without loading the API layer when the server need not be told (an expired session)', () =>
  withFreshModules(async (storeModule, lazyApi) => {
    const store = await signedInStore(storeModule);
    const stub = installFetchStub({ [PATHS.logoutUser]: { body: { message: 'Logged out' } } });
    store.dispatch(logoutRequested({ notifyServer: false }));
    await loggedOut(store);
    expect(lazyApi.loadedApi()).toBeNull();
    expect(stub.requests).toHaveLength(0);
  }));

it('loads the API layer to end the server session on a sign-out', () =>
  withFreshModules(async (storeModule, lazyApi) => {
    const store = await signedInStore(storeModule);
    const stub = installFetchStub({ [PATHS.logoutUser]: { body: { message: 'Logged out' } } });
    store.dispatch(logoutRequested({ notifyServer: true }));
    await loggedOut(store);
    expect(lazyApi.loadedApi()).not.toBeNull();
    expect(stub.callsTo(PATHS.logoutUser)).toHaveLength(1);
    expect(store.getState().api?.mutations).toEqual({});
  }));
