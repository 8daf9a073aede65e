/**
 * The one seam through which the console reads time and schedules work, so tests can move time
 * (jest fake timers replace the globals these delegate to at call time).
 */
export type TimerHandle = ReturnType<typeof globalThis.setTimeout>;

export const clock = {
  now: (): number => Date.now(),
  setTimeout: (callback: () => void, ms: number): TimerHandle => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle: TimerHandle): void => globalThis.clearTimeout(handle),
};
