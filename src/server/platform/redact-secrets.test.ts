import { redactSecretQueryParameters } from './redact-secrets';

test('the token of a link is redacted in a log URL, plain text and HTML, and nothing else changes', () => {
  expect(redactSecretQueryParameters('/resetPassword?token=abc-123_x')).toBe('/resetPassword?token=[redacted]');
  expect(redactSecretQueryParameters('Open http://v.test/resetPassword?token=abc123 within 24 hours.')).toBe(
    'Open http://v.test/resetPassword?token=[redacted] within 24 hours.',
  );
  expect(redactSecretQueryParameters('<a href="http://v.test/x?lang=es&amp;token=abc">link</a>')).toBe(
    '<a href="http://v.test/x?lang=es&amp;token=[redacted]">link</a>',
  );
  expect(redactSecretQueryParameters('/cb?access_token=a&state=1#id_token=b')).toBe(
    '/cb?access_token=[redacted]&state=1#id_token=b',
  );
  expect(redactSecretQueryParameters('Your access code is 123456; tokens are not links.')).toBe(
    'Your access code is 123456; tokens are not links.',
  );
});
