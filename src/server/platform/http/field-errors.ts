import { type FieldError, HttpError } from './http-error';

export const VALIDATION_FAILED_MESSAGE = 'Please correct the highlighted fields.';

/** Collects a form's field errors (the first per field); `throwIfAny` answers 422 with all of them. */
export class FieldErrors {
  readonly errors: FieldError[] = [];

  add(field: string, message: string): void {
    if (!this.errors.some((e) => e.field === field)) this.errors.push({ field, message });
  }

  required(field: string, value: string | null | undefined, message: string): string {
    const text = value?.trim() ?? '';
    if (!text) this.add(field, message);
    return text;
  }

  throwIfAny(): void {
    if (this.errors.length) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { code: 'VALIDATION_FAILED', errors: this.errors });
    }
  }
}
