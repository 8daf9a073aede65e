/**
 * Spreadsheet formula injection (ADR 0039): a cell whose text starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is read by Excel, LibreOffice and Google Sheets as a formula (or DDE command). Every cell of
 * every export (CSV or xlsx) goes through `spreadsheetCell`, which prefixes such text with a single quote, so
 * the spreadsheet shows the text and never runs it. Numbers, booleans and dates are written as themselves.
 * Pure TypeScript: see docs/development.md.
 */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** The text of a cell as an export writes it: null and undefined are empty, formula-like text is escaped. */
export function spreadsheetCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return value.length > 0 && FORMULA_TRIGGERS.includes(value[0]!) ? `'${value}` : value;
}
