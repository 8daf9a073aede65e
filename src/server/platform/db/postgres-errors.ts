/** SQLSTATE of an error raised by PostgreSQL (PGlite and node-postgres both expose `code`). */
export function sqlState(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_ERROR_MESSAGES =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed/i;

/**
 * True when the database could not be reached or dropped the connection (restart, failover,
 * pg_terminate_backend): SQLSTATE class 08, operator intervention 57P01-57P03, socket errors, node-postgres's own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || /^57P0[1-3]$/.test(state) || CONNECTION_ERROR_CODES.has(state))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error instanceof Error && CONNECTION_ERROR_MESSAGES.test(error.message);
}

/**
 * SQLSTATE class 22 (data exception: a NUL character, a number out of range, text that is not a number):
 * input the request validation should have refused; answered 400 as a safety net, never a 500.
 */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') === true;
