import { $$, browser, expect } from '@wdio/globals';
import { parse } from 'csv-parse/sync';
import JSZip from 'jszip';
import { pdfText } from '../../../src/server/platform/pdf/pdf-text';
import { sel } from '../selectors';
import { apiCall, apiSignIn, tenantIdOf } from '../support/admin-api';
import { byTestId, signInToDashboard } from '../support/app';
import { catchDownloads, savedFiles } from '../support/downloads';

/**
 * A demo project with results that no other journey changes: journeys run two at a time, and project-results
 * releases a held result of Claims Integrity 2026, which would change the count between reading it and the zip.
 */
const PROJECT = 'Annual Compliance Review 2025';

/** A complete project has no card on the default project list: its id comes from the list call. */
async function projectId(): Promise<number> {
  const session = await apiSignIn('admin@acme.test');
  const acme = await tenantIdOf(session, 'Acme Insurance');
  const { projects } = await apiCall<{ projects: { projectId: number; name: string }[] }>(
    session,
    acme,
    'GET',
    '/project-service/v1/project/projectListNew',
  );
  return projects.find((project) => project.name === PROJECT)!.projectId;
}

async function waitForSaved(count: number, what: string, timeout = 30_000): Promise<{ name: string; bytes: Buffer }> {
  await browser.waitUntil(async () => (await savedFiles()).length === count, { timeout, timeoutMsg: `${what}` });
  return (await savedFiles())[count - 1]!;
}

async function shownIrns(): Promise<string[]> {
  return (await browser.execute(() =>
    Array.from(document.querySelectorAll('[data-testid^="results-irn-"]')).map((cell) => cell.textContent ?? ''),
  )) as string[];
}

const totalShown = async () => Number((await byTestId(sel.results.total).getText()).replace(/\D/g, ''));

async function choose(item: string): Promise<void> {
  await byTestId(sel.resultActions.menu).click();
  await byTestId(item).click();
}

describe('results downloads', () => {
  it('exports the filtered results: the file holds exactly the rows the filter finds', async () => {
    const id = await projectId();
    await signInToDashboard('admin@acme.test');
    await browser.url(`/main/project/${id}/results`);
    await browser.waitUntil(async () => (await shownIrns()).length > 0, { timeout: 20_000 });
    const total = await totalShown();
    await catchDownloads();

    // Every result of the (default) filters as CSV: one line per result.
    await choose(sel.resultActions.downloadCsv);
    const all = await waitForSaved(1, 'no CSV was saved');
    expect(all.name).toBe('results.csv');
    const everyRow = parse(all.bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(everyRow).toHaveLength(total);

    // Searched: exactly the rows shown.
    const [irn] = await shownIrns();
    await byTestId(sel.results.search).setValue(irn!);
    await byTestId(sel.results.searchButton).click();
    await browser.waitUntil(async () => (await shownIrns()).every((shown) => shown === irn), { timeout: 20_000 });
    const shown = await shownIrns();
    await choose(sel.resultActions.downloadCsv);
    const searched = await waitForSaved(2, 'no CSV of the search was saved');
    const rows = parse(searched.bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['IRN'])).toEqual(shown);

    // And as xlsx (the default Download Results).
    await choose(sel.resultActions.downloadResults);
    expect((await waitForSaved(3, 'no xlsx was saved')).name).toBe('results.xlsx');
  });

  it('downloads the PDFs of the filtered results as one zip, one entry per result', async () => {
    // A fresh Results tab: the default filters again.
    await browser.url(await browser.getUrl());
    await browser.waitUntil(async () => (await shownIrns()).length > 1, { timeout: 20_000 });
    await catchDownloads();
    const total = await totalShown();
    expect(total).toBeGreaterThanOrEqual(50);
    await choose(sel.resultActions.downloadPdfs);
    // More than 50 results: the zip is built by a job with a progress bar (ADR 0050).
    if (total > 50) await expect(byTestId(sel.resultActions.zipProgress)).toBeDisplayed({ wait: 20_000 });
    const zipFile = await waitForSaved(1, 'no zip was saved', 180_000);
    expect(zipFile.name).toMatch(/^Annual Compliance Review 2025_\d{2}_\d{2}_\d{4}\.zip$/);
    const zip = await JSZip.loadAsync(zipFile.bytes);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(total);
    expect(names.every((name) => /^result_.+\.pdf$/.test(name))).toBe(true);
    const first = await zip.file(names[0]!)!.async('nodebuffer');
    expect(pdfText(first)).toContain('Risk Report:');
    await expect(byTestId(sel.resultActions.zipProgress)).not.toBeDisplayed();
    expect(await $$(`[data-testid="${sel.results.error}"]`).length).toBe(0);
  });
});
