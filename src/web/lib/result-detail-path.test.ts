import { irnOfDetailSegment, resultDetailPath } from './result-detail-path';

test('the detail path carries the IRN after resultdetail:, escaped, and reads back from the decoded segment', () => {
  expect(resultDetailPath(7, 'IRN-0042')).toBe('/main/project/7/results/resultdetail:IRN-0042');
  expect(resultDetailPath(7, 'A B/1')).toBe('/main/project/7/results/resultdetail:A%20B%2F1');
  expect(irnOfDetailSegment('resultdetail:IRN-0042')).toBe('IRN-0042');
  expect(irnOfDetailSegment(decodeURIComponent('resultdetail:A%20B%2F1'))).toBe('A B/1');
});

test('any other segment, or an empty name, is not a detail page', () => {
  expect(irnOfDetailSegment('resultdetail:')).toBeNull();
  expect(irnOfDetailSegment('details:IRN1')).toBeNull();
  expect(irnOfDetailSegment(undefined)).toBeNull();
});
