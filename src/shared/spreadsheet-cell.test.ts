import { spreadsheetCell } from './spreadsheet-cell';

test('text a spreadsheet would run as a formula is prefixed; everything else is kept', () => {
  for (const risky of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(spreadsheetCell(risky)).toBe(`'${risky}`);
  expect(spreadsheetCell('Acme')).toBe('Acme');
  expect(spreadsheetCell(42)).toBe(42);
  expect(spreadsheetCell(null)).toBe('');
});
