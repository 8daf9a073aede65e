type YieldingScheduler = { scheduler?: { yield?: () => Promise<void> } };

/**
 * Resolves in a new task, so the browser can paint and handle input in between: long work split at these points
 * makes several short tasks instead of one long one (ADR 0082). `scheduler.yield` where the browser has it.
 */
export const nextTask = (): Promise<void> =>
  (globalThis as YieldingScheduler).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
