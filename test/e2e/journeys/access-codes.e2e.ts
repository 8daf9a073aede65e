import { $$, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, projectIdByName, signInToDashboard } from '../support/app';

/** The first Acme demo project: execution stage, enable_refresh_accesscode on (docs/product/access-codes.md#demo). */
const PROJECT = 'Claims Integrity 2026';

/** The code cells the Access Codes grid shows, read in one call (a call per cell is slow on a 100-row page). */
async function shownCodes(): Promise<{ id: number; code: string }[]> {
  return (await browser.execute(() =>
    [...document.querySelectorAll('[data-testid^="access-code-"]')]
      .map((cell) => ({ testId: cell.getAttribute('data-testid') ?? '', code: cell.textContent ?? '' }))
      .filter((cell) => /^access-code-\d+$/.test(cell.testId))
      .map((cell) => ({ id: Number(cell.testId.replace('access-code-', '')), code: cell.code.trim() })),
  )) as { id: number; code: string }[];
}

describe('access codes', () => {
  it('opens the tab, searches a code, refreshes a participant code and sees it change', async () => {
    await signInToDashboard('admin@acme.test');
    const projectId = await projectIdByName(PROJECT);
    // A participant whose code may be refreshed (a refreshable status): its row shows the refresh icon.
    await browser.url(`/main/project/${projectId}/participants`);
    await browser.waitUntil(async () => (await $$('[data-testid^="participant-refresh-code-"]').length) > 0, {
      timeout: 20_000,
      timeoutMsg: 'no participant offers a refresh',
    });
    const icon = (await $$('[data-testid^="participant-refresh-code-"]'))[0]!;
    const id = Number(((await icon.getAttribute('data-testid')) ?? '').replace('participant-refresh-code-', ''));

    // The Access Codes tab lists that participant's code (90 demo participants: one page of 100).
    await browser.url(`/main/project/${projectId}/accesscode`);
    await expect(byTestId(sel.accessCodes.list)).toBeDisplayed({ wait: 20_000 });
    await browser.waitUntil(async () => (await shownCodes()).some((r) => r.id === id), {
      timeout: 20_000,
      timeoutMsg: 'the participant code is not listed',
    });
    const before = (await shownCodes()).find((r) => r.id === id)!.code;
    // Search by the code (1.5 s debounce): the grid narrows to that one participant.
    await byTestId(sel.accessCodes.search).setValue(before);
    await browser.waitUntil(
      async () => {
        const rows = await shownCodes();
        return rows.length === 1 && rows[0]!.id === id;
      },
      { timeout: 15_000, timeoutMsg: `the list did not narrow to ${before}` },
    );

    // Refresh it from the participants list.
    await browser.url(`/main/project/${projectId}/participants`);
    await byTestId(sel.accessCodes.refresh(id)).click();
    await expect(byTestId(sel.participants.success)).toHaveText(expect.stringContaining('Acess Code Refreshed'), {
      wait: 10_000,
    });

    // The Access Codes tab shows the new code, and the old one is found no more.
    await browser.url(`/main/project/${projectId}/accesscode`);
    await expect(byTestId(sel.accessCodes.list)).toBeDisplayed({ wait: 20_000 });
    await browser.waitUntil(
      async () => {
        const row = (await shownCodes()).find((r) => r.id === id);
        return row !== undefined && row.code !== before && /^\d{3}-\d{3}-\d{3}$/.test(row.code);
      },
      { timeout: 20_000, timeoutMsg: 'the refreshed code is not shown' },
    );
    await byTestId(sel.accessCodes.search).setValue(before);
    await browser.waitUntil(async () => (await shownCodes()).length === 0, {
      timeout: 15_000,
      timeoutMsg: 'the old code is still listed',
    });
  });
});
