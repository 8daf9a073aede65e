/**
 * Text a spreadsheet would run as a formula (a cell starting with =, +, -, @, tab or carriage return) is
 * prefixed with an apostrophe, so an exported file never executes what a caller typed (OWASP CSV injection).
 * Pure TypeScript: every export applies it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeSpreadsheetCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
