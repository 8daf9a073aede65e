import { appendFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './scripts/chromium-flags';

const resultsFile = '.tmp/e2e-results.txt';
const specTimesFile = process.env.E2E_SPEC_TIMES ?? '.tmp/e2e-spec-times.txt';

let specStarted = 0;

/** Headless Debian Chromium only: no browserVersion, so nothing is ever downloaded. */
export const config: WebdriverIO.Config = {
  runner: 'local',
  // In name order: journeys share one server, and some read the seed's own figures before others add to them (the
  // dashboard's active projects before the project form's new ones); an order by size broke that once.
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
  beforeSession() {
    specStarted = Date.now();
  },
  // Each journey's time, browser session included: scripts/test.sh prints the longest ones.
  afterSession(_config, _capabilities, specs) {
    mkdirSync('.tmp', { recursive: true });
    const seconds = ((Date.now() - specStarted) / 1000).toFixed(1);
    appendFileSync(specTimesFile, `${seconds} ${specs.map((spec) => basename(spec)).join(' ')}\n`);
  },
  afterTest(test, _context, result) {
    mkdirSync('.tmp', { recursive: true });
    // A failure keeps its first error line: npm test prints these at its end, where CI's shortened log shows them.
    const why = result.passed ? '' : ` — ${(result.error?.message ?? 'no error message').split('\n')[0]}`;
    appendFileSync(resultsFile, `${result.passed ? 'passed' : 'failed'} ${test.parent} › ${test.title}${why}\n`);
  },
};
