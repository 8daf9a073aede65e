import type { FieldMetaState } from 'react-final-form';

/**
 * The message a field shows: its validation error once touched, or the server's error for it from the last
 * submit until the value changes.
 */
export const fieldError = (meta: FieldMetaState): string | undefined => {
  if (meta.touched && typeof meta.error === 'string') return meta.error;
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
};
