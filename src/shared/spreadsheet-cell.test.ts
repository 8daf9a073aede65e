import { spreadsheetCell } from './spreadsheet-cell';

test('text a spreadsheet would run as a formula is prefixed; everything else is kept', () => {
  for (const risky of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(spreadsheetCell(risky)).toBe(`'${risky}`);
  expect(spreadsheetCell('Acme')).toBe('Acme');
  expect(spreadsheetCell(42)).toBe(42);
  expect(spreadsheetCell(null)).toBe('');
});

// Issue 26 finding 7: these were written unescaped.
test.each([
  ['a quote', '"=1+1"'],
  ['a semicolon', ';=cmd|" /C calc"!A0'],
  ['a pipe (DDE)', '|cmd /C calc'],
  ['a full-width equals sign', '\uff1dSUM(A1:A9)'],
  ['a full-width plus sign', '\uff0b1'],
  ['a full-width minus sign', '\uff0d1'],
  ['a full-width at sign', '\uff20SUM(A1)'],
])('text starting with %s is escaped', (_what, text) => {
  expect(spreadsheetCell(text)).toBe(`'${text}`);
});

test('the characters only matter at the start of the text', () => {
  expect(spreadsheetCell('Acme; Globex | "quoted" \uff1d')).toBe('Acme; Globex | "quoted" \uff1d');
});
