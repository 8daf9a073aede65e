import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { apiCall, apiSignIn, tenantIdOf } from '../support/admin-api';
import { byTestId, pathname, signInToDashboard } from '../support/app';

interface Attribute {
  attributeType: string;
  description: string;
}

describe('admin: lookups', () => {
  it('a customer admin adds a lookup value in the Lookups tab and the project form lookups offer it', async () => {
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

    // The project form is not on this branch: its lookup call (project/attributes) must offer the value.
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
