import { MAX_RANGE_DAYS } from './report-types';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * The wizard's date rules (docs/product/analytic-reports.md#submit-rules-server), which the server applies too: the
 * start is not after today; the end is not before the start ('End date must be greater') nor after the earlier of start
 * plus 90 days and today. Returns the field errors.
 */
export function dateRangeErrors(
  startDate: string,
  endDate: string,
  today: string,
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const start = dayNumber(startDate);
  const end = dayNumber(endDate);
  const now = dayNumber(today);
  if (start > now) errors.push({ field: 'startDate', message: 'Start date cannot be later than today' });
  if (end < start) errors.push({ field: 'endDate', message: 'End date must be greater' });
  else if (end > Math.min(start + MAX_RANGE_DAYS, now))
    errors.push({
      field: 'endDate',
      message: `End date must be within ${MAX_RANGE_DAYS} days of the start date and not after today`,
    });
  return errors;
}
