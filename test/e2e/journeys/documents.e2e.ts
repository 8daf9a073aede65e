import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const D = sel.documents;
const NAME = `journey-policy-${Date.now()}.pdf`;
/** A small PDF: what the server's magic-byte check reads is `%PDF`. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A document fetched in the page with the console's own session: status, Content-Disposition and bytes. */
async function fetchDocumentInPage(id: number): Promise<{ status: number; disposition: string | null; text: string }> {
  return (await browser.execute(async (documentId: number) => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('persist:'))!;
    const root = JSON.parse(window.localStorage.getItem(key)!) as Record<string, string>;
    const session = JSON.parse(root.session!) as { accessToken: string; idToken: string };
    const tenancy = JSON.parse(root.tenancy!) as { operatingTenant: { tenantId: number } };
    const response = await fetch(`/api/user-service/v1/docs/${documentId}`, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'id-token': session.idToken,
        operatingTenant: String(tenancy.operatingTenant.tenantId),
      },
    });
    return {
      status: response.status,
      disposition: response.headers.get('content-disposition'),
      text: await response.text(),
    };
  }, id)) as unknown as { status: number; disposition: string | null; text: string };
}

describe('documents', () => {
  it('a customer admin uploads a small PDF, sees it listed, describes it, downloads it and deletes it', async () => {
    const path = join(tmpdir(), NAME);
    writeFileSync(path, PDF);
    await signInToDashboard('admin@acme.test');
    await byTestId(sel.shell.sidebarEntry('documents')).click();
    await expect(browser).toHaveUrl(expect.stringContaining('/main/documents'));
    await expect(byTestId(D.list)).toBeDisplayed({ wait: 20_000 });
    await expectAccessible('documents page');

    await byTestId(D.add).click();
    await expect(byTestId(D.uploadDialog)).toBeDisplayed();
    await expect(byTestId(D.uploadSelect)).toBeDisabled();
    await byTestId(D.uploadInput).setValue(path);
    await expect(byTestId(D.uploadSelect)).toBeEnabled();
    await byTestId(D.uploadSelect).click();
    await expect(byTestId(D.success)).toHaveText(expect.stringContaining('Document uploaded successfully!'));
    await expect(byTestId(D.uploadDialog)).not.toBeExisting();

    const link = byTestId(D.list).$(`button=${NAME}`);
    await expect(link).toBeDisplayed({ wait: 20_000 });
    const id = Number(((await link.getAttribute('data-testid')) ?? '').replace('document-download-', ''));
    expect(id).toBeGreaterThan(0);

    await byTestId(D.comment(id)).click();
    await byTestId(D.commentInput(id)).setValue('  Signed renewal of the screening policy  ');
    await byTestId(D.commentSave(id)).click();
    await expect(byTestId(D.success)).toHaveText(expect.stringContaining('comment updated successfully!'));
    await expect(byTestId(D.comment(id))).toHaveText('Signed renewal of th ...');

    await link.click();
    const file = await fetchDocumentInPage(id);
    expect(file.status).toBe(200);
    expect(file.disposition).toContain(`filename="${NAME}"`);
    expect(file.text.startsWith('%PDF-1.4')).toBe(true);

    await byTestId(D.delete(id)).click();
    await expect(byTestId(D.deleteConfirm)).toHaveText(expect.stringContaining('Do you want to delete document?'));
    await byTestId(D.deleteConfirmButton).click();
    await expect(byTestId(D.success)).toHaveText(expect.stringContaining('Document deleted successfully!'));
    await expect(byTestId(D.list).$(`button=${NAME}`)).not.toBeExisting({ wait: 20_000 });
    expect((await fetchDocumentInPage(id)).status).toBe(404);
  });
});
