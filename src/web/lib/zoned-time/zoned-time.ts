/**
 * Times in the zone of a time-zone option, by its zone's rules (daylight saving time included), with
 * moment-timezone and the data of the 124 options only (ADR 0097, docs/product/platform.md#time-zones). Only the
 * routes that show zoned times import this module, so moment never reaches the sign-in or dashboard chunks
 * (scripts/lazy-library-plugin.ts fails the production build when it does).
 */
import moment from 'moment-timezone/moment-timezone';
import { DATE_PATTERN } from '../../../shared/report-time';
import { TIMEZONE_OPTIONS, type TimezoneOption } from '../../../shared/timezone-options';
import zoneData from './zone-data.json';

moment.tz.load(zoneData);

const DAY = 'YYYY-MM-DD';
/** How the reports show a time (docs/product/reports.md#time-offsets). */
const REPORT_TIME = 'MM/DD/YYYY HH:mm:ss';

/** The zone's offset east of UTC as `±hh:mm` at an instant. */
export function offsetAt(zone: string, epochMs: number): string {
  return moment.tz(epochMs, zone).format('Z');
}

/** The instant (epoch ms) the calendar day `YYYY-MM-DD` starts in the zone (its first valid local time). */
export function dayStartIn(day: string, zone: string): number {
  return moment.tz(day, DAY, true, zone).valueOf();
}

/** The zone's offset in force when the day starts there: what a report of that day is sent at. */
export function offsetOn(zone: string, day: string): string {
  return offsetAt(zone, dayStartIn(day, zone));
}

/**
 * What a filter starting on `startDay` is sent at as displayTimeZone (docs/product/reports.md#time-offsets): the
 * zone's offset when that day starts, or when today starts without a valid day.
 */
export function offsetFrom(zone: string, startDay: string, nowMs: number): string {
  return offsetOn(zone, DATE_PATTERN.test(startDay) ? startDay : todayIn(zone, nowMs));
}

/** Today (`YYYY-MM-DD`) in the zone. */
export function todayIn(zone: string, nowMs: number): string {
  return moment.tz(nowMs, zone).format(DAY);
}

/** `MM/DD/YYYY HH:mm:ss` of an instant in the zone. */
export function formatIn(epochMs: number, zone: string): string {
  return moment.tz(epochMs, zone).format(REPORT_TIME);
}

/** A change of the zone's offset: the instant, the offset before and after. */
export interface OffsetChange {
  at: number;
  from: string;
  to: string;
}

/** The changes of the zone's offset during the days `startDay`..`endDay` (both included), in order. */
export function offsetChangesBetween(zone: string, startDay: string, endDay: string): OffsetChange[] {
  const rules = moment.tz.zone(zone);
  if (!rules) return [];
  const from = dayStartIn(startDay, zone);
  const to = dayEndIn(endDay, zone);
  return rules.untils
    .filter((until) => until > from && until < to)
    .map((at) => ({ at, from: offsetAt(zone, at - 1), to: offsetAt(zone, at) }))
    .filter((change) => change.from !== change.to);
}

/** A time-zone option with its zone's offset on a given day. */
export interface ZonedOption extends TimezoneOption {
  /** The offset in force when the day starts in the option's zone (`±hh:mm`). */
  offsetOnDay: string;
}

/** The 124 options with their zones' offsets on the day (the standard `offset` stays what the label says). */
export function optionsOn(day: string): ZonedOption[] {
  return TIMEZONE_OPTIONS.map((option) => ({ ...option, offsetOnDay: offsetOn(option.zone, day) }));
}

/** The IANA zones the loaded data holds (the 124 options' zones). */
export const loadedZones = (): string[] => moment.tz.names();

/** The instant (epoch ms) just after the day ends in the zone: the next day's start (exclusive end). */
export function dayEndIn(day: string, zone: string): number {
  return moment.tz(day, DAY, true, zone).add(1, 'day').startOf('day').valueOf();
}
