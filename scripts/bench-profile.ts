/**
 * CPU profile of the sign-in and dashboard loads (`npm run bench -- --only profile`, issue 29): Chromium with 4×
 * CPU throttling and a phone's viewport (Lighthouse's mobile preset), the DevTools protocol's sampling profiler at
 * 200 µs, each sample's function mapped through dist/'s hidden source maps (ADR 0012) to its package or source
 * folder. Prints, median of the runs, the self time of each group, the browser's own work outside JavaScript, and
 * the long tasks (≥ 50 ms) the page observed. Bytes and scores are Lighthouse's (bench-lighthouse.ts); this says
 * where the main thread's time goes. BENCH_PROFILE_DETAIL=<package or folder> also lists that group's files and
 * functions (each at the line where it starts in its original file). Each listed task also gets the trace's events'
 * self time by kind (`UpdateLayoutTree`, `Layout`, `FunctionCall <chunk>`…) and, with BENCH_PROFILE_TASK_FUNCTIONS=<n>,
 * its n functions of most self time; BENCH_PROFILE_LOADS=dashboard profiles that load alone (ADR 0170);
 * BENCH_PROFILE_EVERY_RUN=1 lists the long tasks of every run, not only the median run's (ADR 0193).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { launch } from 'chrome-launcher';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './chromium-flags';
import { BENCH_USER, signedInPage } from './lib/signed-in-page';
import { busiestRendererMain, threadOf } from './lib/trace-main-thread';
import { taskKinds } from './lib/trace-task-kinds';

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 3);
/** BENCH_PROFILE_LOADS=dashboard profiles the dashboard's load alone (default: both loads). */
const LOADS = new Set((process.env.BENCH_PROFILE_LOADS ?? 'sign-in,dashboard').split(','));
const CPU_SLOWDOWN = 4;
const SAMPLING_INTERVAL_US = 200;
/** Lighthouse's mobile preset (moto g power): the viewport decides how many project cards are on screen. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };
const LONG_TASK_MS = 50;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface LoadProfile {
  /** Self time in ms by package (`@chakra-ui/react`), source folder (`src/web/app`) or browser bucket. */
  byGroup: Map<string, number>;
  /** Self time in ms by original source file, for BENCH_PROFILE_DETAIL. */
  byFile: Map<string, number>;
  /** Self time in ms by function (`file:line name`, the line in the original file), for BENCH_PROFILE_DETAIL. */
  byFunction: Map<string, number>;
  /** Time in ms by start-up step (STEP_FUNCTIONS: React's synchronous or time-sliced render, commit…), whole load. */
  byStep: Map<string, number>;
  longTasks: number[];
  /** Busy stretches of the main thread (samples between idle ones) of 50 ms or more, each with its self time by file. */
  spans: { ms: number; byFile: Map<string, number> }[];
  /** The main thread's tasks of 150 ms or more (the trace's RunTask), in order, each with its samples' self time by file. */
  tasks: {
    atMs: number;
    ms: number;
    byFile: Map<string, number>;
    byStep: Map<string, number>;
    byOwner: Map<string, number>;
    /** Self time by function (BENCH_PROFILE_TASK_FUNCTIONS lists the top ones). */
    byFunction: Map<string, number>;
    /** The trace's events' self time by kind (`UpdateLayoutTree`, `Layout`, `FunctionCall <chunk>`…). */
    kinds: Map<string, number>;
  }[];
}

/**
 * The start-up steps a sample can be inside, by the original name of a function on its stack (the innermost one
 * found names the step): React's synchronous and time-sliced render, its commit and passive effects, a module's
 * evaluation (webpack's require), a store dispatch. A long task's samples by step say whether its render yielded.
 */
const SYNC_RENDER = 'React render, synchronous';
const STEP_FUNCTIONS = new Map([
  ['workLoopSync', SYNC_RENDER],
  ['renderRootSync', SYNC_RENDER],
  ['performSyncWorkOnRoot', SYNC_RENDER],
  ['renderRootConcurrent', 'React render, time-sliced'],
  ['workLoopConcurrentByScheduler', 'React render, time-sliced'],
  ['workLoopConcurrent', 'React render, time-sliced'],
  ['commitRoot', 'React commit'],
  ['flushPassiveEffects', 'React passive effects'],
  ['__webpack_require__', 'module evaluation'],
  ['dispatch', 'store dispatch'],
]);
/**
 * A task this long is listed with what it ran: the target is none over 200 ms (issue 29). BENCH_PROFILE_LISTED_MS
 * lists shorter ones too (ADR 0168: to see the tasks a long one was split into).
 */
const LISTED_TASK_MS = Number(process.env.BENCH_PROFILE_LISTED_MS ?? 150);
/**
 * BENCH_PROFILE_TASKS_OF=<text> prints, run by run, every task (of 1 ms or more) one of whose trace events is labelled
 * with that text (`route-preload`: the tasks that ran the route preload script, ADR 0177), longest first.
 */
const TASKS_OF = process.env.BENCH_PROFILE_TASKS_OF;
const COLLECTED_TASK_MS = TASKS_OF ? Math.min(1, LISTED_TASK_MS) : LISTED_TASK_MS;
/** BENCH_PROFILE_EVERY_RUN=1 lists every run's tasks of LISTED_TASK_MS or more, each with its steps and owners. */
const EVERY_RUN = process.env.BENCH_PROFILE_EVERY_RUN === '1';
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: unknown;
}

const maps = new Map<string, TraceMap | null>();
function traceMapOf(dist: string, url: string): TraceMap | null {
  const file = join(dist, basename(new URL(url).pathname));
  if (!maps.has(file))
    maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  return maps.get(file)!;
}

/** `node_modules/@scope/name/…` → `@scope/name`; `src/web/app/…` → `src/web/app`; anything else as it is. */
export function groupOfSource(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = path.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const parts = path.split('/');
  if (parts[0] === 'src' && parts.length > 3) return parts.slice(0, 3).join('/');
  return path.startsWith('webpack/') ? 'webpack runtime' : path;
}

function attribute(
  profile: CpuProfile,
  dist: string,
  origin: string,
  runTasks: { ts: number; dur: number; kinds: Map<string, number> }[] = [],
): Omit<LoadProfile, 'longTasks'> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const where = new Map<number, { group: string; file: string; fn: string }>();
  const locate = (node: ProfileNode): { group: string; file: string; fn: string } => {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (!url) {
      const bucket = functionName.startsWith('(') ? functionName : '(browser built-ins)';
      return { group: bucket, file: bucket, fn: bucket };
    }
    if (!url.startsWith(origin)) return { group: '(other origin)', file: url, fn: url };
    const map = traceMapOf(dist, url);
    const position = map
      ? originalPositionFor(map, { line: Math.max(lineNumber, 0) + 1, column: Math.max(columnNumber, 0) })
      : null;
    if (!position?.source) return { group: `${basename(new URL(url).pathname)} (unmapped)`, file: url, fn: url };
    const file = position.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
    // The function's start, mapped: the line in the original file and its name there when the map has it.
    const fn = `${file}:${position.line} ${position.name ?? functionName}`;
    return { group: groupOfSource(position.source), file, fn };
  };
  const byGroup = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byStep = new Map<string, number>();
  const spans: LoadProfile['spans'] = [];
  let span: LoadProfile['spans'][number] | null = null;
  // The profile's clock is the trace's (µs): a sample belongs to the task whose span holds its time.
  const tasks = runTasks.map((task) => ({
    ...task,
    atMs: 0,
    ms: task.dur / 1000,
    byFile: new Map<string, number>(),
    byStep: new Map<string, number>(),
    byOwner: new Map<string, number>(),
    byFunction: new Map<string, number>(),
  }));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const nameOf = (id: number) => {
    const node = nodes.get(id);
    return node ? locate(node).fn.replace(/^.* /, '') : '';
  };
  const underSyncLane = (id: number | undefined): boolean =>
    id !== undefined && (nameOf(id) === 'performSyncWorkOnRoot' || underSyncLane(parents.get(id)));
  const steps = new Map<number, string>();
  const stepOf = (id: number): string => {
    if (!steps.has(id)) {
      const name = nameOf(id);
      const parent = parents.get(id);
      const step = STEP_FUNCTIONS.get(name);
      // A synchronous render outside performSyncWorkOnRoot is a time-sliced lane React finished synchronously: its
      // lane expired, or the store changed while it yielded (React renders it again to stay consistent).
      const named =
        step === SYNC_RENDER ? `${SYNC_RENDER} (${underSyncLane(id) ? 'sync lane' : 'expired or torn'})` : step;
      steps.set(id, named ?? (parent === undefined ? 'other' : stepOf(parent)));
    }
    return steps.get(id)!;
  };
  // The console's own function nearest the sample on its stack: which of our components or modules the time is under.
  const owners = new Map<number, string>();
  const ownerOf = (id: number): string => {
    if (!owners.has(id)) {
      const node = nodes.get(id);
      const fn = node ? locate(node).fn : '';
      const parent = parents.get(id);
      owners.set(id, fn.startsWith('src/') ? fn : parent === undefined ? '-' : ownerOf(parent));
    }
    return owners.get(id)!;
  };
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    at += profile.timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!where.has(id)) where.set(id, locate(nodes.get(id)!));
    const { group, file, fn } = where.get(id)!;
    const task = tasks.find((t) => at >= t.ts && at < t.ts + t.dur);
    if (group !== '(idle)') byStep.set(stepOf(id), (byStep.get(stepOf(id)) ?? 0) + ms);
    if (task) {
      task.byFile.set(file, (task.byFile.get(file) ?? 0) + ms);
      const step = stepOf(id);
      task.byStep.set(step, (task.byStep.get(step) ?? 0) + ms);
      const owner = ownerOf(id);
      task.byOwner.set(owner, (task.byOwner.get(owner) ?? 0) + ms);
      task.byFunction.set(fn, (task.byFunction.get(fn) ?? 0) + ms);
    }
    if (group === '(idle)') {
      if (span && span.ms >= LONG_TASK_MS) spans.push(span);
      span = null;
      continue;
    }
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    span ??= { ms: 0, byFile: new Map() };
    span.ms += ms;
    span.byFile.set(file, (span.byFile.get(file) ?? 0) + ms);
  }
  if (span && span.ms >= LONG_TASK_MS) spans.push(span);
  for (const task of tasks) task.atMs = (task.ts - profile.startTime) / 1000;
  // Tasks after the profile stopped (the tracing's own) are not the page's.
  return { byGroup, byFile, byFunction, byStep, spans, tasks: tasks.filter((task) => task.ts < at) };
}

async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Emulation.setDeviceMetricsOverride', PHONE);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Long tasks from the page's own observer, buffered from the navigation on.
  await page.evaluateOnNewDocument(`
    window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });
  `);
  return cdp;
}

async function profileLoad(page: Page, url: string, ready: string, dist: string, origin: string): Promise<LoadProfile> {
  // From a blank page, as Lighthouse navigates: otherwise the signed-in dashboard the page holds is restyled for the
  // phone's size and torn down (`Frame::Detach`) inside the profile, a long task that is not the load's.
  await page.goto('about:blank');
  const cdp = await throttled(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await cdp.send('Profiler.start');
  // The trace's tasks of the page's main thread, for the tasks' list (what each long task ran).
  await page.tracing.start({ categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline'] });
  // Two connections may stay open: a signed-in page keeps the tenant's event stream (ADR 0078), so the network is
  // never idle on the dashboard.
  await page.goto(url, { waitUntil: 'networkidle2', timeout: 120_000 });
  await page.waitForSelector(ready, { timeout: 120_000 });
  // Work scheduled at idle (the charts, ADR 0059) belongs to the load too.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const trace = JSON.parse(new TextDecoder().decode((await page.tracing.stop())!)) as { traceEvents: TraceEvent[] };
  const longTasks = (await page.evaluate('window.__longTasks')) as number[];
  await cdp.detach();
  return { ...attribute(profile, dist, origin, mainThreadTasks(trace.traceEvents)), longTasks };
}

/** The RunTask events of COLLECTED_TASK_MS or more on the page's main thread (`busiestRendererMain`). */
function mainThreadTasks(events: TraceEvent[]): { ts: number; dur: number; kinds: Map<string, number> }[] {
  const main = busiestRendererMain(events);
  const onMain = events.filter((e) => threadOf(e) === main);
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= COLLECTED_TASK_MS * 1000)
    .map((e) => ({ ts: e.ts, dur: e.dur! }));
  const kinds = taskKinds(onMain, tasks);
  return tasks.map((task, i) => ({ ...task, kinds: kinds[i]! }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${Math.round(value)} ms`;

function report(name: string, runs: LoadProfile[]): void {
  const groups = new Set(runs.flatMap((run) => [...run.byGroup.keys()]));
  const rows = [...groups]
    .map((group) => ({ group, ms: median(runs.map((run) => run.byGroup.get(group) ?? 0)) }))
    .sort((a, b) => b.ms - a.ms);
  const browserWork = (group: string) => group.startsWith('(');
  const script = median(
    runs.map((run) => [...run.byGroup].reduce((sum, [group, value]) => (browserWork(group) ? sum : sum + value), 0)),
  );
  const blocking = (run: LoadProfile) => run.longTasks.reduce((sum, d) => sum + Math.max(0, d - LONG_TASK_MS), 0);
  console.log(`\n  ${name}: JavaScript self time ${ms(script)} (median of ${runs.length}, ${CPU_SLOWDOWN}× CPU)`);
  for (const row of rows.filter((r) => r.ms >= 5).slice(0, 16)) {
    console.log(`    ${ms(row.ms).padStart(8)}  ${row.group}`);
  }
  const steps = [...new Set(runs.flatMap((run) => [...run.byStep.keys()]))]
    .filter((step) => step !== 'other')
    .map((step) => `${step} ${ms(median(runs.map((run) => run.byStep.get(step) ?? 0)))}`);
  console.log(`    by step (median of the runs): ${steps.join(', ')}`);
  const tasks = runs.map((run) => [...run.longTasks].sort((a, b) => b - a));
  console.log(
    `    long tasks: ${tasks.map((t) => t.length).join(' / ')} per run; longest ${tasks
      .map((t) => ms(t[0] ?? 0))
      .join(' / ')}; blocking (sum of each task beyond 50 ms) ${runs.map((run) => ms(blocking(run))).join(' / ')}`,
  );
  console.log(
    `    tasks of the median run: ${(tasks[Math.floor(tasks.length / 2)] ?? []).map((d) => Math.round(d)).join(', ')}`,
  );
  // What the longest busy stretches of the median run spent their time on (a long task is one such stretch or part
  // of one): the files with the most self time in each.
  const medianRun = [...runs].sort((a, b) => Math.max(0, ...a.longTasks) - Math.max(0, ...b.longTasks))[
    Math.floor(runs.length / 2)
  ];
  const shortName = (file: string) => file.replace(/^.*node_modules\//, '').replace(/\/dist\/(esm\/)?/, '/…/');
  for (const stretch of [...(medianRun?.spans ?? [])].sort((a, b) => b.ms - a.ms).slice(0, 6)) {
    const top = [...stretch.byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([file, time]) => `${shortName(file)} ${Math.round(time)}`);
    console.log(`    busy ${ms(stretch.ms).padStart(8)}: ${top.join(', ')}`);
  }
  if (TASKS_OF) {
    const of = runs.map((run) =>
      run.tasks
        .filter((task) => [...task.kinds.keys()].some((kind) => kind.includes(TASKS_OF)))
        .sort((a, b) => b.ms - a.ms)
        .map((task) => {
          const kinds = [...task.kinds].slice(0, 3).map(([kind, time]) => `${kind} ${Math.round(time)}`);
          return `${Math.round(task.ms)} (${kinds.join(', ')})`;
        }),
    );
    console.log(`    tasks with ${TASKS_OF}, by run:`);
    for (const [run, tasks] of of.entries()) console.log(`      ${run + 1}: ${tasks.join('; ') || 'none'}`);
  }
  if (EVERY_RUN) {
    // Each run's tasks of LISTED_TASK_MS or more, one line each: what a task over 200 ms held in every load, not only
    // in the median one (ADR 0193).
    console.log(`    tasks of ${LISTED_TASK_MS} ms or more, by run:`);
    for (const [index, run] of runs.entries()) {
      const listed = run.tasks.filter((task) => task.ms >= LISTED_TASK_MS);
      const lines = listed.map((task) => {
        const top = (map: Map<string, number>, n: number) =>
          [...map]
            .sort((a, b) => b[1] - a[1])
            .slice(0, n)
            .map(([name, time]) => `${shortName(name)} ${Math.round(time)}`)
            .join(', ');
        return `${Math.round(task.ms)} at ${Math.round(task.atMs)} (${top(task.byStep, 3)}; under ${top(task.byOwner, 3)})`;
      });
      console.log(`      ${index + 1}: ${lines.join('; ') || 'none'}`);
    }
  }
  // Each long task of the median run, in order: when it started (ms after the profile's start) and what it ran.
  for (const task of (medianRun?.tasks ?? []).filter((t) => t.ms >= LISTED_TASK_MS)) {
    const top = [...task.byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([file, time]) => `${shortName(file)} ${Math.round(time)}`);
    console.log(`    task ${ms(task.ms).padStart(8)} at ${ms(task.atMs)}: ${top.join(', ')}`);
    const steps = [...task.byStep].sort((a, b) => b[1] - a[1]).map(([step, time]) => `${step} ${Math.round(time)}`);
    console.log(`      by step: ${steps.join(', ')}`);
    const owners = [...task.byOwner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([owner, time]) => `${owner} ${Math.round(time)}`);
    console.log(`      under: ${owners.join(', ')}`);
    const kinds = [...task.kinds]
      .filter(([, time]) => time >= 5)
      .slice(0, 6)
      .map(([kind, time]) => `${kind} ${Math.round(time)}`);
    console.log(`      trace: ${kinds.join(', ')}`);
    const functions = Number(process.env.BENCH_PROFILE_TASK_FUNCTIONS ?? 0);
    if (functions > 0) {
      const top = [...task.byFunction]
        .sort((a, b) => b[1] - a[1])
        .slice(0, functions)
        .map(([fn, time]) => `${shortName(fn)} ${Math.round(time)}`);
      console.log(`      functions: ${top.join(', ')}`);
    }
  }
  const detail = process.env.BENCH_PROFILE_DETAIL;
  if (detail) {
    const files = new Set(runs.flatMap((run) => [...run.byFile.keys()]));
    const inGroup = [...files]
      .filter((file) => groupOfSource(file) === detail)
      .map((file) => ({ file, ms: median(runs.map((run) => run.byFile.get(file) ?? 0)) }))
      .sort((a, b) => b.ms - a.ms);
    console.log(`    ${detail} by file:`);
    for (const row of inGroup.filter((r) => r.ms >= 2).slice(0, 20))
      console.log(`      ${ms(row.ms).padStart(8)}  ${row.file}`);
    const functions = new Set(runs.flatMap((run) => [...run.byFunction.keys()]));
    const byFunction = [...functions]
      .filter((fn) => groupOfSource(fn.slice(0, fn.indexOf(':'))) === detail)
      .map((fn) => ({ fn, ms: median(runs.map((run) => run.byFunction.get(fn) ?? 0)) }))
      .sort((a, b) => b.ms - a.ms);
    console.log(`    ${detail} by function (the line where it starts):`);
    for (const row of byFunction.filter((r) => r.ms >= 2).slice(0, 20))
      console.log(`      ${ms(row.ms).padStart(8)}  ${row.fn}`);
  }
}

async function dashboardRun(browser: Browser, base: string, dist: string): Promise<LoadProfile> {
  const page = await signedInPage(browser, base);
  try {
    // The doughnut drawn: the load's last part on a phone, where the project list renders only when scrolled near
    // (ADR 0140); then the network and the main thread are left to settle.
    const ready = '[data-testid="order-doughnut"] .apexcharts-canvas';
    return await profileLoad(page, `${base}/main/dashboard`, ready, dist, base);
  } finally {
    await page.close();
  }
}

async function signInRun(browser: Browser, base: string, dist: string): Promise<LoadProfile> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    return await profileLoad(page, `${base}/`, '[data-testid="signin-submit"]', dist, base);
  } finally {
    await context.close();
  }
}

/**
 * Prints the profile of both loads; `base` is the console's origin (http://host:port). With BENCH_COMPARE_URL and
 * BENCH_COMPARE_DIST (another build's server and dist/, as for bench-lighthouse.ts), that build is profiled too, its
 * runs alternating with this build's.
 */
export async function profileFigures(base: string, dist: string): Promise<void> {
  const builds = [{ name: 'this build', base, dist }];
  if (process.env.BENCH_COMPARE_URL && process.env.BENCH_COMPARE_DIST) {
    builds.unshift({ name: 'compared', base: process.env.BENCH_COMPARE_URL, dist: process.env.BENCH_COMPARE_DIST });
  }
  const chrome = await launch({ chromePath: HEADLESS_CHROMIUM, chromeFlags: HEADLESS_CHROMIUM_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    console.log(
      `\nCPU profile, ${RUNS} runs per load (signed in as ${BENCH_USER.email} for the dashboard), load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const runs = new Map(
      builds.map((build) => [build.name, { signIn: [] as LoadProfile[], dashboard: [] as LoadProfile[] }]),
    );
    // Interleaved, so a busy moment on the machine falls on every load and build alike.
    for (let run = 0; run < RUNS; run++) {
      for (const build of builds) {
        if (LOADS.has('sign-in')) runs.get(build.name)!.signIn.push(await signInRun(browser, build.base, build.dist));
        if (LOADS.has('dashboard'))
          runs.get(build.name)!.dashboard.push(await dashboardRun(browser, build.base, build.dist));
      }
    }
    for (const build of builds) {
      console.log(`\n ${build.name} (${build.base})`);
      if (LOADS.has('sign-in')) report('sign-in', runs.get(build.name)!.signIn);
      if (LOADS.has('dashboard')) report('dashboard', runs.get(build.name)!.dashboard);
    }
    console.log(`\n  load average after: ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
