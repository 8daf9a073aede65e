import { browser, expect } from '@wdio/globals';
import { pdfText } from '../../../src/server/platform/pdf/pdf-text';
import { sel } from '../selectors';
import { byTestId, projectIdByName, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const PROJECT = 'Vendor Due Diligence';
const NEW_QUESTION = 'Have you ever worked under a different name?';

const rowText = (index: number) => byTestId(sel.questions.text(index)).getText();

/** The questions PDF fetched in the page with the console's own session, as base64. */
async function fetchPdfInPage(
  projectId: number,
): Promise<{ status: number; disposition: string | null; base64: string }> {
  return (await browser.execute(async (id: number) => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('persist:'))!;
    const root = JSON.parse(window.localStorage.getItem(key)!) as Record<string, string>;
    const session = JSON.parse(root.session!) as { accessToken: string; idToken: string };
    const tenancy = JSON.parse(root.tenancy!) as { operatingTenant: { tenantId: number } };
    const response = await fetch(`/api/project-service/v1/project/${id}/questions/download`, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'id-token': session.idToken,
        operatingTenant: String(tenancy.operatingTenant.tenantId),
      },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
    return { status: response.status, disposition: response.headers.get('content-disposition'), base64: btoa(binary) };
  }, projectId)) as unknown as { status: number; disposition: string | null; base64: string };
}

describe('project questions', () => {
  it('adds, reorders with the keyboard and approves questions, then downloads them as a PDF', async () => {
    await signInToDashboard('admin@acme.test');
    const projectId = await projectIdByName(PROJECT);
    await browser.url(`/main/project/${projectId}/questions`);
    await expect(byTestId(sel.questions.list)).toBeDisplayed({ wait: 20_000 });
    await expectAccessible('project questions');
    const first = await rowText(0);

    await byTestId(sel.questions.add).click();
    await expect(byTestId(sel.questions.sequence(0))).toHaveText('N');
    await byTestId(sel.questions.textInput(0)).setValue(NEW_QUESTION);
    await byTestId(sel.questions.save).click();
    await expect(byTestId(sel.questions.success)).toHaveText(expect.stringContaining('Question Created Successfully'));
    await expect(byTestId(sel.questions.text(0))).toHaveText(NEW_QUESTION);
    await expect(byTestId(sel.questions.sequence(0))).toHaveText('1');

    // Keyboard reordering: space picks the new question up, the arrow moves it down one, space drops it.
    // Each step waits for its announcement in dnd-kit's live region, as a screen-reader user would hear it.
    const announced = (text: string) =>
      browser.waitUntil(
        async () =>
          (await browser.execute(() => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '')).includes(
            text,
          ),
        { timeout: 5000, timeoutMsg: `no announcement "${text}"` },
      );
    await byTestId(sel.questions.handle(0)).click();
    await browser.keys(' ');
    await announced('is over position 1 of');
    await browser.keys('ArrowDown');
    await announced('is over position 2 of');
    await browser.keys(' ');
    await announced('was dropped at position 2 of');
    await expect(byTestId(sel.questions.text(1))).toHaveText(NEW_QUESTION);
    await expect(byTestId(sel.questions.text(0))).toHaveText(first);
    await byTestId(sel.questions.save).click();
    await expect(byTestId(sel.questions.success)).toHaveText(expect.stringContaining('Questions Updated Successfully'));
    await browser.refresh();
    await expect(byTestId(sel.questions.text(1))).toHaveText(NEW_QUESTION, { wait: 20_000 });

    await byTestId(sel.questions.approve).click();
    await byTestId(sel.questions.approveConfirm).click();
    await expect(byTestId(sel.questions.success)).toHaveText(
      expect.stringContaining('Questions Approved Successfully'),
    );
    await expect(byTestId(sel.questions.approvalLine)).toHaveText(
      expect.stringContaining('Questions Approved by Alicia Moreno'),
    );
    await expect(byTestId(sel.questions.add)).toBeDisabled();
    await expect(byTestId(sel.questions.lockReason)).toHaveText('Questions are approved and can no longer be changed.');
    // The lock reason's warning colour was 3.55:1 on white (issue 25 item 15).
    await expectAccessible('questions locked after approval');

    await byTestId(sel.questions.download).click();
    await expect(byTestId(sel.questions.success)).toHaveText(
      expect.stringContaining('Questions Downloaded Successfully'),
    );
    const pdf = await fetchPdfInPage(projectId);
    expect(pdf.status).toBe(200);
    expect(pdf.disposition).toContain(`filename="${PROJECT} - Questions.pdf"`);
    const bytes = Buffer.from(pdf.base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A long question wraps onto several lines of its cell: read the text as one run of single spaces.
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(PROJECT);
    expect(text).toContain('Questions Approved by Alicia Moreno');
    const firstAt = text.indexOf(first.replace(/\s+/g, ' '));
    expect(firstAt).toBeGreaterThan(-1);
    expect(firstAt).toBeLessThan(text.indexOf(NEW_QUESTION));
  });
});
