import type { Browser } from 'puppeteer-core';

/** The demo administrator the bench signs in as (seeded on an empty database). */
export const BENCH_USER = { email: 'admin@acme.test', password: 'Voxscreen!2026' };

/** Signs in through the console as a user would, then empties the HTTP cache so the dashboard load is cold. */
export async function signedInPage(browser: Browser, base: string) {
  const page = await browser.newPage();
  // The previous run's session is still stored: start from nothing, as a new visitor. A signed-in page keeps the
  // tenant's event stream open (ADR 0078): the network is never idle with it, so two open connections are allowed.
  await page.goto(`${base}/`, { waitUntil: 'networkidle2' });
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`${base}/`, { waitUntil: 'networkidle2' });
  await page.waitForSelector('[data-testid="signin-email"]');
  await page.type('[data-testid="signin-email"]', BENCH_USER.email);
  await page.type('[data-testid="signin-password"]', BENCH_USER.password);
  await page.click('[data-testid="signin-submit"]');
  await page.waitForSelector('[data-testid="dashboard-page"]', { timeout: 60_000 });
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}
