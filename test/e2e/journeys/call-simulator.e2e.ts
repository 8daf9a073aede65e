import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { expectAccessible } from '../support/accessibility';
import { byTestId, freshStart, projectIdByName, submitSignIn } from '../support/app';

/**
 * A demo project in the execution stage with participants to call. Globex's, so the results it adds leave the
 * Acme figures other journeys compare with the seed alone (they share the server).
 */
const PROJECT = 'Driver Onboarding';
const USER = 'dual@globex.test';
const ROOT = join(import.meta.dirname, '../../..');

/** Runs `npm run simulate` against the journey's server: the telephony platform, through the public API only. */
async function simulate(projectId: number, calls: number): Promise<{ run: string; recorded: number; results: number }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/simulate.ts',
      '--url',
      process.env.E2E_BASE_URL!,
      '--project',
      String(projectId),
    ].concat(['--calls', String(calls), '--seed', '7', '--concurrency', '2', '--email', USER]),
    { cwd: ROOT, timeout: 180_000 },
  );
  const figure = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(stdout)?.[1] ?? NaN);
  return { run: /run (sim-\S+)/.exec(stdout)![1]!, recorded: figure('calls recorded'), results: figure('results') };
}

describe('the call simulator', () => {
  it("posts calls through the intake; they appear in the account's Call Records", async () => {
    // dual@globex.test works in Acme and Globex: the chooser picks Globex.
    await freshStart();
    await submitSignIn(USER);
    await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed({ wait: 30_000 });
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Globex Logistics');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed({ wait: 30_000 });
    const projectId = await projectIdByName(PROJECT);
    const { run, recorded, results } = await simulate(projectId, 12);
    expect(recorded).toBeGreaterThan(0);
    expect(results).toBeGreaterThan(0);

    await browser.url('/main/reports/callRecords');
    const prefix = 'call-records';
    await expect(byTestId(sel.reports.calls.list(prefix))).toBeDisplayed({ wait: 20_000 });
    await byTestId(sel.reports.calls.project(prefix)).selectByVisibleText(PROJECT);
    await byTestId(sel.reports.calls.search(prefix)).setValue(run);
    await byTestId(sel.reports.calls.apply(prefix)).click();
    await expect(byTestId(sel.reports.calls.page(prefix))).toHaveText(expect.stringContaining(`(${recorded} calls)`), {
      wait: 20_000,
    });
    await expectAccessible('call records');
  });
});
