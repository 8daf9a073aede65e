/**
 * The date window of the reports' filters (002 §4.3): start and end dates are whole days in the chosen display
 * offset (default Pacific, -08:00), the end day included; times are shown in the same offset. Pure TypeScript.
 */
export const DEFAULT_DISPLAY_OFFSET = '-08:00';
export const START_AFTER_END = 'Start date must not be after the end date.';

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** Minutes east of UTC of a ±hh:mm offset, or null when it is not one (at most ±14:00). */
export function offsetMinutes(offset: string): number | null {
  const match = OFFSET.exec(offset);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (minutes > 14 * 60 || Number(match[3]) >= 60) return null;
  return match[1] === '-' ? -minutes : minutes;
}

/** [from, to) in UTC for the days `startDate`..`endDate` (YYYY-MM-DD) at `offset`; either end may be open. */
export function reportWindow(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  offset: string,
): { from: Date | null; to: Date | null } | { error: string } {
  const minutes = offsetMinutes(offset) ?? 0;
  const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - minutes * 60_000);
  const from = startDate ? dayStart(startDate) : null;
  const to = endDate ? new Date(dayStart(endDate).getTime() + 86_400_000) : null;
  if (from && to && from.getTime() >= to.getTime()) return { error: START_AFTER_END };
  return { from, to };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `MM/DD/YYYY hh:mm:ss AM` at the offset, as the reports show call and upload times. */
export function formatAtOffset(at: Date, offset: string): string {
  const shifted = new Date(at.getTime() + (offsetMinutes(offset) ?? 0) * 60_000);
  const hours = shifted.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}/${shifted.getUTCFullYear()} ` +
    `${pad(twelve)}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}

/** The duration filter of 002 §4.3: seconds, a maximum of 0 meaning no upper bound. */
export function durationBounds(min: number | null | undefined, max: number | null | undefined) {
  return { min: min && min > 0 ? min : null, max: max && max > 0 ? max : null };
}
