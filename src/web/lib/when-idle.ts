/**
 * Calls back once the browser is idle (after a paint), at the latest after `timeoutMs`; returns how to cancel. Where
 * there is no requestIdleCallback (jsdom), in the next task.
 */
export const whenIdle = (callback: () => void, timeoutMs: number): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
};
