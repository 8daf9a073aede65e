import { maxFollowUpDay, numberOr, utcOf } from './outcome-draft';

test('outcome draft: days as UTC midnights, at most two days ahead, empty choices as null', () => {
  expect(utcOf('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
  expect(maxFollowUpDay('2026-02-27')).toBe('2026-03-01');
  expect(maxFollowUpDay('2026-12-31')).toBe('2027-01-02');
  expect(numberOr('')).toBeNull();
  expect(numberOr('7')).toBe(7);
});
