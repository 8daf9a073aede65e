/**
 * Spreadsheet formula injection (ADR 0039, ADR 0072): a cell whose text starts with one of FORMULA_TRIGGERS is read
 * by Excel, LibreOffice or Google Sheets as a formula, a DDE command or a field separator trick. Every cell of every
 * export (CSV or xlsx) goes through `spreadsheetCell`, which prefixes such text with a single quote, so the
 * spreadsheet shows the text and never runs it. Numbers, booleans and dates are written as themselves.
 * Pure TypeScript: see docs/development.md.
 */
export const FORMULA_TRIGGERS: readonly string[] = [
  // The OWASP "CSV Injection" list: formula starts and the characters a spreadsheet skips before one.
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  // Issue 26: a quote, a semicolon or a pipe start DDE payloads (`|cmd`) and separator-shifted formulas.
  '"',
  ';',
  '|',
  // The full-width forms, which some spreadsheet locales (Japanese, Chinese input methods) read as the ASCII ones.
  '\uff1d', // ＝
  '\uff0b', // ＋
  '\uff0d', // －
  '\uff20', // ＠
];

/** The text of a cell as an export writes it: null and undefined are empty, formula-like text is escaped. */
export function spreadsheetCell(value: string | number | boolean | null | undefined): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return value.length > 0 && FORMULA_TRIGGERS.includes(value[0]!) ? `'${value}` : value;
}
