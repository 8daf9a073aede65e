import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/webdriverio';
import { browser } from '@wdio/globals';
import type { AxeResults } from 'axe-core';

const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/** Every WCAG 2.0, 2.1 and 2.2 level A and AA rule, and axe's best practices (on before as axe's default set). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * The axe-core the project pins (package.json), injected into the page. @axe-core/webdriverio 4.14 declares
 * Node >= 22.12, so the journeys keep its 4.13 wrapper (identical code) and hand it the newest engine: the
 * wrapper would otherwise inject the axe-core 4.13 it depends on.
 */
const require = createRequire(import.meta.url);
const AXE_VERSION = (require('axe-core/package.json') as { version: string }).version;
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * One axe.run in the page (legacy mode), keeping every node only for violations. The wrapper's default runs
 * axe.runPartial and posts all its results, passes included, back into a blank tab for axe.finishRun: on the
 * participants list that is 3.5 MB through WebDriver, over two minutes on a loaded machine against 13 s this way
 * (CI's one failed journey, 2026-11-29). Legacy mode leaves out only cross-origin frames; the console has none.
 * axe's frame check allows one second; on a busy machine the page can take longer to answer it.
 */
async function analyze(): Promise<AxeResults> {
  for (let attempt = 1; ; attempt++) {
    await browser.waitUntil(() => browser.execute(() => document.readyState === 'complete'), {
      timeoutMsg: 'the page did not finish loading',
    });
    try {
      const results = await new AxeBuilder({ client: browser, axeSource: AXE_SOURCE })
        .withTags(AXE_TAGS)
        .options({ resultTypes: ['violations'] })
        .setLegacyMode(true)
        .analyze();
      if (results.testEngine.version !== AXE_VERSION) {
        throw new Error(`axe-core ${results.testEngine.version} ran, not the pinned ${AXE_VERSION}`);
      }
      return results;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !/not ready/.test(error.message)) throw error;
    }
  }
}

/**
 * Runs axe-core on the screen as it is now and fails on any critical or serious violation, listing each rule
 * with the elements it found (issue 10). Call it once a screen has rendered what the journey checks.
 */
export async function expectAccessible(screen: string): Promise<void> {
  const results = await analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`);
    return `  ${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length})\n${nodes.join('\n')}`;
  });
  throw new Error(`${screen}: ${blocking.length} critical or serious accessibility violation(s)\n${report.join('\n')}`);
}
