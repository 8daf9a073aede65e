import { monthLabel } from './project-activity-card';

describe('monthLabel', () => {
  it('names the month in each language, whichever language asked first', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2026-03', 'es')).toBe(
      new Intl.DateTimeFormat('es', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2026, 2, 1)),
      ),
    );
    expect(monthLabel('2025-12', 'en')).toBe('Dec 2025');
    expect(monthLabel('2026-01', 'es')).not.toBe(monthLabel('2026-01', 'en'));
  });
});
