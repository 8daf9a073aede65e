/**
 * Lighthouse figures for `npm run bench` (issue 10): performance score, LCP, TBT and CLS of the sign-in page and
 * the signed-in dashboard, with the mobile (default) and desktop presets, median of 3 runs each, and the bytes
 * each load actually received (transfer sizes of Lighthouse's network records) against the gzip size of the
 * same JavaScript files in dist/. Debian's Chromium with the flags of wdio.conf.ts; nothing is downloaded.
 *
 * Runs against a fresh server started here, or against BENCH_BASE_URL when set (e.g. another build).
 * BENCH_LIGHTHOUSE_REPORTS=<dir> also writes every run's full report there (`<page>-<preset>-<run>.json`), for the
 * per-script boot-up, long tasks and request timings behind the medians (ADR 0059).
 * Alone: `npx tsx scripts/bench-lighthouse.ts`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './chromium-flags';
import { signedInPage } from './lib/signed-in-page';

const RUNS = 3;
const PRESETS: { name: string; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

interface LoadFigures {
  score: number;
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
  const sum = (items: NetworkRequest[]) => items.reduce((total, r) => total + (r.transferSize ?? 0), 0);
  const gzipOf = (url: string) => {
    const file = join(dist, new URL(url).pathname);
    return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferBytes: sum(requests),
    scriptTransferBytes: sum(scripts),
    scriptGzipBytes: scripts.reduce((total, r) => total + gzipOf(r.url), 0),
    mainThreadMs: audit('mainthread-work-breakdown'),
    scriptBootupMs: audit('bootup-time'),
  };
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
    const result = await lighthouse(`${base}/`, flags, config);
    if (!result) throw new Error('Lighthouse returned nothing for sign-in');
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

/** Prints the table; `base` is the console's origin (http://host:port). */
export async function lighthouseFigures(base: string, dist: string): Promise<void> {
  const chrome = await launch({ chromePath: HEADLESS_CHROMIUM, chromeFlags: HEADLESS_CHROMIUM_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    console.log(`\nLighthouse ${RUNS}× per load, median (simulated throttling), ${base}`);
    console.log(
      '  page       preset   score   LCP      TBT      CLS     sent (all)  sent (JS)  JS gzip   sent/gzip  main thread  JS',
    );
    for (const page of ['sign-in', 'dashboard'] as const) {
      for (const preset of PRESETS) {
        const runs: LoadFigures[] = [];
        for (let run = 0; run < RUNS; run++)
          runs.push(
            await measureLoad(browser, chrome.port, base, page, preset.config, dist, `${page}-${preset.name}-${run}`),
          );
        const m = (pick: (f: LoadFigures) => number) => median(runs.map(pick));
        const ratio = m((f) => f.scriptTransferBytes) / m((f) => f.scriptGzipBytes);
        console.log(
          `  ${page.padEnd(10)} ${preset.name.padEnd(8)} ${String(m((f) => f.score)).padStart(5)}  ` +
            `${(m((f) => f.lcpMs) / 1000).toFixed(2).padStart(5)} s  ${Math.round(m((f) => f.tbtMs))
              .toString()
              .padStart(5)} ms  ` +
            `${m((f) => f.cls).toFixed(3)}  ${kb(m((f) => f.transferBytes)).padStart(10)}  ${kb(m((f) => f.scriptTransferBytes)).padStart(9)}  ` +
            `${kb(m((f) => f.scriptGzipBytes)).padStart(8)}  ${(ratio * 100).toFixed(0).padStart(6)} %  ` +
            `${Math.round(m((f) => f.mainThreadMs))
              .toString()
              .padStart(8)} ms  ${Math.round(m((f) => f.scriptBootupMs))} ms`,
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
