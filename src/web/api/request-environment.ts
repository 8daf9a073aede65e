import type { UnknownAction } from '@reduxjs/toolkit';

/** What the base query needs to know about the session for every call. */
export interface RequestContext {
  accessToken: string | null;
  idToken: string | null;
  loggedIn: boolean;
  /** Sent as the operatingTenant header; null before a tenant is chosen. */
  operatingTenantId: number | null;
  languageId: number;
  /** Short code (en, es, tl), sent as the language header. */
  language: string;
}

/**
 * The store the API runs in, as the base query sees it: how to read the request context from the state and which
 * actions to dispatch on the session rules' answers. The app supplies it as the thunk middleware's extra argument
 * (app/store.ts), so the API layer and the slices of state/ never import each other.
 */
export interface RequestEnvironment {
  readContext: (state: unknown) => RequestContext;
  /** The server no longer honours the session (or none is left): the one logout, without notifying the server. */
  sessionEnded: () => UnknownAction;
  /** An answer carried `authorization.application`: the authorization-error screen. */
  authorizationRefused: (application: string) => UnknownAction;
  /** The sign-in was refused for a blocked IP: the blocked-IP screen. */
  ipBlocked: () => UnknownAction;
}

export const requestEnvironmentOf = (extra: unknown): RequestEnvironment => {
  if (typeof extra !== 'object' || extra === null || !('readContext' in extra)) {
    throw new Error('The store must pass a RequestEnvironment as the thunk extra argument (see app/store.ts)');
  }
  return extra as RequestEnvironment;
};
