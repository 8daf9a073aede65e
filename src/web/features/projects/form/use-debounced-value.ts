import { useEffect, useState } from 'react';
import { clock } from '../../../lib/clock';

/**
 * Live checks run this long after the last keystroke (docs/product/project-form.md#rules,
 * docs/product/project-form.md#limits: project code and phone checks, 1 s).
 */
export const LIVE_CHECK_DEBOUNCE_MS = 1000;

/** `value` once it has not changed for `ms` (through lib/clock, so tests can move time). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = clock.setTimeout(() => setSettled(value), ms);
    return () => clock.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
