import { useEffect, useState } from 'react';
import { clock } from '../../lib/clock';

export const REFRESH_COOLDOWN_SECONDS = 30;

/**
 * The refresh button's cooldown (docs/product/analytic-reports.md#page): after use it stays disabled for 30 s, counting
 * down each second.
 */
export function useRefreshCooldown(seconds = REFRESH_COOLDOWN_SECONDS) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const handle = clock.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clock.clearTimeout(handle);
  }, [left]);
  return { secondsLeft: left, start: () => setLeft(seconds) };
}
