/** Report days and times by a zone's rules or at a fixed offset (docs/product/reports.md#time-offsets, ADR 0101). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { TIMEZONE_OPTIONS } from '../../shared/timezone-options';
import { displayTime, displayTimeOf, windowIn } from './display-time';

const pacific = displayTime('America/Los_Angeles', '-08:00');
const iso = (epochMs: number) => new Date(epochMs).toISOString();

test('a day starts at its own midnight in the zone, across both of 2026 changes in Pacific time', () => {
  expect(iso(pacific.dayStart('2026-03-08'))).toBe('2026-03-08T08:00:00.000Z');
  expect(iso(pacific.dayEnd('2026-03-08'))).toBe('2026-03-09T07:00:00.000Z');
  expect(iso(pacific.dayStart('2026-11-01'))).toBe('2026-11-01T07:00:00.000Z');
  expect(iso(pacific.dayEnd('2026-11-01'))).toBe('2026-11-02T08:00:00.000Z');
});

test('times are written at the offset in force at each time', () => {
  expect(pacific.format(Date.parse('2026-03-08T09:59:59Z'))).toBe('03/08/2026 01:59:59');
  expect(pacific.format(Date.parse('2026-03-08T10:00:00Z'))).toBe('03/08/2026 03:00:00');
  expect(pacific.offsetAt(Date.parse('2026-07-01T00:00:00Z'))).toBe('-07:00');
  expect(pacific.offsetAt(Date.parse('2026-12-01T00:00:00Z'))).toBe('-08:00');
  expect(pacific.fileDate(Date.parse('2026-11-02T07:30:00Z'))).toBe('11-01-2026');
});

test('a fixed offset keeps the rule of the specification: no daylight saving time', () => {
  const fixed = displayTimeOf({ displayTimeZone: '-08:00' });
  expect(fixed.basis).toBe('-08:00');
  expect(iso(fixed.dayEnd('2026-03-10'))).toBe('2026-03-11T08:00:00.000Z');
  expect(fixed.format(Date.parse('2026-07-01T19:00:00Z'))).toBe('07/01/2026 11:00:00');
  expect(displayTimeOf({}).basis).toBe('-08:00');
  expect(displayTimeOf({ displayTimeZone: '+05:30', timeZone: 'Asia/Kolkata' }).basis).toBe('Asia/Kolkata');
});

test('a zone that skips midnight starts the day at its first valid time', () => {
  // Santiago moved from -04:00 to -03:00 at 00:00 local on 2026-09-06: the day starts at 01:00 -03:00.
  const santiago = displayTime('America/Santiago', '-04:00');
  expect(iso(santiago.dayStart('2026-09-06'))).toBe('2026-09-06T04:00:00.000Z');
  expect(santiago.format(santiago.dayStart('2026-09-06'))).toBe('09/06/2026 01:00:00');
});

test('half-hour and quarter-hour zones, and every zone of the options gives a 23-25 hour day', () => {
  expect(displayTime('Asia/Kathmandu', '+05:45').offsetAt(Date.parse('2026-01-01T00:00:00Z'))).toBe('+05:45');
  expect(displayTime('America/St_Johns', '-03:30').format(Date.parse('2026-01-01T03:30:00Z'))).toBe(
    '01/01/2026 00:00:00',
  );
  for (const { zone, offset } of TIMEZONE_OPTIONS) {
    const time = displayTime(zone, offset);
    for (const day of ['2026-01-15', '2026-03-29', '2026-10-25', '2026-11-01']) {
      const hours = (time.dayEnd(day) - time.dayStart(day)) / 3_600_000;
      expect([zone, day, hours >= 23 && hours <= 25]).toEqual([zone, day, true]);
    }
  }
});

test('the window of a range: both ends by the zone, the end day included; a start after the end is refused', () => {
  expect(windowIn(pacific, '2026-03-01', '2026-03-10')).toEqual({
    from: new Date('2026-03-01T08:00:00Z'),
    to: new Date('2026-03-11T07:00:00Z'),
  });
  expect(windowIn(pacific, null, '2026-11-05')).toEqual({ from: null, to: new Date('2026-11-06T08:00:00Z') });
  expect(windowIn(pacific, '2026-11-05', '2026-11-01')).toEqual({ error: 'End Date must be greater than Start Date' });
});

test("the contract's ReportTimeZone lists exactly the zones of the 124 options, in their order", () => {
  const common = parse(readFileSync(join(__dirname, '../../../openapi/components/common.yaml'), 'utf8')) as {
    components: { schemas: { ReportTimeZone: { enum: string[] } } };
  };
  expect(common.components.schemas.ReportTimeZone.enum).toEqual(TIMEZONE_OPTIONS.map((option) => option.zone));
});
