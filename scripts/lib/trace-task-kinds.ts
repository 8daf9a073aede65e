/**
 * What a long task of a Chromium trace did, by kind (issue 29): the self time of the trace's events inside it, by
 * event name (`ParseHTML`, `EvaluateScript`, `v8.compile`, `FunctionCall`, `UpdateLayoutTree`, `Layout`, `Paint`,
 * `MinorGC`…), a script's events named with the chunk they ran (`EvaluateScript main`). A sampling profile calls the
 * browser's own work "(program)"; the trace's events say whether it was parsing, compiling, styles or layout.
 */
export interface KindEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  args?: unknown;
}

interface Span {
  name: string;
  ts: number;
  end: number;
  label: string;
}

/** `http://…/shell.6199fe82a8.js` → `shell`; the document's own scripts → `document`. */
const chunkOfUrl = (url: string) =>
  /\/([^/]+)\.[0-9a-f]{10}\.js/.exec(url)?.[1] ?? (/^https?:/.test(url) ? 'document' : undefined);

const urlOf = (event: KindEvent): string | undefined => {
  const args = event.args as { data?: { url?: string; fileName?: string }; fileName?: string } | undefined;
  return args?.data?.url ?? args?.data?.fileName ?? args?.fileName;
};

const labelOf = (event: KindEvent) => {
  const url = urlOf(event);
  const chunk = url ? chunkOfUrl(url) : undefined;
  return chunk ? `${event.name} ${chunk}` : event.name;
};

/** The main thread's events as spans (complete events, and begin/end pairs joined), in start order, outer first. */
function spansOf(events: readonly KindEvent[]): Span[] {
  const spans: Span[] = [];
  const open = new Map<string, KindEvent[]>();
  for (const e of events) {
    if (e.ph === 'X') spans.push({ name: e.name, ts: e.ts, end: e.ts + (e.dur ?? 0), label: labelOf(e) });
    else if (e.ph === 'B') open.set(e.name, [...(open.get(e.name) ?? []), e]);
    else if (e.ph === 'E') {
      const begin = open.get(e.name)?.pop();
      if (begin) spans.push({ name: e.name, ts: begin.ts, end: e.ts, label: labelOf(begin) });
    }
  }
  return spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
}

/**
 * For each task (a `RunTask` span of `tasks`), its events' self time in ms by label, largest first. `events` are the
 * main thread's.
 */
export function taskKinds(
  events: readonly KindEvent[],
  tasks: readonly { ts: number; dur: number }[],
): Map<string, number>[] {
  const spans = spansOf(events).filter((span) => span.name !== 'RunTask');
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = spans.filter((span) => span.ts >= task.ts && span.ts < end);
    const self = new Map<string, number>();
    const stack: { span: Span; childUs: number }[] = [];
    const close = (upTo: number) => {
      while (stack.length > 0 && stack.at(-1)!.span.end <= upTo) {
        const { span, childUs } = stack.pop()!;
        const own = Math.min(span.end, end) - span.ts - childUs;
        self.set(span.label, (self.get(span.label) ?? 0) + Math.max(0, own) / 1000);
        if (stack.length > 0) stack.at(-1)!.childUs += Math.min(span.end, end) - span.ts;
      }
    };
    for (const span of inside) {
      close(span.ts);
      stack.push({ span, childUs: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const covered = [...self.values()].reduce((sum, ms) => sum + ms, 0);
    self.set('(task, no event)', Math.max(0, task.dur / 1000 - covered));
    return new Map([...self].sort((a, b) => b[1] - a[1]));
  });
}
