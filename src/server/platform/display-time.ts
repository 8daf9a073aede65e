import {
  DATE_PATTERN,
  DEFAULT_DISPLAY_OFFSET,
  END_BEFORE_START_MESSAGE,
  offsetMinutes,
  startAfterEnd,
} from '../../shared/report-time';

/**
 * Where a report reads its days and writes its times (docs/product/reports.md#time-offsets, ADR 0101): the request's
 * `timeZone` (an IANA zone of the 124 options, by its rules, daylight saving time included) when it sends one, else
 * its fixed `displayTimeZone` offset, as the specification sends it.
 */
export interface DisplayTime {
  /** The zone (`America/Los_Angeles`) or the fixed offset (`-08:00`). */
  readonly basis: string;
  /** The offset in force at an instant, `±hh:mm`. */
  offsetAt(epochMs: number): string;
  /** The instant (epoch ms) the calendar day `YYYY-MM-DD` starts. */
  dayStart(day: string): number;
  /** The instant the next day starts: the exclusive end of the day. */
  dayEnd(day: string): number;
  /** `MM/DD/YYYY HH:mm:ss` of an instant, at the offset in force then. */
  format(epochMs: number): string;
  /** `MM-DD-YYYY` of an instant: the date part of export file names. */
  fileDate(epochMs: number): string;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** `±hh:mm` of minutes east of UTC. */
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** The wall clock of an instant at an offset, read through UTC fields. */
const wallClock = (epochMs: number, minutes: number) => new Date(epochMs + minutes * 60_000);

const dayOf = (wall: Date) => wall.toISOString().slice(0, 10);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in force in the zone at an instant, from the platform's time-zone data (ICU). */
function zoneMinutesAt(zone: string, epochMs: number): number {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(epochMs)) part[type] = Number(value);
  const seconds = Math.floor(epochMs / 1000) * 1000;
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return Math.round((wall - seconds) / 60_000);
}

function displayTimeFrom(basis: string, minutesAt: (epochMs: number) => number): DisplayTime {
  const dayStart = (day: string): number => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const midnight = Date.UTC(y, m - 1, d);
    // The offsets in force around the day; the day starts at the earliest of their midnights that falls on it
    // (where a zone skips midnight, its first valid time: the change's instant).
    const offsets = new Set([minutesAt(midnight - DAY_MS), minutesAt(midnight), minutesAt(midnight + DAY_MS)]);
    const starts = [...offsets]
      .map((minutes) => midnight - minutes * 60_000)
      .filter((at) => dayOf(wallClock(at, minutesAt(at))) === day);
    return starts.length ? Math.min(...starts) : midnight - minutesAt(midnight) * 60_000;
  };
  const nextDay = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  };
  return {
    basis,
    offsetAt: (epochMs) => offsetText(minutesAt(epochMs)),
    dayStart,
    dayEnd: (day) => dayStart(nextDay(day)),
    format(epochMs) {
      const at = wallClock(epochMs, minutesAt(epochMs));
      const date = `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()}`;
      return `${date} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
    },
    fileDate(epochMs) {
      const [y, m, d] = dayOf(wallClock(epochMs, minutesAt(epochMs))).split('-');
      return `${m}-${d}-${y}`;
    },
  };
}

/** A report's display time: by the zone's rules when a zone is given, else at the fixed offset. */
export function displayTime(timeZone: string | null | undefined, offset: string): DisplayTime {
  if (timeZone) return displayTimeFrom(timeZone, (epochMs) => zoneMinutesAt(timeZone, epochMs));
  const minutes = offsetMinutes(offset);
  return displayTimeFrom(offset, () => minutes);
}

/** The display time a report body asks for: `timeZone`, else `displayTimeZone`, else the default offset. */
export const displayTimeOf = (
  body: { timeZone?: string | null; displayTimeZone?: string | null },
  defaultOffset: string = DEFAULT_DISPLAY_OFFSET,
): DisplayTime => displayTime(body.timeZone, body.displayTimeZone ?? defaultOffset);

/**
 * [from, to) of the days `startDate`..`endDate` (YYYY-MM-DD), the end day included; either end may be open. A start
 * after the end is the error of docs/product/reports.md#filters.
 */
export function windowIn(
  time: DisplayTime,
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): { from: Date | null; to: Date | null } | { error: string } {
  if (startDate && endDate && startAfterEnd(startDate, endDate)) return { error: END_BEFORE_START_MESSAGE };
  return {
    from: startDate && DATE_PATTERN.test(startDate) ? new Date(time.dayStart(startDate)) : null,
    to: endDate && DATE_PATTERN.test(endDate) ? new Date(time.dayEnd(endDate)) : null,
  };
}
