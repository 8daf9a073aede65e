import { formatAmount, latestFollowUpDay, outcomeProblems, parseAmount, utcMidnight } from './outcome-rules';

const DAY = 86_400_000;
const today = Date.UTC(2026, 10, 26);
const options = { latestDay: latestFollowUpDay(today), currencies: [1, 2] };
const valid = { outcomeTrackingActionId: 1, followUpDate: today, note: 'Denied' };

test('status, date and note are required; the note is trimmed', () => {
  expect(outcomeProblems({}, options).map((p) => [p.field, p.message])).toEqual([
    ['outcomeTrackingActionId', 'This field is required'],
    ['followUpDate', 'This field is required'],
    ['note', 'This field is required'],
  ]);
  expect(outcomeProblems({ ...valid, note: '   ' }, options)).toEqual([
    { field: 'note', code: 'required', message: 'This field is required' },
  ]);
  expect(outcomeProblems(valid, options)).toEqual([]);
});

test('the amount goes with a currency: required with one, refused without, two decimals at most', () => {
  expect(outcomeProblems({ ...valid, currency: 1 }, options)).toEqual([
    { field: 'amount', code: 'required', message: 'This field is required' },
  ]);
  expect(outcomeProblems({ ...valid, amount: 5 }, options)[0]!.field).toBe('amount');
  expect(outcomeProblems({ ...valid, currency: 1, amount: 5.555 }, options)[0]!.field).toBe('amount');
  expect(outcomeProblems({ ...valid, currency: 3, amount: 5 }, options)[0]!.field).toBe('currency');
  expect(outcomeProblems({ ...valid, currency: 2, amount: 1234.5 }, options)).toEqual([]);
});

test('the date is at most two days ahead', () => {
  expect(outcomeProblems({ ...valid, followUpDate: today + 2 * DAY + 5000 }, options)).toEqual([]);
  expect(outcomeProblems({ ...valid, followUpDate: today + 3 * DAY }, options)[0]!.field).toBe('followUpDate');
  expect(utcMidnight(today + 5000)).toBe(today);
});

test('amounts are typed with separators and shown with thousands separators', () => {
  expect(parseAmount('1,234.50')).toBe(1234.5);
  expect(parseAmount('')).toBeNull();
  expect(parseAmount('12a')).toBeNaN();
  expect(parseAmount('1.234')).toBeNaN();
  expect(formatAmount(1234567)).toBe('1,234,567');
  expect(formatAmount(1234.5)).toBe('1,234.50');
  expect(formatAmount(null)).toBe('');
});
