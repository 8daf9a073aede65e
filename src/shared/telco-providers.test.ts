import { canonicalTelcoName, TELCO_PROVIDERS, telcoProviderName } from './telco-providers';

test('four carriers, each with a fixed key (docs/product/call-reports.md#carrier), one of them toll-free forwarding', () => {
  expect(TELCO_PROVIDERS.map((p) => p.key)).toEqual(['TOLL_FREE_FORWARDING', 'TWILIO', 'VONAGE', 'BANDWIDTH']);
  expect(telcoProviderName('TOLL_FREE_FORWARDING')).toBe('Toll-Free Forwarding');
});

test('a posted key or name in any spelling becomes the stored name; other text is kept', () => {
  expect(canonicalTelcoName('twilio')).toBe('Twilio');
  expect(canonicalTelcoName(' TOLL_FREE_FORWARDING ')).toBe('Toll-Free Forwarding');
  expect(canonicalTelcoName('toll free forwarding')).toBe('Toll-Free Forwarding');
  expect(canonicalTelcoName('BANDWIDTH')).toBe('Bandwidth');
  expect(canonicalTelcoName('  Acme Telecom ')).toBe('Acme Telecom');
});
