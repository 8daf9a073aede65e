import { appendFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './scripts/chromium-flags';

const resultsFile = '.tmp/e2e-results.txt';
const specTimesFile = process.env.E2E_SPEC_TIMES ?? '.tmp/e2e-spec-times.txt';
const JOURNEYS = './test/e2e/journeys';

/**
 * Journeys largest first: two sessions run side by side, and a long journey started last would run alone at the end
 * (the size of a journey's file is a fair guess at its length; `npm test` prints the measured times).
 */
export const largestFirst = (specs: string[]): string[] =>
  [...specs].sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b));

let specStarted = 0;

/** Headless Debian Chromium only: no browserVersion, so nothing is ever downloaded. */
export const config: WebdriverIO.Config = {
  runner: 'local',
  specs: largestFirst(
    readdirSync(JOURNEYS)
      .filter((name) => name.endsWith('.e2e.ts'))
      .map((name) => join(JOURNEYS, name)),
  ),
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
