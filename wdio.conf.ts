import { appendFileSync, mkdirSync } from 'node:fs';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './scripts/chromium-flags';

const resultsFile = '.tmp/e2e-results.txt';

/** Headless Debian Chromium only: no browserVersion, so nothing is ever downloaded. */
export const config: WebdriverIO.Config = {
  runner: 'local',
  specs: ['./test/e2e/journeys/**/*.e2e.ts'],
  maxInstances: 2,
  capabilities: [
    {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: HEADLESS_CHROMIUM,
        args: [...HEADLESS_CHROMIUM_FLAGS, '--window-size=1280,900'],
      },
      'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' },
    },
  ],
  logLevel: 'warn',
  baseUrl: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080',
  // Two Chromium sessions, the server and the route chunks share two cores in CI: give screens time to appear.
  waitforTimeout: 20_000,
  connectionRetryTimeout: 60_000,
  connectionRetryCount: 1,
  framework: 'mocha',
  reporters: ['spec'],
  // Each journey also runs axe-core at the screens it visits (test/e2e/support/accessibility.ts), a few seconds each.
  // The contract proxy sits between each journey and the server: any API exchange that breaks the contract fails the
  // journey (test/e2e/support/contract-proxy.ts, ADR 0085).
  mochaOpts: { ui: 'bdd', timeout: 150_000, require: ['./test/e2e/support/contract-proxy.ts'] },
  afterTest(test, _context, result) {
    mkdirSync('.tmp', { recursive: true });
    // A failure keeps its first error line: npm test prints these at its end, where CI's shortened log shows them.
    const why = result.passed ? '' : ` — ${(result.error?.message ?? 'no error message').split('\n')[0]}`;
    appendFileSync(resultsFile, `${result.passed ? 'passed' : 'failed'} ${test.parent} › ${test.title}${why}\n`);
  },
};
