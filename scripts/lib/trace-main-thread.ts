/** The fields of a Chromium trace event that finding the page's main thread reads. */
export interface ThreadEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: unknown;
}

/** An event's thread as `pid:tid`. */
export const threadOf = (event: ThreadEvent) => `${event.pid}:${event.tid}`;

/**
 * The page's main thread (`pid:tid`): of the threads named CrRendererMain, the one whose RunTask events add up to the
 * most time over the trace (the trace may hold other renderers). Undefined when the trace names none.
 */
export function busiestRendererMain(events: readonly ThreadEvent[]): string | undefined {
  const renderers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name')
      .filter((e) => (e.args as { name?: string } | undefined)?.name === 'CrRendererMain')
      .map(threadOf),
  );
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && renderers.has(threadOf(e)))
      busy.set(threadOf(e), (busy.get(threadOf(e)) ?? 0) + (e.dur ?? 0));
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}
