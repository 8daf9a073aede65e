import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { apiCall, apiSignIn, tenantIdOf } from '../support/admin-api';
import { byTestId, pathname, signInToDashboard } from '../support/app';

/** The texts of a native select's options. */
const optionLabels = (testId: string): Promise<string[]> =>
  browser.execute(
    (id: string) =>
      Array.from(document.querySelectorAll<HTMLOptionElement>(`[data-testid="${id}"] option`)).map((o) => o.text),
    testId,
  );

interface Attribute {
  attributeType: string;
  description: string;
}

describe('admin: lookups', () => {
  it("a customer admin adds a lookup value in the Lookups tab and the project form's Department dropdown offers it", async () => {
    await signInToDashboard('admin@acme.test');
    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('lookups')).click();
    await expect(byTestId(sel.admin.lookups.list)).toBeDisplayed();
    await byTestId(sel.admin.lookups.add).click();
    await byTestId(sel.admin.lookups.fieldName).selectByAttribute('value', 'DEPARTMENT');
    await byTestId(sel.admin.lookups.english).setValue('Journey Fraud Unit');
    await byTestId(sel.admin.lookups.spanish).setValue('Unidad de fraude');
    await byTestId(sel.admin.lookups.save).click();
    await expect(byTestId(sel.admin.lookups.success)).toHaveText('lookup created successfully');
    await browser.waitUntil(async () => (await pathname()) === '/main/admin/lookups', { timeout: 5000 });
    await expect(byTestId(sel.admin.lookups.list)).toHaveText(expect.stringContaining('Journey Fraud Unit'));

    // The project form's Department dropdown offers the new value: reached inside the console (no reload), so the
    // lookups it read on the dashboard are fetched again (createLookupValue's x-invalidates: Project, ADR 0065).
    await byTestId(sel.shell.sidebarEntry('projects')).click();
    await byTestId(sel.projects.create).click();
    await browser.waitUntil(async () => (await pathname()) === '/main/project/createProject', { timeout: 10_000 });
    const department = byTestId(sel.projectForm.department);
    await expect(department).toBeDisplayed({ wait: 20_000 });
    await browser.waitUntil(
      async () => (await optionLabels(sel.projectForm.department)).includes('Journey Fraud Unit'),
      {
        timeout: 10_000,
        timeoutMsg: "the project form's Department dropdown does not offer 'Journey Fraud Unit'",
      },
    );
    await byTestId(sel.projectForm.cancel).click();
    await browser.waitUntil(async () => (await pathname()) === '/main/project', { timeout: 10_000 });

    // In Spanish the project form's lookup call answers the value's Spanish text.
    const admin = await apiSignIn('admin@acme.test');
    const acme = await tenantIdOf(admin, 'Acme Insurance');
    const spanish = await apiCall<{ attributes: Attribute[] }>(
      admin,
      acme,
      'GET',
      `/project-service/v1/project/attributes?tenant_id=${acme}&language_id=2&active=true`,
    );
    expect(spanish.attributes).toContainEqual(
      expect.objectContaining({ attributeType: 'DEPARTMENT', description: 'Unidad de fraude' }),
    );
  });
});
