import { authorizationApplicationOf, getErrorMessage, getFieldErrors, isIpBlockedError } from './error-message';

describe('getErrorMessage', () => {
  it('prefers the server message', () => {
    expect(getErrorMessage({ status: 401, data: { message: 'Invalid email or password.' } }, 'fallback')).toBe(
      'Invalid email or password.',
    );
  });

  it('uses the error’s own message when the server sent none', () => {
    expect(getErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'fallback')).toBe(
      'TypeError: Failed to fetch',
    );
    expect(getErrorMessage({ name: 'Error', message: 'Aborted' }, 'fallback')).toBe('Aborted');
  });

  it('falls back otherwise', () => {
    expect(getErrorMessage({ status: 400, data: {} }, 'fallback')).toBe('fallback');
    expect(getErrorMessage({ status: 400, data: { message: '  ' } }, 'fallback')).toBe('fallback');
    expect(getErrorMessage(undefined, 'fallback')).toBe('fallback');
  });
});

describe('error body readers', () => {
  it('reads 422 field errors, first message per field', () => {
    expect(
      getFieldErrors({
        status: 422,
        data: {
          message: 'Invalid',
          errors: [
            { field: 'password', message: 'Too short' },
            { field: 'password', message: 'Too plain' },
            { field: 'token', message: 'Expired' },
          ],
        },
      }),
    ).toEqual({ password: 'Too short', token: 'Expired' });
    expect(getFieldErrors({ status: 500, data: 'oops' })).toEqual({});
  });

  it('recognises the blocked-IP answer and the authorization marker', () => {
    expect(isIpBlockedError({ status: 403, data: { message: 'Blocked', code: 'IP_BLOCKED' } })).toBe(true);
    expect(isIpBlockedError({ status: 403, data: { message: 'Forbidden', code: 'FORBIDDEN' } })).toBe(false);
    expect(authorizationApplicationOf({ message: 'x', authorization: { application: 'Inactive account' } })).toBe(
      'Inactive account',
    );
    expect(authorizationApplicationOf({ message: 'x' })).toBeNull();
  });
});
