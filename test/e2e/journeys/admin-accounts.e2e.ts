import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { pathOf } from '../support/admin-api';
import { setPasswordLinkFor } from '../support/mailbox';
import { byTestId, freshStart, pathname, submitSignIn } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const NEW_PASSWORD = 'Initech-Passw0rd!';

describe('admin: a provider administrator creates an account', () => {
  it('the primary user gets the e-mail, sets a password from its link and signs in to the new account', async () => {
    await freshStart();
    await submitSignIn('admin@voxscreen.test');
    const chooser = byTestId(sel.tenantChooser.dialog);
    await expect(chooser).toBeDisplayed();
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Voxscreen');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed();

    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await expect(byTestId(sel.admin.accounts.list)).toBeDisplayed();
    expect(await pathname()).toBe('/main/admin/tenant');
    await expectAccessible('admin accounts grid');
    await byTestId(sel.admin.accounts.add).click();
    await byTestId(sel.admin.accounts.firstName).setValue('Peter');
    await byTestId(sel.admin.accounts.lastName).setValue('Gibbons');
    await byTestId(sel.admin.accounts.email).setValue('Peter@Initech-E2E.test');
    await byTestId(sel.admin.accounts.name).setValue('Initech E2E');
    await byTestId(sel.admin.accounts.salesPerson).setValue('sales@voxscreen.test');
    await byTestId(sel.admin.accounts.customerId).setValue('C-E2E');
    await expectAccessible('add account form');
    await byTestId(sel.admin.accounts.save).click();
    await expect(byTestId(sel.admin.accounts.success)).toHaveText(
      expect.stringContaining('Tenant Initech E2E Created Successfully'),
    );
    await browser.waitUntil(async () => (await pathname()) === '/main/admin/tenant', { timeout: 6000 });

    const link = await setPasswordLinkFor('peter@initech-e2e.test');
    await browser.url(pathOf(link));
    await byTestId(sel.resetPassword.newPassword).setValue(NEW_PASSWORD);
    await byTestId(sel.resetPassword.confirmPassword).setValue(NEW_PASSWORD);
    await byTestId(sel.resetPassword.setPassword).click();
    await expect(byTestId(sel.resetPassword.success)).toBeDisplayed();
    await expectAccessible('set password');

    await freshStart();
    await submitSignIn('peter@initech-e2e.test', NEW_PASSWORD);
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    await expect(byTestId(sel.shell.tenantName)).toHaveText(expect.stringContaining('Initech E2E'));
  });
});
