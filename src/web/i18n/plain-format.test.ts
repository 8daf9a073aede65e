import { SUPPORTED_LOCALES } from './activate-locale';
import { formatMonthYear, formatWholeNumber } from './plain-format';

const intlNumber = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);
const intlMonth = (year: number, month: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

/** Every length of number up to the largest exact one, each with its neighbours and its negative. */
const wholeNumbers = (): number[] => {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 1_000_000];
  for (let power = 1; power <= 15; power++) {
    const round = 10 ** power;
    values.push(round - 1, round, round + 1, Math.floor(round * 1.234_567));
  }
  values.push(Number.MAX_SAFE_INTEGER);
  return [...values, ...values.map((value) => -value).filter((value) => value !== 0)];
};

describe('formatWholeNumber', () => {
  it.each(SUPPORTED_LOCALES)('writes whole numbers in %s exactly as Intl does', (locale) => {
    for (const value of wholeNumbers()) expect(formatWholeNumber(value, locale)).toBe(intlNumber(value, locale));
  });

  it('groups by each language’s own rule', () => {
    expect(formatWholeNumber(1234, 'en')).toBe('1,234');
    expect(formatWholeNumber(1234, 'es')).toBe('1234');
    expect(formatWholeNumber(12_345, 'es')).toBe('12.345');
    expect(formatWholeNumber(1_234_567, 'tl')).toBe('1,234,567');
  });

  it('hands fractions, unsafe integers and other languages to Intl', () => {
    expect(formatWholeNumber(1234.5, 'en')).toBe(intlNumber(1234.5, 'en'));
    expect(formatWholeNumber(2 ** 60, 'en')).toBe(intlNumber(2 ** 60, 'en'));
    expect(formatWholeNumber(1234, 'de')).toBe('1.234');
  });
});

describe('formatMonthYear', () => {
  it.each(SUPPORTED_LOCALES)('names every month in %s exactly as Intl does', (locale) => {
    for (const year of [1999, 2025, 2026]) {
      for (let month = 1; month <= 12; month++) {
        expect(formatMonthYear(year, month, locale)).toBe(intlMonth(year, month, locale));
      }
    }
  });

  it('hands other languages and out-of-range dates to Intl', () => {
    expect(formatMonthYear(2026, 3, 'de')).toBe(intlMonth(2026, 3, 'de'));
    expect(formatMonthYear(2026, 13, 'en')).toBe(intlMonth(2026, 13, 'en'));
    expect(formatMonthYear(202, 3, 'en')).toBe(intlMonth(202, 3, 'en'));
  });
});
