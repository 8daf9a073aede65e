/**
 * Lighthouse figures for `npm run bench` (issues 10 and 29): performance score, LCP, TBT and CLS of the sign-in
 * page and the signed-in dashboard, with the mobile (default) and desktop presets, five interleaved rounds with
 * median and spread, and the bytes each load actually received (transfer sizes of Lighthouse's network records)
 * against the gzip size of the same JavaScript files in dist/. Debian's Chromium with the flags of wdio.conf.ts;
 * nothing is downloaded.
 *
 * Runs against a fresh server started here, or against BENCH_BASE_URL when set (e.g. another build). To compare two
 * builds, start a server on the other build and set BENCH_COMPARE_URL (its origin) and BENCH_COMPARE_DIST (its
 * dist/): both are measured in every round, one after the other.
 * BENCH_LIGHTHOUSE_REPORTS=<dir> also writes every run's full report there (`<page>-<preset>-<round>.json`), for the
 * per-script boot-up, long tasks and request timings behind the medians (ADR 0059).
 * BENCH_LIGHTHOUSE_LOADS=dashboard-mobile (comma-separated `<page>-<preset>`) measures only those loads.
 * Alone: `npx tsx scripts/bench-lighthouse.ts`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './chromium-flags';
import { fetchedProjectList, loadsNamed } from './lib/lighthouse-loads';
import { signedInPage } from './lib/signed-in-page';

/** Rounds of every load (issue 29: five, interleaved, median and spread). BENCH_LIGHTHOUSE_ROUNDS overrides. */
const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 5);
const PRESETS: { name: string; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

interface LoadFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  scriptTransferBytes: number;
  /** gzip (level 6, as the bundle figures) of the JavaScript files the load fetched, read from dist/. */
  scriptGzipBytes: number;
  /** Main-thread work of the load (mainthread-work-breakdown) and its JavaScript part (bootup-time), issue 10. */
  mainThreadMs: number;
  scriptBootupMs: number;
  /** The longest main-thread task of the load (long-tasks audit), issue 29's "no long task over 200 ms". */
  longestTaskMs: number;
  /** Whether the load asked for the project list's cards: it rendered the list (ADR 0140, 0145). */
  projectListFetched: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

interface NetworkRequest {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

function figuresOf(lhr: Result, dist: string): LoadFigures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  const sum = (items: NetworkRequest[]) => items.reduce((total, r) => total + (r.transferSize ?? 0), 0);
  const gzipOf = (url: string) => {
    const file = join(dist, new URL(url).pathname);
    return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferBytes: sum(requests),
    scriptTransferBytes: sum(scripts),
    scriptGzipBytes: scripts.reduce((total, r) => total + gzipOf(r.url), 0),
    mainThreadMs: audit('mainthread-work-breakdown'),
    scriptBootupMs: audit('bootup-time'),
    longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration ?? 0)),
    projectListFetched: fetchedProjectList(requests),
  };
}

/** Empties the origin's storage (a new visitor), without loading any page of it. */
async function forgetOrigin(browser: Browser, base: string): Promise<void> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'all' });
    await cdp.detach();
  } finally {
    await page.close();
  }
}

async function measureLoad(
  browser: Browser,
  port: number,
  base: string,
  page: 'sign-in' | 'dashboard',
  config: Config | undefined,
  dist: string,
  runName: string,
) {
  const figures = (lhr: Result) => {
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      writeFileSync(join(reports, `${runName}.json`), JSON.stringify(lhr));
    }
    return figuresOf(lhr, dist);
  };
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
  if (page === 'sign-in') {
    // Lighthouse's storage reset leaves localStorage: the previous round's dashboard load left a session there, and
    // the console would send this visitor on to the dashboard.
    await forgetOrigin(browser, base);
    const result = await lighthouse(`${base}/`, flags, config);
    if (!result) throw new Error('Lighthouse returned nothing for sign-in');
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== '/')
      throw new Error(`the sign-in load ended on ${result.lhr.finalDisplayedUrl}`);
    return figures(result.lhr);
  }
  const signedIn = await signedInPage(browser, base);
  try {
    // Storage stays (the session), the cache was emptied above.
    const result = await lighthouse(
      `${base}/main/dashboard`,
      { ...flags, disableStorageReset: true },
      config,
      signedIn,
    );
    if (!result) throw new Error('Lighthouse returned nothing for the dashboard');
    if (!result.lhr.finalDisplayedUrl.includes('/main/dashboard'))
      throw new Error(`the dashboard load ended on ${result.lhr.finalDisplayedUrl}`);
    return figures(result.lhr);
  } finally {
    await signedIn.close();
  }
}

/** A build to measure: the origin of a server answering with it and the dist/ folder it serves. */
export interface MeasuredBuild {
  name: string;
  base: string;
  dist: string;
}

const LOADS = loadsNamed(
  (['sign-in', 'dashboard'] as const).flatMap((page) => PRESETS.map((preset) => ({ page, preset }))),
  process.env.BENCH_LIGHTHOUSE_LOADS,
);
const load1 = () => loadavg()[0]!.toFixed(1);
const spread = (values: number[], digits = 0) =>
  `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;

/**
 * Prints the table (issue 29): ROUNDS rounds, each measuring every load once, interleaved, so that a busy moment on
 * the shared machine falls on all of them alike; with a second build (BENCH_COMPARE_URL and BENCH_COMPARE_DIST), the
 * two builds alternate within each round. Each cell gives the median and the spread (lowest-highest) over the rounds;
 * the one-minute load average is printed at the start of every round.
 */
export async function lighthouseFigures(base: string, dist: string): Promise<void> {
  const builds: MeasuredBuild[] = [{ name: 'this build', base, dist }];
  const compareUrl = process.env.BENCH_COMPARE_URL;
  if (compareUrl) {
    const compareDist = process.env.BENCH_COMPARE_DIST;
    if (!compareDist)
      throw new Error('BENCH_COMPARE_URL needs BENCH_COMPARE_DIST (the dist/ that server answers with)');
    builds.unshift({ name: 'compared', base: compareUrl.replace(/\/+$/, ''), dist: compareDist });
  }
  const chrome = await launch({ chromePath: HEADLESS_CHROMIUM, chromeFlags: HEADLESS_CHROMIUM_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const runs = new Map<string, LoadFigures[]>();
  const key = (build: MeasuredBuild, page: string, preset: string) => `${build.name}|${page}|${preset}`;
  try {
    console.log(
      `\nLighthouse, ${ROUNDS} interleaved rounds (simulated throttling): ${builds.map((b) => `${b.name} ${b.base}`).join(', ')}`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      console.log(`  round ${round + 1}: load average ${load1()}`);
      for (const { page, preset } of LOADS) {
        for (const build of builds) {
          const name = `${build.name === 'compared' ? 'compared-' : ''}${page}-${preset.name}-${round}`;
          const figures = await measureLoad(browser, chrome.port, build.base, page, preset.config, build.dist, name);
          runs.set(key(build, page, preset.name), [...(runs.get(key(build, page, preset.name)) ?? []), figures]);
        }
      }
    }
    console.log(`  after the rounds: load average ${load1()}`);
    console.log(
      '  build       page       preset   score (spread)   FCP s (spread)      LCP s (spread)      TBT ms (spread)     CLS    sent (all)  sent (JS)  JS gzip   main thread  JS      longest task   list fetched',
    );
    for (const { page, preset } of LOADS) {
      for (const build of builds) {
        const all = runs.get(key(build, page, preset.name)) ?? [];
        const values = (pick: (f: LoadFigures) => number) => all.map(pick);
        const m = (pick: (f: LoadFigures) => number) => median(values(pick));
        const cell = (pick: (f: LoadFigures) => number, digits = 0, scale = 1) =>
          `${(m(pick) / scale).toFixed(digits)} (${spread(
            values((f) => pick(f) / scale),
            digits,
          )})`;
        console.log(
          `  ${build.name.padEnd(10)}  ${page.padEnd(10)} ${preset.name.padEnd(8)} ${cell((f) => f.score).padStart(13)}  ` +
            `${cell((f) => f.fcpMs, 2, 1000).padStart(17)}  ${cell((f) => f.lcpMs, 2, 1000).padStart(17)}  ${cell((f) => f.tbtMs).padStart(18)}  ` +
            `${Math.max(...values((f) => f.cls)).toFixed(3)}  ${kb(m((f) => f.transferBytes)).padStart(10)}  ` +
            `${kb(m((f) => f.scriptTransferBytes)).padStart(9)}  ${kb(m((f) => f.scriptGzipBytes)).padStart(8)}  ` +
            `${Math.round(m((f) => f.mainThreadMs))
              .toString()
              .padStart(8)} ms  ${Math.round(m((f) => f.scriptBootupMs))} ms  ${cell((f) => f.longestTaskMs)} ms  ` +
            `${all.filter((f) => f.projectListFetched).length} of ${all.length}`,
        );
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const base = process.env.BENCH_BASE_URL;
  if (!base) throw new Error('run through npm run bench, or set BENCH_BASE_URL to a running server');
  await lighthouseFigures(base.replace(/\/+$/, ''), join(import.meta.dirname, '..', 'dist'));
}
