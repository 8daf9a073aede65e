/**
 * Screenshots of the signed-in dashboard at a phone's and a desktop's size, one screen's height each from the top,
 * after scrolling through it so every chart drew, and what was drawn before any scroll (ADR 0140's evidence):
 * `npx tsx scripts/dashboard-screens.ts <origin> <out dir> [412|390|1366]`. Compare two builds' folders with `cmp`.
 * Prints, per size, the tops of the doughnut's card, Project Activity and the list's cards, the charts drawn at
 * load and after scrolling, and whether the project list was there at load.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './chromium-flags';
import { signedInPage } from './lib/signed-in-page';

const SIZES = [
  { name: '412', width: 412, height: 823 },
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
];

const [origin, out, only] = process.argv.slice(2);
const sizes = only ? SIZES.filter((size) => size.name === only) : SIZES;
if (!origin || !out) throw new Error('usage: dashboard-screens.ts <origin> <out dir>');
mkdirSync(out, { recursive: true });
const chrome = await launch({ chromePath: HEADLESS_CHROMIUM, chromeFlags: HEADLESS_CHROMIUM_FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
try {
  for (const size of sizes) {
    const page = await signedInPage(browser, origin);
    await page.setViewport({ width: size.width, height: size.height, deviceScaleFactor: 1 });
    await page.goto(`${origin}/main/dashboard`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="order-doughnut"] .apexcharts-canvas', { timeout: 60_000 });
    await new Promise((r) => setTimeout(r, 3000));
    const listAtLoad = await page.evaluate(() => document.querySelector('[data-testid="project-cards"]') !== null);
    const atLoad = await page.evaluate(() => ({
      drawnCharts: document.querySelectorAll('.apexcharts-canvas').length,
      tops: ['order-doughnut', 'project-activity'].map((id) =>
        Math.round(document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().top),
      ),
      plotTop: Math.round(
        document.querySelector('[data-testid="order-doughnut"] [data-testid="chart-frame"]')!.getBoundingClientRect()
          .top,
      ),
    }));
    // Scroll through the page so every chart draws, then back to the top.
    // The shell's <main> is the scrolling element.
    const height = () => page.evaluate(() => document.querySelector('main')!.scrollHeight);
    for (let y = 0; y <= (await height()); y += size.height / 2) {
      await page.evaluate((top) => document.querySelector('main')!.scrollTo(0, top), y);
      await new Promise((r) => setTimeout(r, 400));
    }
    await page.evaluate(() => document.querySelector('main')!.scrollTo(0, 0));
    await page.waitForNetworkIdle({ idleTime: 1500, concurrency: 2 });
    await new Promise((r) => setTimeout(r, 3000));
    const drawnAfter = await page.evaluate(() => document.querySelectorAll('.apexcharts-canvas').length);
    // The page one screen at a time, <main> scrolled by a screen's height each shot (growing the window to the whole
    // page would resize, and so redraw, the charts).
    const full = await page.evaluate(() => document.querySelector('main')!.scrollHeight);
    let shots = 0;
    for (let y = 0; y < full; y += size.height) {
      await page.evaluate((top) => document.querySelector('main')!.scrollTo(0, top), y);
      await new Promise((r) => setTimeout(r, 1500));
      await page.screenshot({ path: join(out, `dashboard-${size.name}-${shots++}.png`) as `${string}.png` });
    }
    const listTop = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return Math.round(
        document.querySelector('[data-testid="project-cards"]')!.getBoundingClientRect().top + main.scrollTop,
      );
    });
    console.log(
      `${size.name}: tops ${[...atLoad.tops, listTop].join(' / ')}, doughnut's plot ${atLoad.plotTop}; charts drawn ` +
        `at load ${atLoad.drawnCharts}, after scrolling ${drawnAfter}; project list at load: ${listAtLoad}; page ${full} px`,
    );
    await page.close();
  }
} finally {
  await browser.disconnect();
  chrome.kill();
}
