import { EMAIL_PATTERN } from '../../../shared/email-rules';

/** Final-form field validators: each returns the message to show, or undefined when the value is fine. */
export type Validator<Value = unknown> = (value: Value, allValues: object) => string | undefined;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const required =
  (message: string): Validator =>
  (value) =>
    isBlank(value) ? message : undefined;

export const email =
  (message: string): Validator =>
  (value) =>
    typeof value === 'string' && value !== '' && !EMAIL_PATTERN.test(value.trim()) ? message : undefined;

export const maxLength =
  (limit: number, message: string): Validator =>
  (value) =>
    typeof value === 'string' && value.length > limit ? message : undefined;

export const minLength =
  (limit: number, message: string): Validator =>
  (value) =>
    typeof value === 'string' && value !== '' && value.length < limit ? message : undefined;

/** The value must equal another field's value (e.g. password confirmation). */
export const matchesField =
  (otherField: string, message: string): Validator =>
  (value, allValues) =>
    value !== (allValues as Record<string, unknown>)[otherField] ? message : undefined;

/** Runs validators in order and reports the first failure. */
export const composeValidators =
  (...validators: Validator[]): Validator =>
  (value, allValues) => {
    for (const validate of validators) {
      const message = validate(value, allValues);
      if (message !== undefined) return message;
    }
    return undefined;
  };

/** An optional positive whole number: empty is fine (e.g. number of interviews, docs/product/admin-accounts.md#rules). */
export const positiveIntegerOrEmpty =
  (message: string): Validator =>
  (value) =>
    isBlank(value) || (typeof value === 'string' && /^\d+$/.test(value.trim()) && Number(value) > 0)
      ? undefined
      : message;

/** North-American style phone: optional +country code, 3-3-4 digits, optional extension (docs/product/profile.md#rules, docs/product/admin-accounts.md#rules). */
export { PHONE_PATTERN } from '../../../shared/phone-pattern';

/** An optional value that must match a pattern when given. */
export const pattern =
  (expression: RegExp, message: string): Validator =>
  (value) =>
    isBlank(value) || (typeof value === 'string' && expression.test(value.trim())) ? undefined : message;
