import { durationBounds, formatAtOffset, offsetMinutes, reportWindow, START_AFTER_END } from './report-window';

test('offsets are ±hh:mm up to 14 hours', () => {
  expect(offsetMinutes('-08:00')).toBe(-480);
  expect(offsetMinutes('+05:30')).toBe(330);
  expect(offsetMinutes('+15:00')).toBeNull();
  expect(offsetMinutes('8')).toBeNull();
});

test('a window covers whole days at the offset, the end day included', () => {
  expect(reportWindow('2026-11-01', '2026-11-01', '-08:00')).toEqual({
    from: new Date('2026-11-01T08:00:00Z'),
    to: new Date('2026-11-02T08:00:00Z'),
  });
  expect(reportWindow(null, '2026-11-01', '+00:00')).toEqual({ from: null, to: new Date('2026-11-02T00:00:00Z') });
  expect(reportWindow('2026-11-02', '2026-11-01', '-08:00')).toEqual({ error: START_AFTER_END });
});

test('times are shown at the offset on a 12-hour clock', () => {
  expect(formatAtOffset(new Date('2026-11-01T08:05:09Z'), '-08:00')).toBe('11/01/2026 12:05:09 AM');
  expect(formatAtOffset(new Date('2026-11-01T20:00:00Z'), '+00:00')).toBe('11/01/2026 08:00:00 PM');
});

test('a duration maximum of 0 is unbounded', () => {
  expect(durationBounds(60, 240)).toEqual({ min: 60, max: 240 });
  expect(durationBounds(240, 0)).toEqual({ min: 240, max: null });
  expect(durationBounds(0, 0)).toEqual({ min: null, max: null });
});
