/** SQLSTATE of an error raised by PostgreSQL (PGlite and node-postgres both expose `code`). */
export function sqlState(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
