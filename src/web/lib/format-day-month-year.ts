const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * An ISO calendar date (`2026-01-15`, or the date part of a timestamp) in the product's DD-MMM-YYYY
 * format (`15-Jan-2026`), read as written so no time zone can move it to another day. Anything that is
 * not such a date is returned unchanged.
 */
export const formatDayMonthYear = (isoDate: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || month === undefined) return isoDate;
  return `${match[3]}-${month}-${match[1]}`;
};
