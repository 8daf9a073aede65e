/**
 * Report dates at a fixed UTC offset (docs/product/reports.md#time-offsets, ADR 0039). The report filters send
 * the display time zone as its option's offset (`-08:00`, Pacific, by default); the server turns calendar days
 * into instants at that offset and formats the answer's times at it. A fixed offset, as the specification
 * says ("GMT-8, offset -08:00"): no daylight-saving rules. Pure TypeScript: see docs/development.md.
 */
export const OFFSET_PATTERN = /^[+-](0\d|1[0-4]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Default display offset (Pacific, option value 6). */
export const DEFAULT_DISPLAY_OFFSET = '-08:00';
/**
 * The audit log shows the token issue time at this offset whatever the display offset
 * (docs/product/reports.md#time-offsets).
 */
export const TOKEN_ISSUE_OFFSET = '-07:00';

/** Minutes east of UTC of `±hh:mm` (0 for a malformed value). */
export function offsetMinutes(offset: string): number {
  if (!OFFSET_PATTERN.test(offset)) return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
}

/** The instant (epoch ms) a calendar day `YYYY-MM-DD` starts at the offset. */
export function dayStart(day: string, offset: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - offsetMinutes(offset) * 60_000;
}

/** The instant (epoch ms) just after a calendar day ends at the offset: the next day's start (exclusive end). */
export function dayEnd(day: string, offset: string): number {
  return dayStart(day, offset) + 86_400_000;
}

/** The calendar day `YYYY-MM-DD` an instant falls on at the offset. */
export function dayAt(epochMs: number, offset: string): string {
  return new Date(epochMs + offsetMinutes(offset) * 60_000).toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `MM/DD/YYYY HH:mm:ss` of an instant at the offset. */
export function formatAtOffset(epochMs: number, offset: string): string {
  const at = new Date(epochMs + offsetMinutes(offset) * 60_000);
  const date = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()}`;
  return `${date} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
}

/** `MM-DD-YYYY` of an instant at the offset: the date part of export file names (a `/` cannot be in one). */
export function fileDateAtOffset(epochMs: number, offset: string): string {
  const [y, m, d] = dayAt(epochMs, offset).split('-');
  return `${m}-${d}-${y}`;
}

/**
 * 'End Date must be greater than Start Date' (docs/product/reports.md#filters): the message when the start day is after
 * the end day.
 */
export const END_BEFORE_START_MESSAGE = 'End Date must be greater than Start Date';

/** True when both days are set and the start is after the end (Apply is then disabled). */
export function startAfterEnd(startDay: string, endDay: string): boolean {
  return DATE_PATTERN.test(startDay) && DATE_PATTERN.test(endDay) && startDay > endDay;
}

/**
 * [from, to) of the days `startDate`..`endDate` (YYYY-MM-DD) at the offset, the end day included; either end may
 * be open. A start after the end is the error of docs/product/reports.md#filters.
 */
export function reportWindow(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  offset: string,
): { from: Date | null; to: Date | null } | { error: string } {
  if (startDate && endDate && startAfterEnd(startDate, endDate)) return { error: END_BEFORE_START_MESSAGE };
  return {
    from: startDate ? new Date(dayStart(startDate, offset)) : null,
    to: endDate ? new Date(dayEnd(endDate, offset)) : null,
  };
}

/**
 * The duration filter of docs/product/call-reports.md#filters, in seconds: a maximum of 0 (or none) is unbounded, a
 * minimum of 0 none.
 */
export function durationBounds(min: number | null | undefined, max: number | null | undefined) {
  return { min: min && min > 0 ? min : null, max: max && max > 0 ? max : null };
}

/** Seconds as m:ss, as the call reports show and export durations. */
export const minutesSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
