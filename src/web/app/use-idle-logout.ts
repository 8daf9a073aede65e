import { useEffect } from 'react';
import { clock, type TimerHandle } from '../lib/clock';

/** Idle time after which the user is signed out (docs/product/shell-and-session.md#idle-logout). */
export const IDLE_TIMEOUT_MS = 10_800_000;

/** What counts as activity (docs/product/shell-and-session.md#idle-logout). */
export const ACTIVITY_EVENTS = ['mousemove', 'click', 'scroll', 'keydown'] as const;

/** Calls `onIdle` once no activity has been seen for `timeoutMs`; every activity starts the wait again. */
export function useIdleLogout(timeoutMs: number, onIdle: () => void): void {
  useEffect(() => {
    let timer: TimerHandle = clock.setTimeout(onIdle, timeoutMs);
    const restart = () => {
      clock.clearTimeout(timer);
      timer = clock.setTimeout(onIdle, timeoutMs);
    };
    // Capture, so that scrolling inside any element (scroll does not bubble) counts as well.
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, restart, { capture: true, passive: true });
    return () => {
      clock.clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, restart, { capture: true });
    };
  }, [timeoutMs, onIdle]);
}
