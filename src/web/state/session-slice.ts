import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clock } from '../lib/clock';
import { loggedOut } from './session-events';

export interface SessionState {
  accessToken: string | null;
  idToken: string | null;
  /** Epoch milliseconds after which the access token is no longer valid. */
  expiresAt: number | null;
  loggedIn: boolean;
  loginError: string | null;
  /** The server's `authorization.application` text; set means the authorization-error screen shows. */
  authorizationError: string | null;
  ipBlocked: boolean;
}

export interface SignedInPayload {
  accessToken: string;
  idToken: string;
  expiresAt: number;
}

const initialState: SessionState = {
  accessToken: null,
  idToken: null,
  expiresAt: null,
  loggedIn: false,
  loginError: null,
  authorizationError: null,
  ipBlocked: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: {
      reducer(state, action: PayloadAction<SignedInPayload>) {
        state.accessToken = action.payload.accessToken;
        state.idToken = action.payload.idToken;
        state.expiresAt = action.payload.expiresAt;
        state.loggedIn = true;
        state.loginError = null;
        state.authorizationError = null;
        state.ipBlocked = false;
      },
      prepare(tokens: { accessToken: string; idToken: string; expiresInSeconds: number }) {
        return {
          payload: {
            accessToken: tokens.accessToken,
            idToken: tokens.idToken,
            expiresAt: clock.now() + tokens.expiresInSeconds * 1000,
          },
        };
      },
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.loginError = action.payload;
    },
    loginErrorCleared(state) {
      state.loginError = null;
    },
    authorizationFailed(state, action: PayloadAction<string>) {
      state.authorizationError = action.payload;
    },
    ipBlocked(state) {
      state.ipBlocked = true;
    },
    ipBlockCleared(state) {
      state.ipBlocked = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { signedIn, loginFailed, loginErrorCleared, authorizationFailed, ipBlocked, ipBlockCleared } =
  sessionSlice.actions;

/** A session the console may use: tokens present and not past their recorded expiry. */
export const hasValidSession = (session: SessionState, now: number): boolean =>
  session.loggedIn &&
  session.accessToken !== null &&
  session.idToken !== null &&
  (session.expiresAt === null || session.expiresAt > now);
