import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, projectIdByName, signInToDashboard } from '../support/app';

const P = sel.participants;
/** A demo project in the execution stage, with demo participants. */
const PROJECT = 'Claims Integrity 2026';
/** Numeric IRNs (valid whether or not the project takes the IRN as the access code), unique per run. */
const PREFIX = String(Date.now()).slice(-10);
const IRNS = ['01', '02', '03'].map((n) => `${PREFIX}${n}`);
const CSV = [
  'IRN,First Name,Last Name,Email,Phone Number,Language',
  `${IRNS[0]},Import,One,import.one@example.test,,en`,
  `${IRNS[1]},Import,Two,import.two@example.test,,en`,
  `${IRNS[2]},=Import,Three,,,en`,
].join('\n');

/** A call made in the page with the console's own session: status, Content-Disposition and text. */
async function fetchInPage(
  path: string,
  init: { method: string; body?: string },
): Promise<{ status: number; disposition: string | null; text: string }> {
  return (await browser.execute(
    async (url: string, method: string, body: string | null) => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('persist:'))!;
      const root = JSON.parse(window.localStorage.getItem(key)!) as Record<string, string>;
      const session = JSON.parse(root.session!) as { accessToken: string; idToken: string };
      const tenancy = JSON.parse(root.tenancy!) as { operatingTenant: { tenantId: number } };
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          'id-token': session.idToken,
          operatingTenant: String(tenancy.operatingTenant.tenantId),
          ...(body && { 'content-type': 'application/json' }),
        },
        ...(body && { body }),
      });
      return {
        status: response.status,
        disposition: response.headers.get('content-disposition'),
        text: await response.text(),
      };
    },
    path,
    init.method,
    init.body ?? null,
  )) as unknown as { status: number; disposition: string | null; text: string };
}

async function chooseOption(itemTestId: string): Promise<void> {
  await byTestId(P.options).click();
  await byTestId(itemTestId).waitForDisplayed({ timeout: 5_000 });
  await byTestId(itemTestId).click();
}

describe('participants import', () => {
  it('downloads the template, appends a 3-row CSV, lists the rows and exports them', async () => {
    const csvPath = join(tmpdir(), `participants-${PREFIX}.csv`);
    writeFileSync(csvPath, CSV);
    await signInToDashboard('admin@acme.test');
    const projectId = await projectIdByName(PROJECT);
    await browser.url(`/main/project/${projectId}/participants`);
    await expect(byTestId(P.list)).toBeDisplayed({ wait: 20_000 });

    // Template: the menu item saves it; the same call answers the xlsx.
    await chooseOption(P.optionTemplate);
    const template = await fetchInPage('/api/participant-service/v1/participants/downloadTemplate', { method: 'GET' });
    expect(template.status).toBe(200);
    expect(template.disposition).toContain('ParticipantTemplate.xlsx');
    await expect(byTestId(P.transferError)).not.toBeExisting();

    // Upload in Append mode.
    await chooseOption(P.optionUpload);
    await expect(byTestId(P.uploadDialog)).toBeDisplayed();
    await expect(byTestId(P.uploadMode)).toHaveValue('append');
    await byTestId(P.uploadInput).setValue(csvPath);
    await byTestId(P.uploadSubmit).click();
    await expect(byTestId(P.uploadStatus)).toHaveText('Success!', { wait: 20_000 });
    await byTestId(P.uploadClose).click();
    await expect(byTestId(P.uploadDialog)).not.toBeExisting();

    // The three rows are in the list.
    await byTestId(P.search).setValue(PREFIX);
    let seen: string[] = [];
    await browser.waitUntil(
      async () => {
        // Read in one call in the page: element handles went stale as the grid re-rendered, and a command on a
        // stale handle once hung the session until the journey's timeout (cluster run).
        const texts = (await browser.execute(() =>
          Array.from(document.querySelectorAll('[data-testid^="participant-irn-"]')).map((c) => c.textContent ?? ''),
        )) as string[];
        seen = texts.map((text) => text.trim());
        return IRNS.every((irn) => seen.includes(irn));
      },
      { timeout: 20_000, timeoutMsg: `the imported rows are not listed (${seen.join(', ')})` },
    );

    // Export the page: the menu item saves the CSV; the same call answers the rows, formula-escaped.
    await byTestId(P.selectPage).click();
    await chooseOption(P.optionExport);
    await expect(byTestId(P.transferError)).not.toBeExisting();
    const exported = await fetchInPage('/api/participant-service/v1/participants/exportParticipants', {
      method: 'POST',
      body: JSON.stringify({ projectId, allRecords: true, search: PREFIX }),
    });
    expect(exported.status).toBe(200);
    expect(exported.disposition).toContain(`participants_${projectId}.csv`);
    for (const irn of IRNS) expect(exported.text).toContain(irn);
    expect(exported.text).toContain("'=Import");
  });
});
