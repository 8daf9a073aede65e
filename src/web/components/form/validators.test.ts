import { composeValidators, email, matchesField, maxLength, minLength, required } from './validators';

describe('validators', () => {
  it('required rejects empty and blank values', () => {
    const validate = required('Required');
    expect(validate('', {})).toBe('Required');
    expect(validate('   ', {})).toBe('Required');
    expect(validate(undefined, {})).toBe('Required');
    expect(validate('x', {})).toBeUndefined();
  });

  it('email accepts addresses and leaves empty values to required', () => {
    const validate = email('Invalid');
    expect(validate('ada@acme.test', {})).toBeUndefined();
    expect(validate('ada@acme', {})).toBe('Invalid');
    expect(validate('ada acme.test', {})).toBe('Invalid');
    expect(validate('', {})).toBeUndefined();
  });

  it('checks lengths and matching fields', () => {
    expect(maxLength(3, 'Long')('abcd', {})).toBe('Long');
    expect(maxLength(3, 'Long')('abc', {})).toBeUndefined();
    expect(minLength(3, 'Short')('ab', {})).toBe('Short');
    expect(matchesField('password', 'Mismatch')('a', { password: 'b' })).toBe('Mismatch');
    expect(matchesField('password', 'Mismatch')('a', { password: 'a' })).toBeUndefined();
  });

  it('composes validators, reporting the first failure', () => {
    const validate = composeValidators(required('Required'), email('Invalid'));
    expect(validate('', {})).toBe('Required');
    expect(validate('nope', {})).toBe('Invalid');
    expect(validate('ada@acme.test', {})).toBeUndefined();
  });
});
