import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { $$, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, projectIdByName, signInToDashboard } from '../support/app';

/** A demo project no other journey uses; it has the seeded 'Demo Access Codes.txt' (docs/product/access-codes.md#demo). */
const PROJECT = 'New Hire Screening';
const A = sel.accessCodes;
/** Nine digits unique to this run: the upload refuses codes already used in the tenant. */
const STEM = String(Date.now()).slice(-6);
const CODES = [`7${STEM}01`, `7${STEM}02`];
const FILE_NAME = `journey-codes-${STEM}.txt`;

/** The pool code cells shown, read in one call. */
async function poolCells(): Promise<{ id: number; code: string }[]> {
  return (await browser.execute(() =>
    [...document.querySelectorAll('[data-testid^="access-code-pool-"]')].map((cell) => ({
      id: Number((cell.getAttribute('data-testid') ?? '').replace('access-code-pool-', '')),
      code: (cell.textContent ?? '').trim(),
    })),
  )) as { id: number; code: string }[];
}

const grouped = (code: string) => `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}`;

async function search(text: string) {
  await byTestId(A.search).setValue(text);
}

describe('access-code files', () => {
  it('uploads a code file, views its codes and burns one', async () => {
    const path = join(tmpdir(), FILE_NAME);
    writeFileSync(path, `Access Code,Type\n${CODES[0]},Primary\n${CODES[1]},Backup\n`);
    await signInToDashboard('admin@acme.test');
    const projectId = await projectIdByName(PROJECT);
    await browser.url(`/main/project/${projectId}/accesscode`);
    await expect(byTestId(A.files)).toBeDisplayed({ wait: 20_000 });
    // The seeded file is listed, so View Codes acts.
    await expect(byTestId(A.files)).toHaveText(expect.stringContaining('Demo Access Codes.txt'), { wait: 20_000 });
    await expect(byTestId(A.viewCodes)).toBeEnabled();

    // Upload: success text, the dialog closes after 4 s, the file is listed with its two codes.
    await byTestId(A.upload).click();
    await expect(byTestId(A.uploadDialog)).toBeDisplayed();
    await byTestId(A.uploadInput).setValue(path);
    await byTestId(A.uploadSubmit).click();
    await expect(byTestId(A.uploadSuccess)).toHaveText('File uploaded successfully', { wait: 20_000 });
    await expect(byTestId(A.uploadDialog)).not.toBeExisting({ wait: 10_000 });
    await expect(byTestId(A.files)).toHaveText(expect.stringContaining(FILE_NAME), { wait: 20_000 });

    // The same file again: refused row by row with the HTML answer shown as text, nothing stored.
    await byTestId(A.upload).click();
    await byTestId(A.uploadInput).setValue(path);
    await byTestId(A.uploadSubmit).click();
    await expect(byTestId(A.uploadError)).toHaveText(expect.stringContaining('is already used'), { wait: 20_000 });
    await byTestId(A.uploadClose).click();
    await expect(byTestId(A.uploadDialog)).not.toBeExisting();

    // View Codes: search the run's stem (1.5 s debounce), the two codes show grouped 3-3-rest.
    await byTestId(A.viewCodes).click();
    await search(`7${STEM}`);
    await browser.waitUntil(async () => (await poolCells()).length === 2, {
      timeout: 20_000,
      timeoutMsg: 'the uploaded codes are not listed',
    });
    expect((await poolCells()).map((c) => c.code).sort()).toEqual(CODES.map(grouped));

    // Burn the first: select it (only Available rows have a checkbox), Data Options › Burn Code.
    const first = (await poolCells()).find((c) => c.code === grouped(CODES[0]!))!;
    await byTestId(A.select(first.id)).click();
    await byTestId(A.options).click();
    await byTestId(A.burn).waitForDisplayed({ timeout: 5_000 });
    await byTestId(A.burn).click();

    // Filtered to Burned, only that code remains; its checkbox is gone.
    await byTestId(A.statusFilter).selectByAttribute('value', 'Burned');
    await browser.waitUntil(
      async () => {
        const cells = await poolCells();
        return cells.length === 1 && cells[0]!.id === first.id;
      },
      { timeout: 20_000, timeoutMsg: 'the burnt code is not listed as Burned' },
    );
    expect(await $$(`[data-testid="${A.select(first.id)}"]`).length).toBe(0);
  });
});
