import { groupAccessCode, resultPdfFileName } from './result-rules';

test('access codes show in groups of 3, 3 and the rest', () => {
  expect(groupAccessCode('1234567890')).toBe('123 456 7890');
  expect(groupAccessCode('123-45')).toBe('123 45');
  expect(groupAccessCode(null)).toBe('');
});

test('a PDF is named result_{irn}.pdf', () => {
  expect(resultPdfFileName('AC0001', 7)).toBe('result_AC0001.pdf');
  expect(resultPdfFileName('a/b', 7)).toBe('result_a_b.pdf');
  expect(resultPdfFileName(null, 7)).toBe('result_7.pdf');
});
