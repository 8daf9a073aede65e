import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { ifApiLoaded, loadApi } from '../api/lazy-api';
import { activateLocale } from '../i18n/activate-locale';
import { clock } from '../lib/clock';
import { writeStoredLanguageId, writeStoredTheme } from '../state/device-storage';
import { effectiveLanguage, languageChanged, themeChanged } from '../state/preferences-slice';
import type { RootDispatch, RootState } from './root-reducer';
import { loggedOut, logoutRequested } from '../state/session-events';

export type AppListenerMiddleware = ListenerMiddlewareInstance<RootState, RootDispatch>;

/** How long logout waits for the server to end the session before clearing the device anyway. */
const SERVER_LOGOUT_WAIT_MS = 5000;

const settleWithin = (work: Promise<unknown>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = clock.setTimeout(resolve, ms);
    void work
      .catch(() => undefined)
      .finally(() => {
        clock.clearTimeout(timer);
        resolve();
      });
  });

/**
 * Session-wide reactions: the one logout, language activation and device-stored preferences.
 * `purgePersisted` removes what redux-persist wrote.
 */
export const registerSessionListeners = (
  listener: AppListenerMiddleware,
  purgePersisted: () => Promise<unknown>,
): void => {
  listener.startListening({
    actionCreator: logoutRequested,
    effect: async (action, api) => {
      // A second request while one runs (e.g. several 401s at once) joins the first.
      api.unsubscribe();
      try {
        if (action.payload.notifyServer && api.getState().session.accessToken) {
          const ended = loadApi().then(({ userServiceApi }) =>
            api.dispatch(userServiceApi.endpoints.logoutUser.initiate()).unwrap(),
          );
          await settleWithin(ended, SERVER_LOGOUT_WAIT_MS);
        }
        api.dispatch(loggedOut());
        // Without the API layer nothing was cached (ADR 0111).
        ifApiLoaded((loaded) => api.dispatch(loaded.resetApiState()));
        writeStoredLanguageId(null);
        await purgePersisted();
      } finally {
        api.subscribe();
      }
    },
  });

  listener.startListening({
    actionCreator: languageChanged,
    effect: async (action, api) => {
      writeStoredLanguageId(action.payload.id);
      await activateLocale(action.payload.shortCode);
      // Server texts (attributes, messages) come in the language of the langId header.
      ifApiLoaded((loaded) => api.dispatch(loaded.invalidateAllTags()));
    },
  });

  listener.startListening({
    predicate: (action) => action.type === REHYDRATE || loggedOut.match(action),
    effect: async (_action, api) => {
      await activateLocale(effectiveLanguage(api.getState().preferences));
    },
  });

  listener.startListening({
    actionCreator: themeChanged,
    effect: (action) => writeStoredTheme(action.payload),
  });
};
