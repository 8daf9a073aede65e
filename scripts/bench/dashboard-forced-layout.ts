/**
 * Style and layout that the dashboard's scripts force on a phone (issue 29, ADR 0151): signs in, loads
 * `/main/dashboard` at 412 × 823 (1.75, mobile) with the CPU slowed 4 times under a DevTools timeline trace until the
 * doughnut drew, and reports per load the style recalculations and layouts run inside a script (the trace's
 * `UpdateLayoutTree` and `Layout` events with a stack: JavaScript asked for a size or a computed style before the
 * browser would have done the work in its own frame), by the function that asked, beside the main thread's long tasks.
 * Forced work lengthens the task it falls in; left to the frame, it runs as a task of its own.
 * Each long task is named by the chunks on the stacks of what it did (layout invalidated or forced, styles, DOM
 * changes: the trace's events with a stack), `charts` (ApexCharts, ADR 0154) first when it is among them,
 * and the load counts until 3 s after the doughnut's slices are in the page (mounted, not only created).
 * With two origins the builds alternate, load by load.
 * `npx tsx scripts/bench/dashboard-forced-layout.ts <origin> [<other origin>] [rounds, default 3]`.
 */
import { loadavg } from 'node:os';
import puppeteer from 'puppeteer-core';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from '../chromium-flags';
import { signedInPage } from '../lib/signed-in-page';
import { busiestRendererMain, threadOf } from '../lib/trace-main-thread';
import { taskKinds } from '../lib/trace-task-kinds';

const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** How long the trace goes on once the doughnut is drawn. */
const SETTLE_MS = 3000;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    beginData?: { stackTrace?: StackFrame[] };
    data?: { stackTrace?: StackFrame[] };
  };
}
interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface LoadFigures {
  forcedMs: number;
  forcedBy: Map<string, number>;
  longTasks: number[];
  /** The long tasks, longest first, each named by the chunks on its events' stacks (`charts` first; `-` if none). */
  namedTasks: { ms: number; chunk: string }[];
  /** The tasks of LISTED_TASK_MS or more, in order: start after the first contentful paint, and self time by kind. */
  listedTasks: { afterFcpMs: number; ms: number; kinds: Map<string, number> }[];
}

/** A task this long is listed with what it did, by kind (the target: none over 200 ms, issue 29); LISTED_TASK_MS=<ms>. */
const LISTED_TASK_MS = Number(process.env.LISTED_TASK_MS ?? 200);

/** `http://…/charts.330646c2e4.js` → `charts`; undefined for what is not one of the console's chunks. */
const chunkOf = (url: string) => /^https?:\/\/.*\/([^/]+)\.[0-9a-f]{10}\.js/.exec(url)?.[1];
const stackOf = (event: TraceEvent) => event.args?.beginData?.stackTrace ?? event.args?.data?.stackTrace ?? [];

export function forcedWork(events: TraceEvent[]): LoadFigures {
  const main = busiestRendererMain(events);
  const onMain = events.filter((e) => threadOf(e) === main);
  const forcedBy = new Map<string, number>();
  let forcedMs = 0;
  const open: TraceEvent[] = [];
  const count = (event: TraceEvent, durUs: number) => {
    const stack = event.args?.beginData?.stackTrace;
    if (!stack?.length) return;
    const top = stack[0]!;
    const who = `${top.functionName || '(anonymous)'} ${top.url.replace(/^.*\//, '')}:${top.lineNumber}`;
    forcedBy.set(who, (forcedBy.get(who) ?? 0) + durUs / 1000);
    forcedMs += durUs / 1000;
  };
  for (const e of onMain) {
    if (e.name !== 'Layout' && e.name !== 'UpdateLayoutTree') continue;
    if (e.ph === 'X') count(e, e.dur ?? 0);
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.findLast((b) => b.name === e.name);
      if (begin) {
        open.splice(open.indexOf(begin), 1);
        count(begin, e.ts - begin.ts);
      }
    }
  }
  const longRuns = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= LONG_TASK_MS * 1000);
  const longTasks = longRuns.map((e) => e.dur! / 1000).sort((a, b) => b - a);
  const withStacks = onMain.filter((e) => stackOf(e).length > 0);
  const namedTasks = longRuns
    .map((task) => {
      const chunks = new Set(
        withStacks
          .filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur!)
          .flatMap((e) => stackOf(e).map((frame) => chunkOf(frame.url)))
          .filter((chunk) => chunk !== undefined),
      );
      const chunk = chunks.has('charts') ? 'charts' : ([...chunks][0] ?? '-');
      return { ms: task.dur! / 1000, chunk };
    })
    .sort((a, b) => b.ms - a.ms);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? Number.NaN;
  const listed = longRuns.filter((task) => task.dur! >= LISTED_TASK_MS * 1000).sort((a, b) => a.ts - b.ts);
  const kinds = taskKinds(
    onMain,
    listed.map((task) => ({ ts: task.ts, dur: task.dur! })),
  );
  const listedTasks = listed.map((task, i) => ({
    afterFcpMs: (task.ts - fcp) / 1000,
    ms: task.dur! / 1000,
    kinds: kinds[i]!,
  }));
  return { forcedMs, forcedBy, longTasks, namedTasks, listedTasks };
}

const args = process.argv.slice(2);
const roundsArg = args.length > 1 && /^\d+$/.test(args.at(-1)!) ? Number(args.pop()) : 3;
const origins = args.map((origin) => origin.replace(/\/+$/, ''));
if (origins.length === 0) throw new Error('usage: dashboard-forced-layout.ts <origin> [<other origin>] [rounds]');
const browser = await puppeteer.launch({
  executablePath: HEADLESS_CHROMIUM,
  args: HEADLESS_CHROMIUM_FLAGS,
  defaultViewport: null,
});
const ms = (value: number) => `${Math.round(value)} ms`;
try {
  console.log(`forced style and layout of the dashboard's load, phone, ${CPU_SLOWDOWN}× CPU, ${roundsArg} rounds`);
  for (let round = 0; round < roundsArg; round++) {
    for (const origin of origins) {
      const page = await signedInPage(browser, origin);
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setDeviceMetricsOverride', PHONE);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.tracing.start({
        categories: [
          'devtools.timeline',
          'loading',
          'v8.execute',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.stack',
        ],
      });
      await page.goto(`${origin}/main/dashboard`, { waitUntil: 'networkidle2', timeout: 120_000 });
      await page.waitForSelector('[data-testid="order-doughnut"] .apexcharts-pie-area', { timeout: 120_000 });
      // The same window for every build: work a build puts off past the doughnut is still counted.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as {
        traceEvents: TraceEvent[];
      };
      const { forcedMs, forcedBy, longTasks, namedTasks, listedTasks } = forcedWork(trace.traceEvents);
      const charts = namedTasks.filter((task) => task.chunk === 'charts');
      const top = [...forcedBy]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([who, time]) => `${who} ${ms(time)}`);
      console.log(
        `  round ${round + 1}, ${origin} (load ${loadavg()[0]!.toFixed(1)}): forced ${ms(forcedMs)} [${top.join(', ')}]; ` +
          `long tasks ${longTasks.length}, longest ${longTasks.slice(0, 3).map(ms).join(' / ')}, ` +
          `blocking ${ms(longTasks.reduce((sum, d) => sum + d - LONG_TASK_MS, 0))}; ` +
          `by chunk ${namedTasks
            .slice(0, 4)
            .map((task) => `${task.chunk} ${ms(task.ms)}`)
            .join(', ')}; charts' long tasks ${charts.map((task) => ms(task.ms)).join(' / ') || 'none'}`,
      );
      for (const task of listedTasks) {
        const kinds = [...task.kinds]
          .filter(([, time]) => time >= 5)
          .slice(0, 6)
          .map(([kind, time]) => `${kind} ${ms(time)}`);
        console.log(
          `    task ${ms(task.ms)} at FCP ${task.afterFcpMs >= 0 ? '+' : ''}${ms(task.afterFcpMs)}: ${kinds.join(', ')}`,
        );
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
}
