import { $$, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, signInToDashboard } from '../support/app';

/** The first Acme demo project: execution stage, enable_refresh_accesscode on (docs/product/access-codes.md#demo). */
const PROJECT = 'Claims Integrity 2026';

async function projectIdByName(name: string): Promise<number> {
  await browser.url('/main/project');
  await browser.waitUntil(async () => (await $$('[data-testid^="project-card-"]').length) > 0, { timeout: 20_000 });
  for (const card of await $$('[data-testid^="project-card-"]')) {
    if ((await card.getText()).includes(name)) {
      return Number(((await card.getAttribute('data-testid')) ?? '').replace('project-card-', ''));
    }
  }
  throw new Error(`No project card for ${name}`);
}

/** The participant ids of the code cells the Access Codes grid shows. */
async function shownCodes(): Promise<{ id: number; code: string }[]> {
  const rows: { id: number; code: string }[] = [];
  for (const cell of await $$('[data-testid^="access-code-"]')) {
    const testId = (await cell.getAttribute('data-testid')) ?? '';
    if (!/^access-code-\d+$/.test(testId)) continue;
    rows.push({ id: Number(testId.replace('access-code-', '')), code: await cell.getText() });
  }
  return rows;
}

describe('access codes', () => {
  it('opens the tab, searches a code, refreshes a participant code and sees it change', async () => {
    await signInToDashboard('admin@acme.test');
    const projectId = await projectIdByName(PROJECT);
    await browser.url(`/main/project/${projectId}/accesscode`);
    await expect(byTestId(sel.accessCodes.list)).toBeDisplayed({ wait: 20_000 });
    await browser.waitUntil(async () => (await shownCodes()).length > 1, {
      timeout: 20_000,
      timeoutMsg: 'no demo access codes shown',
    });
    const target = (await shownCodes())[0]!;
    // Search by the code (1.5 s debounce): the grid narrows to that one participant.
    await byTestId(sel.accessCodes.search).setValue(target.code);
    await browser.waitUntil(
      async () => {
        const rows = await shownCodes();
        return rows.length === 1 && rows[0]!.id === target.id;
      },
      { timeout: 15_000, timeoutMsg: `the list did not narrow to ${target.code}` },
    );

    // Refresh that participant's code from the participants list; the Access Codes tab then shows the new code.
    await browser.url(`/main/project/${projectId}/participants`);
    const refresh = byTestId(sel.accessCodes.refresh(target.id));
    let pages = 0;
    while (!(await refresh.isExisting()) && pages < 10) {
      await byTestId(`${sel.participants.pager}-next`).click();
      pages += 1;
      await browser.pause(500);
    }
    await refresh.click();
    await expect(byTestId(sel.participants.success)).toHaveText(expect.stringContaining('Acess Code Refreshed'), {
      wait: 10_000,
    });

    await browser.url(`/main/project/${projectId}/accesscode`);
    await expect(byTestId(sel.accessCodes.list)).toBeDisplayed({ wait: 20_000 });
    await byTestId(sel.accessCodes.search).setValue(target.code);
    await browser.waitUntil(async () => (await shownCodes()).length === 0, {
      timeout: 15_000,
      timeoutMsg: 'the old code is still listed',
    });
    await byTestId(sel.accessCodes.search).clearValue();
    await browser.waitUntil(
      async () => {
        const row = (await shownCodes()).find((r) => r.id === target.id);
        return row !== undefined && row.code !== target.code && /^\d{3}-\d{3}-\d{3}$/.test(row.code);
      },
      { timeout: 15_000, timeoutMsg: 'the refreshed code is not shown' },
    );
  });
});
