import { escapeSpreadsheetCell } from './spreadsheet-cell';

test('text a spreadsheet would run as a formula is prefixed; everything else is kept', () => {
  for (const risky of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
    expect(escapeSpreadsheetCell(risky)).toBe(`'${risky}`);
  expect(escapeSpreadsheetCell('Acme')).toBe('Acme');
  expect(escapeSpreadsheetCell(42)).toBe(42);
  expect(escapeSpreadsheetCell(null)).toBeNull();
});
