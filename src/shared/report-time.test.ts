import {
  dayAt,
  dayEnd,
  dayStart,
  durationBounds,
  END_BEFORE_START_MESSAGE,
  fileDateAtOffset,
  formatAtOffset,
  offsetMinutes,
  reportWindow,
  startAfterEnd,
} from './report-time';
import { spreadsheetCell } from './spreadsheet-cell';

test('offsets: minutes east of UTC; a malformed one is UTC', () => {
  expect(offsetMinutes('-08:00')).toBe(-480);
  expect(offsetMinutes('+05:30')).toBe(330);
  expect(offsetMinutes('8')).toBe(0);
});

test('a day at -08:00 starts at 08:00 UTC and ends (exclusive) at 08:00 UTC the next day', () => {
  expect(new Date(dayStart('2026-11-26', '-08:00')).toISOString()).toBe('2026-11-26T08:00:00.000Z');
  expect(new Date(dayEnd('2026-11-26', '-08:00')).toISOString()).toBe('2026-11-27T08:00:00.000Z');
  expect(new Date(dayStart('2026-11-26', '+05:30')).toISOString()).toBe('2026-11-25T18:30:00.000Z');
});

test('formatting at an offset: the day changes with it', () => {
  const at = Date.parse('2026-11-26T03:04:05Z');
  expect(formatAtOffset(at, '-08:00')).toBe('11/25/2026 19:04:05');
  expect(formatAtOffset(at, '-07:00')).toBe('11/25/2026 20:04:05');
  expect(formatAtOffset(at, '+00:00')).toBe('11/26/2026 03:04:05');
  expect(dayAt(at, '-08:00')).toBe('2026-11-25');
  expect(fileDateAtOffset(at, '-08:00')).toBe('11-25-2026');
});

test('start after end: only when both days are set', () => {
  expect(startAfterEnd('2026-11-27', '2026-11-26')).toBe(true);
  expect(startAfterEnd('2026-11-26', '2026-11-26')).toBe(false);
  expect(startAfterEnd('', '2026-11-26')).toBe(false);
});

test('spreadsheet cells: formula triggers are prefixed with a quote, other values kept', () => {
  for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(spreadsheetCell(text)).toBe(`'${text}`);
  expect(spreadsheetCell('a=b')).toBe('a=b');
  expect(spreadsheetCell('')).toBe('');
  expect(spreadsheetCell(null)).toBe('');
  expect(spreadsheetCell(-5)).toBe(-5);
  expect(spreadsheetCell(true)).toBe(true);
});

describe('the window of the call reports', () => {
  test('covers whole days at the offset, the end day included, either end open', () => {
    expect(reportWindow('2026-11-01', '2026-11-01', '-08:00')).toEqual({
      from: new Date('2026-11-01T08:00:00Z'),
      to: new Date('2026-11-02T08:00:00Z'),
    });
    expect(reportWindow(null, '2026-11-01', '+00:00')).toEqual({ from: null, to: new Date('2026-11-02T00:00:00Z') });
    expect(reportWindow('2026-11-02', '2026-11-01', '-08:00')).toEqual({ error: END_BEFORE_START_MESSAGE });
  });

  test('a duration maximum of 0 is unbounded', () => {
    expect(durationBounds(60, 240)).toEqual({ min: 60, max: 240 });
    expect(durationBounds(240, 0)).toEqual({ min: 240, max: null });
    expect(durationBounds(0, 0)).toEqual({ min: null, max: null });
  });
});
