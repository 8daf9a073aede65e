import { createAction } from '@reduxjs/toolkit';

/**
 * Asks for the one logout: the app's logout listener ends the server session when `notifyServer` is set
 * and a token exists, then dispatches `loggedOut`, clears the API cache and purges persisted state.
 */
export const logoutRequested = createAction<{ notifyServer: boolean }>('session/logoutRequested');

/** Every slice that holds session-bound data resets itself on this action. */
export const loggedOut = createAction('session/loggedOut');
