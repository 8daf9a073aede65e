import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

/**
 * What a store needs of the API layer (base-api.ts) once its code has run: the cache's reducer and middleware, and
 * the actions the session's listeners dispatch. Typed here without RTK Query, so that importing this module (the
 * entry does) does not bring RTK Query into the entry chunk (ADR 0111).
 */
export interface LoadedApi {
  reducerPath: 'api';
  reducer: Reducer;
  middleware: Middleware;
  resetApiState: () => UnknownAction;
  /** Refetches the cached reads carrying one of these tags (a live update). */
  invalidateTags: (tags: readonly string[]) => UnknownAction;
  /** Refetches every cached read in use (a language change, a live update's resync). */
  invalidateAllTags: () => UnknownAction;
}

let loaded: LoadedApi | null = null;
const waiting = new Set<(api: LoadedApi) => void>();

/**
 * Called once by base-api.ts when its module is evaluated, whoever imported it (the sign-in form through `loadApi`,
 * a route chunk through a generated service, a test): every store attaches the API before any code that uses it runs.
 */
export function apiLoaded(api: LoadedApi): void {
  if (loaded) return;
  loaded = api;
  for (const attach of waiting) attach(api);
  waiting.clear();
}

/** Runs `attach` once the API layer is loaded: at once when it already is. */
export function whenApiLoaded(attach: (api: LoadedApi) => void): void {
  if (loaded) attach(loaded);
  else waiting.add(attach);
}

/** The API layer when its code has run, else null (nothing can then be cached, so there is nothing to reset). */
export const loadedApi = (): LoadedApi | null => loaded;

/** Runs `run` with the API layer if its code has run; else does nothing: a cache not yet loaded holds nothing. */
export function ifApiLoaded(run: (api: LoadedApi) => void): void {
  if (loaded) run(loaded);
}

/**
 * Loads the API layer (RTK Query, the base query and the services sign-in and sign-out call) in its own chunk. The
 * sign-in form starts it on first focus and waits for it on submit; the console starts it at once for a stored
 * session. Importing it attaches it to every store (`apiLoaded`).
 */
export const loadApi = () => import(/* webpackChunkName: "api" */ './api-layer');
