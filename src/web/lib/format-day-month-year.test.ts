import { formatDayMonthYear } from './format-day-month-year';

describe('formatDayMonthYear', () => {
  it('writes ISO dates as DD-MMM-YYYY without shifting the day', () => {
    expect(formatDayMonthYear('2026-01-15')).toBe('15-Jan-2026');
    expect(formatDayMonthYear('2025-12-01T23:30:00-08:00')).toBe('01-Dec-2025');
  });

  it('returns anything else unchanged', () => {
    expect(formatDayMonthYear('soon')).toBe('soon');
    expect(formatDayMonthYear('2026-13-01')).toBe('2026-13-01');
  });
});
