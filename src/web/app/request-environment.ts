import type { RequestEnvironment } from '../api/request-environment';
import type { AppState } from '../state/hooks';
import { effectiveLanguage, effectiveLanguageId } from '../state/preferences-slice';
import { logoutRequested } from '../state/session-events';
import { authorizationFailed, ipBlocked } from '../state/session-slice';

/** The store as the API's base query sees it: the session, the operating tenant and the language of every call. */
export const requestEnvironment: RequestEnvironment = {
  readContext: (state) => {
    const { session, tenancy, preferences } = state as AppState;
    return {
      accessToken: session.accessToken,
      idToken: session.idToken,
      loggedIn: session.loggedIn,
      operatingTenantId: tenancy.operatingTenant?.tenantId ?? null,
      languageId: effectiveLanguageId(preferences),
      language: effectiveLanguage(preferences),
    };
  },
  sessionEnded: () => logoutRequested({ notifyServer: false }),
  authorizationRefused: (application) => authorizationFailed(application),
  ipBlocked: () => ipBlocked(),
};
