/**
 * What the dashboard's project list costs a phone (issue 29, ADR 0145): signs in, loads `/main/dashboard` at 412 × 823
 * (1.75, mobile) with the CPU slowed BENCH_CPU_SLOWDOWN times (default 4; 1 runs it as fast as Lighthouse's simulated
 * mode does), waits until the doughnut drew and the page settled, and reports whether the list rendered during the
 * load, the main-thread task time of the load, of an idle window (background work), and of the list rendered by a key
 * press (ADR 0140), with the page's element counts. The task time is Chromium's `TaskDuration`, which a loaded machine
 * inflates along with everything else: read the list's share of the load rather than its milliseconds.
 * `npx tsx scripts/bench/dashboard-list-cost.ts <origin of a running server> [rounds, default 3]`.
 */
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from '../chromium-flags';
import { signedInPage } from '../lib/signed-in-page';

const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

/** Two idle callbacks, each followed by 1.5 s: the charts' idle work and the list's transition have run. */
async function settle(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++)
    await page.evaluate(
      () => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 1500), { timeout: 8000 })),
    );
}

async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

const listState = () => ({
  placeholder: !!document.querySelector('[data-testid="after-first-paint"]'),
  listRendered: !!document.querySelector('[data-testid="project-list"]'),
  elements: document.querySelectorAll('*').length,
});

const origin = process.argv[2]?.replace(/\/+$/, '');
if (!origin) throw new Error('usage: dashboard-list-cost.ts <origin> [rounds]');
const rounds = Number(process.argv[3] ?? 3);
const browser = await puppeteer.launch({
  executablePath: HEADLESS_CHROMIUM,
  args: HEADLESS_CHROMIUM_FLAGS,
  defaultViewport: null,
});
try {
  console.log(`dashboard's project list on a phone, ${CPU_SLOWDOWN}× CPU, ${rounds} rounds`);
  for (let round = 0; round < rounds; round++) {
    const page = await signedInPage(browser, origin);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setDeviceMetricsOverride', PHONE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable');
    const start = await taskMs(cdp);
    await page.goto(`${origin}/main/dashboard`, { waitUntil: 'networkidle2', timeout: 120_000 });
    await page.waitForSelector('[data-testid="order-doughnut"] .apexcharts-canvas', { timeout: 120_000 });
    await settle(page);
    const loaded = await taskMs(cdp);
    const atLoad = await page.evaluate(listState);
    await settle(page);
    const idle = await taskMs(cdp);
    await page.keyboard.press('Shift');
    await page.waitForSelector('[data-testid="project-cards"]', { timeout: 120_000 });
    await settle(page);
    const listed = await taskMs(cdp);
    const afterList = await page.evaluate(listState);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `  round ${round + 1}: load ${ms(loaded - start)} (list rendered: ${atLoad.listRendered}, ` +
        `${atLoad.elements} elements), idle window ${ms(idle - loaded)}, the list by a key ${ms(listed - idle)} ` +
        `(${afterList.elements} elements)`,
    );
    await page.close();
  }
} finally {
  await browser.close();
}
