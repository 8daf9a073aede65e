import { isAppLocale, type AppLocale } from './activate-locale';

/**
 * Whole numbers and month labels in the console's three languages without an `Intl` object (ADR 0198). The first
 * `Intl` object a page builds costs 150-220 ms of a phone's main thread in one task, however small the format: V8
 * builds the set of ICU's available locales (docs/bench.md, round 23). The dashboard's tiles and activity chart
 * were the only ones its load built. These functions give what `Intl` gives (plain-format.test.ts compares every
 * case with it) and hand anything else to `Intl`: another language, a fraction, a number too large to be exact.
 */

/** CLDR's grouping of each language: its separator, and the fewest digits a number needs before it is grouped. */
const GROUPING: Record<AppLocale, { separator: string; fromDigits: number }> = {
  en: { separator: ',', fromDigits: 4 },
  // Spanish leaves four-digit numbers whole ("1234", "12.345"): CLDR's minimumGroupingDigits of 2.
  es: { separator: '.', fromDigits: 5 },
  tl: { separator: ',', fromDigits: 4 },
};

/** CLDR's abbreviated month names (format context), January first; each language writes them "MMM y". */
const SHORT_MONTHS: Record<AppLocale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  tl: ['Ene', 'Peb', 'Mar', 'Abr', 'May', 'Hun', 'Hul', 'Ago', 'Set', 'Okt', 'Nob', 'Dis'],
};

const grouped = (digits: string, separator: string): string => {
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) text += separator + digits.slice(at, at + 3);
  return text;
};

/** A whole number as the language writes it ("12,345", "12.345", "1234" in Spanish). */
export const formatWholeNumber = (value: number, locale: string): string => {
  if (!isAppLocale(locale) || !Number.isSafeInteger(value)) return new Intl.NumberFormat(locale).format(value);
  const { separator, fromDigits } = GROUPING[locale];
  const digits = String(Math.abs(value));
  const text = digits.length < fromDigits ? digits : grouped(digits, separator);
  return value < 0 ? `-${text}` : text;
};

/** A month of a year (month 1-12) as its short name and the year ("Mar 2026", "mar 2026", "Mar 2026"). */
export const formatMonthYear = (year: number, month: number, locale: string): string => {
  const name = isAppLocale(locale) ? SHORT_MONTHS[locale][month - 1] : undefined;
  if (name === undefined || !Number.isInteger(year) || year < 1000 || year > 9999) {
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    );
  }
  return `${name} ${year}`;
};
