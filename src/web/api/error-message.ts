import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The HTTP status behind an RTK Query error, also when the body could not be parsed. */
export const httpStatusOf = (error: FetchBaseQueryError): number | null => {
  if (typeof error.status === 'number') return error.status;
  return error.status === 'PARSING_ERROR' ? error.originalStatus : null;
};

/** `code` of an error body (e.g. IP_BLOCKED), if any. */
export const errorCodeOf = (data: unknown): string | null =>
  isRecord(data) && typeof data.code === 'string' ? data.code : null;

/** Whether an RTK Query error is the sign-in's blocked-IP answer (403, code IP_BLOCKED). */
export const isIpBlockedError = (error: unknown): boolean =>
  isRecord(error) && errorCodeOf(error.data) === 'IP_BLOCKED';

/** `authorization.application` of a response or error body, if any. */
export const authorizationApplicationOf = (data: unknown): string | null =>
  isRecord(data) && isRecord(data.authorization) && typeof data.authorization.application === 'string'
    ? data.authorization.application
    : null;

/**
 * The message to show for a failed call: the server's message, else the error's own message (network or
 * parsing failure, thrown error), else the caller's fallback.
 */
export const getErrorMessage = (error: unknown, fallback: string): string => {
  if (!isRecord(error)) return fallback;
  if (isRecord(error.data) && nonEmpty(error.data.message)) return error.data.message;
  if (nonEmpty(error.error)) return error.error;
  if (nonEmpty(error.message)) return error.message;
  return fallback;
};

/** Field-level problems of a 422 answer, keyed by field name (the first message per field). */
export const getFieldErrors = (error: unknown): Record<string, string> => {
  const fieldErrors: Record<string, string> = {};
  if (!isRecord(error) || !isRecord(error.data) || !Array.isArray(error.data.errors)) return fieldErrors;
  for (const entry of error.data.errors as unknown[]) {
    if (isRecord(entry) && nonEmpty(entry.field) && nonEmpty(entry.message) && !(entry.field in fieldErrors)) {
      fieldErrors[entry.field] = entry.message;
    }
  }
  return fieldErrors;
};
