import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { serializeQueryParams } from './query-params';
import { authorizationApplicationOf, errorCodeOf, httpStatusOf } from './error-message';
import { AUTHORIZATION_FLAG_EXEMPT } from './authorization-flag-exempt';
import { readAnswer } from './file-answer';
import { toFormData } from './form-data';
import { ALL_TAG_TYPES, MULTIPART_ENDPOINTS, PUBLIC_ENDPOINTS } from './generated/endpoint-traits';
import { apiLoaded } from './lazy-api';
import { requestEnvironmentOf } from './request-environment';

export const SERVER_ERROR_MESSAGE = msg`Something went wrong! We are unable to process your request at this time. Please contact the provider's support for assistance.`;
const NO_SESSION_MESSAGE = msg`Your session has ended. Please sign in again.`;

// Absolute so that the same base works with the browser's fetch and with Node's Request in tests.
const API_BASE_URL = new URL('/api', globalThis.location?.origin ?? 'http://localhost').href;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  paramsSerializer: serializeQueryParams,
  responseHandler: readAnswer,
  prepareHeaders: (headers, { getState, extra, endpoint }) => {
    const context = requestEnvironmentOf(extra).readContext(getState());
    if (!PUBLIC_ENDPOINTS.has(endpoint)) {
      if (context.accessToken) headers.set('Authorization', `Bearer ${context.accessToken}`);
      if (context.idToken) headers.set('Id-Token', context.idToken);
    }
    if (context.operatingTenantId !== null) headers.set('operatingTenant', String(context.operatingTenantId));
    headers.set('langId', String(context.languageId));
    headers.set('language', context.language);
    return headers;
  },
});

/** The header that makes a write safe to retry (ADR 0091, docs/product/platform.md#retry-safe-writes). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 128 random bits in hex (getRandomValues, unlike randomUUID, also works on a page served without TLS). */
const newIdempotencyKey = () =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/**
 * A mutation is one user action: it gets a new Idempotency-Key, put into its request arguments, so that a retry of
 * those arguments (a retry wrapper goes around rawBaseQuery, never around this) sends the same key. Queries (reads
 * by POST included) never carry one, nor do the spec's unsafe GETs (mutations too, ADR 0088): the contract takes the
 * key on POST, PUT, PATCH and DELETE only.
 */
const withIdempotencyKey = (args: string | FetchArgs, type: 'query' | 'mutation'): string | FetchArgs => {
  if (type !== 'mutation') return args;
  const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
  if ((request.method ?? 'GET').toUpperCase() === 'GET') return args;
  const headers = new Headers();
  const given = request.headers instanceof Headers ? Object.fromEntries(request.headers) : (request.headers ?? {});
  for (const [name, value] of Array.isArray(given) ? given : Object.entries(given))
    if (value !== undefined) headers.set(name, value);
  if (!headers.has(IDEMPOTENCY_KEY_HEADER)) headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  return { ...request, headers };
};

const withServerErrorMessage = (error: FetchBaseQueryError, status: number): FetchBaseQueryError => {
  const body = typeof error.data === 'object' && error.data !== null ? error.data : {};
  return { status, data: { ...body, message: i18n._(SERVER_ERROR_MESSAGE) } };
};

/** The form of a multipart operation as FormData (the generated endpoint passes a plain object). */
const asMultipart = (args: string | FetchArgs, endpoint: string): string | FetchArgs =>
  typeof args === 'object' &&
  MULTIPART_ENDPOINTS.has(endpoint) &&
  args.body !== null &&
  typeof args.body === 'object' &&
  !(args.body instanceof FormData)
    ? { ...args, body: toFormData(args.body as Record<string, unknown>) }
    : args;

/**
 * Adds the session, tenant and language headers (and a write's Idempotency-Key) and applies the session rules of docs/product/shell-and-session.md#session to
 * every answer: 401 logs out, 5xx gets the spec's message, `authorization.application` raises the
 * authorization-error screen, a blocked IP on sign-in raises the blocked-IP screen.
 */
export const voxscreenBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const endpoint = api.endpoint;
  const environment = requestEnvironmentOf(api.extra);
  const before = environment.readContext(api.getState());
  if (!PUBLIC_ENDPOINTS.has(endpoint) && !before.accessToken) {
    if (before.loggedIn) api.dispatch(environment.sessionEnded());
    return { error: { status: 'CUSTOM_ERROR', error: i18n._(NO_SESSION_MESSAGE) } };
  }

  const result = await rawBaseQuery(asMultipart(withIdempotencyKey(args, api.type), endpoint), api, extraOptions);
  const authorizationChecked = !AUTHORIZATION_FLAG_EXEMPT.has(endpoint);

  if (!result.error) {
    const application = authorizationChecked ? authorizationApplicationOf(result.data) : null;
    if (application !== null) api.dispatch(environment.authorizationRefused(application));
    return result;
  }

  const status = httpStatusOf(result.error);
  const data: unknown = result.error.data;
  const application = authorizationChecked ? authorizationApplicationOf(data) : null;
  if (application !== null) api.dispatch(environment.authorizationRefused(application));

  const current = environment.readContext(api.getState());
  if (status === 401 && endpoint !== 'userLogin' && endpoint !== 'logoutUser' && current.accessToken) {
    // The server no longer honours this session, so there is nothing to end on its side.
    api.dispatch(environment.sessionEnded());
  }
  if (status === 403 && endpoint === 'userLogin' && errorCodeOf(data) === 'IP_BLOCKED') {
    api.dispatch(environment.ipBlocked());
  }
  if (status !== null && status >= 500) {
    return { ...result, error: withServerErrorMessage(result.error, status) };
  }
  return result;
};

/**
 * The one API of the console; generated endpoints (api/generated) are injected into it. It knows every tag of the
 * contract, so that a write may refresh reads of another service (`x-invalidates`, ADR 0065) and the language
 * change may refresh them all, without the entry chunk carrying every service's endpoints (ADR 0059).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: voxscreenBaseQuery,
  tagTypes: ALL_TAG_TYPES,
  endpoints: () => ({}),
});

// Every store (app/store.ts) attaches the cache's reducer and middleware as soon as this module has run (ADR 0111).
// The actions call through `baseApi.util` when dispatched, so a test's spy on it sees them.
apiLoaded({
  reducerPath: baseApi.reducerPath,
  reducer: baseApi.reducer,
  middleware: baseApi.middleware,
  resetApiState: () => baseApi.util.resetApiState(),
  invalidateTags: (tags) => baseApi.util.invalidateTags([...tags]),
  invalidateAllTags: () => baseApi.util.invalidateTags([...ALL_TAG_TYPES]),
});
