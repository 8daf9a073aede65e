/**
 * Every journey's API traffic is checked against the contract (ADR 0085, docs/conformance.md#journeys): a Mocha root
 * hook starts the conformance kit's proxy in front of the server for each spec file, points the browser and the
 * journeys' own API calls at it, and fails the journey after the test during which a violation happened. The
 * report of each journey is written to .tmp/e2e-conformance/<journey>/.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadContract } from '../../../scripts/conformance/contract-model';
import { startProxy, type RunningProxy } from '../../../scripts/conformance/proxy';
import { writeReports } from '../../../scripts/conformance/report-writers';

let proxy: RunningProxy | null = null;
let journey = 'journey';
const reported = new Set<string>();

/** Violations of the report not yet reported, one line each with its failing request. */
function newViolations(): string[] {
  const lines: string[] = [];
  for (const op of proxy?.report().operations ?? [])
    for (const v of op.violations) {
      const key = `${op.operationId} ${v.check} ${v.count}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const example = v.examples.at(-1);
      lines.push(`${op.operationId} ${v.check}: ${example?.message ?? ''}\n    ${example?.curl ?? ''}`);
    }
  return lines;
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    const upstream = process.env.E2E_SERVER_URL ?? process.env.E2E_BASE_URL;
    if (!upstream) throw new Error('E2E_SERVER_URL (the server behind the contract proxy) is not set');
    proxy = await startProxy({ operations: loadContract(), upstream, port: 0 });
    process.env.E2E_BASE_URL = proxy.url;
    browser.options.baseUrl = proxy.url;
  },

  afterEach(this: Mocha.Context) {
    journey = basename(this.currentTest?.file ?? journey, '.e2e.ts');
    const found = newViolations();
    if (found.length === 0) return;
    const title = `${this.currentTest?.parent?.title ?? ''} › ${this.currentTest?.title ?? ''}`;
    mkdirSync('.tmp', { recursive: true });
    appendFileSync('.tmp/e2e-results.txt', `failed ${title} › the API traffic broke the contract\n`);
    throw new Error(`The API traffic of "${title}" broke the contract:\n  ${found.join('\n  ')}`);
  },

  async afterAll() {
    if (!proxy) return;
    const report = await proxy.close();
    writeReports(report, join('.tmp/e2e-conformance', journey));
  },
};
