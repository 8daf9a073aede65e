import AxeBuilder from '@axe-core/webdriverio';
import { browser } from '@wdio/globals';
import type { AxeResults } from 'axe-core';

const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/** axe's frame check allows one second; on a busy machine the page can take longer to answer it. */
async function analyze(): Promise<AxeResults> {
  for (let attempt = 1; ; attempt++) {
    await browser.waitUntil(() => browser.execute(() => document.readyState === 'complete'), {
      timeoutMsg: 'the page did not finish loading',
    });
    try {
      return await new AxeBuilder({ client: browser }).analyze();
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
