/**
 * Full-page screenshots of the signed-in dashboard at a phone's and a desktop's size, after every chart drew, and
 * what was drawn before any scroll (ADR 0140's evidence): `npx tsx scripts/dashboard-screens.ts <origin> <out dir>`.
 * Prints, per size, the tops of the doughnut's frame, Project Activity and the list, and the charts drawn at load.
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

const [origin, out] = process.argv.slice(2);
if (!origin || !out) throw new Error('usage: dashboard-screens.ts <origin> <out dir>');
mkdirSync(out, { recursive: true });
const chrome = await launch({ chromePath: HEADLESS_CHROMIUM, chromeFlags: HEADLESS_CHROMIUM_FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
try {
  for (const size of SIZES) {
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
    const height = await page.evaluate(() => document.querySelector('main')!.scrollHeight);
    for (let y = 0; y <= height; y += size.height / 2) {
      await page.evaluate((top) => document.querySelector('main')!.scrollTo(0, top), y);
      await new Promise((r) => setTimeout(r, 400));
    }
    await page.evaluate(() => document.querySelector('main')!.scrollTo(0, 0));
    await page.waitForNetworkIdle({ idleTime: 1500, concurrency: 2 });
    await new Promise((r) => setTimeout(r, 3000));
    const drawnAfter = await page.evaluate(() => document.querySelectorAll('.apexcharts-canvas').length);
    // The whole page at once: the window as tall as <main>'s content (again until it stops growing: cards render
    // as they come on screen), so a full-page shot shows all of it.
    let full = 0;
    for (let tries = 0; tries < 6; tries++) {
      const now = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        return Math.ceil(main.scrollHeight + main.getBoundingClientRect().top);
      });
      if (now === full) break;
      full = now;
      await page.setViewport({ width: size.width, height: full, deviceScaleFactor: 1 });
      await new Promise((r) => setTimeout(r, 3000));
    }
    const listTop = await page.evaluate(() =>
      Math.round(document.querySelector('[data-testid="project-cards"]')!.getBoundingClientRect().top),
    );
    await page.screenshot({ path: join(out, `dashboard-${size.name}.png`) as `${string}.png`, fullPage: true });
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
