import { userServiceApi, type SessionBootstrap } from '../api/generated/user-service';
import type { RootState } from './root-reducer';

const { getAuthorizer, getUserInfo, listUserTenants, getClientConfiguration } = userServiceApi.endpoints;

/**
 * The session's opening answers put into the caches of the five operations they come from (ADR 0083): the shell
 * and the screens read and refresh those as before, and none of them asks the server again at start.
 */
export const seedSession = (bootstrap: SessionBootstrap) =>
  userServiceApi.util.upsertQueryEntries([
    { endpointName: 'getAuthorizer', arg: undefined, value: bootstrap.authorizer },
    { endpointName: 'getUserInfo', arg: undefined, value: bootstrap.userInfo },
    { endpointName: 'listUserTenants', arg: undefined, value: bootstrap.tenants },
    { endpointName: 'getClientConfiguration', arg: undefined, value: bootstrap.configuration },
    { endpointName: 'listLanguages', arg: undefined, value: bootstrap.languages },
  ]);

const selectors = [getAuthorizer, getUserInfo, listUserTenants, getClientConfiguration].map((endpoint) =>
  endpoint.select(),
);
type ApiState = Parameters<(typeof selectors)[number]>[0];

/** Whether the caches the session gate reads hold answers (seeded, or fetched on their own since). */
export const isSessionSeeded = (state: RootState): boolean =>
  // The store's type knows the base API, not the endpoints injected into it.
  selectors.every((select) => select(state as unknown as ApiState).data !== undefined);
