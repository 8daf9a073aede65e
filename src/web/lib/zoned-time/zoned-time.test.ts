import { TIMEZONE_OPTIONS } from '../../../shared/timezone-options';
import {
  dayStartIn,
  formatIn,
  loadedZones,
  offsetAt,
  offsetChangesBetween,
  offsetOn,
  optionsOn,
  todayIn,
} from './zoned-time';

const PACIFIC = 'America/Los_Angeles';

describe('the zone list with offsets', () => {
  it('holds the zone of every one of the 124 options, and its offset on a day', () => {
    expect(new Set(loadedZones())).toEqual(new Set(TIMEZONE_OPTIONS.map((o) => o.zone)));
    const winter = optionsOn('2026-01-15');
    const summer = optionsOn('2026-07-15');
    expect(winter).toHaveLength(124);
    expect(winter.map((o) => o.value)).toEqual(TIMEZONE_OPTIONS.map((o) => o.value));
    const pacific = (list: typeof winter) => list.find((o) => o.value === 6)!;
    expect(pacific(winter)).toMatchObject({ label: '(UTC-08:00) Pacific Time (US & Canada)', offsetOnDay: '-08:00' });
    expect(pacific(summer)).toMatchObject({ offset: '-08:00', offsetOnDay: '-07:00' });
  });

  it('gives the standard offset of the label wherever the zone keeps no daylight saving time', () => {
    const noDst = ['America/Phoenix', 'Asia/Kolkata', 'Asia/Kathmandu', 'Etc/UTC', 'Etc/GMT+12', 'Pacific/Kiritimati'];
    for (const day of ['2026-01-15', '2026-07-15']) {
      for (const option of optionsOn(day).filter((o) => noDst.includes(o.zone))) {
        expect(option.offsetOnDay).toBe(option.offset);
      }
    }
  });

  it('follows the southern hemisphere and half-hour rules (Sydney, Lord Howe, Chatham)', () => {
    expect(offsetOn('Australia/Sydney', '2026-01-15')).toBe('+11:00');
    expect(offsetOn('Australia/Sydney', '2026-07-15')).toBe('+10:00');
    expect(offsetOn('Australia/Lord_Howe', '2026-01-15')).toBe('+11:00');
    expect(offsetOn('Australia/Lord_Howe', '2026-07-15')).toBe('+10:30');
    expect(offsetOn('Pacific/Chatham', '2026-01-15')).toBe('+13:45');
  });
});

describe('Pacific time across the 2026 daylight saving days', () => {
  it('starts 2026-03-08 at -08:00 and 2026-03-09 at -07:00 (the change at 02:00 local, 10:00 UTC)', () => {
    expect(offsetOn(PACIFIC, '2026-03-07')).toBe('-08:00');
    expect(offsetOn(PACIFIC, '2026-03-08')).toBe('-08:00');
    expect(offsetOn(PACIFIC, '2026-03-09')).toBe('-07:00');
    expect(dayStartIn('2026-03-08', PACIFIC)).toBe(Date.UTC(2026, 2, 8, 8));
    expect(dayStartIn('2026-03-09', PACIFIC)).toBe(Date.UTC(2026, 2, 9, 7));
    // The day of the change has 23 hours.
    expect(dayStartIn('2026-03-09', PACIFIC) - dayStartIn('2026-03-08', PACIFIC)).toBe(23 * 3_600_000);
    expect(offsetAt(PACIFIC, Date.UTC(2026, 2, 8, 9, 59))).toBe('-08:00');
    expect(offsetAt(PACIFIC, Date.UTC(2026, 2, 8, 10))).toBe('-07:00');
  });

  it('goes back to -08:00 on 2026-11-01 at 02:00 local (09:00 UTC); that day has 25 hours', () => {
    expect(offsetOn(PACIFIC, '2026-11-01')).toBe('-07:00');
    expect(offsetOn(PACIFIC, '2026-11-02')).toBe('-08:00');
    expect(dayStartIn('2026-11-02', PACIFIC) - dayStartIn('2026-11-01', PACIFIC)).toBe(25 * 3_600_000);
    expect(formatIn(Date.UTC(2026, 10, 1, 8, 30), PACIFIC)).toBe('11/01/2026 01:30:00');
    expect(formatIn(Date.UTC(2026, 10, 1, 9, 30), PACIFIC)).toBe('11/01/2026 01:30:00');
  });

  it('lists the changes a range crosses, and none inside a range at one offset', () => {
    expect(offsetChangesBetween(PACIFIC, '2026-03-01', '2026-03-10')).toEqual([
      { at: Date.UTC(2026, 2, 8, 10), from: '-08:00', to: '-07:00' },
    ]);
    expect(offsetChangesBetween(PACIFIC, '2026-10-25', '2026-11-05')).toEqual([
      { at: Date.UTC(2026, 10, 1, 9), from: '-07:00', to: '-08:00' },
    ]);
    expect(offsetChangesBetween(PACIFIC, '2026-01-01', '2026-12-31')).toHaveLength(2);
    expect(offsetChangesBetween(PACIFIC, '2026-03-09', '2026-10-31')).toEqual([]);
    expect(offsetChangesBetween(PACIFIC, '2026-03-08', '2026-03-08')).toHaveLength(1);
    expect(offsetChangesBetween('America/Phoenix', '2026-01-01', '2026-12-31')).toEqual([]);
  });
});

describe('the day in a zone', () => {
  it('gives today in the zone, which may be another day than in UTC', () => {
    const lateEvening = Date.UTC(2026, 6, 2, 5, 30); // 22:30 PDT on July 1st
    expect(todayIn(PACIFIC, lateEvening)).toBe('2026-07-01');
    expect(todayIn('Etc/UTC', lateEvening)).toBe('2026-07-02');
  });
});
