import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { apiCall, apiSignIn, tenantIdOf, type ApiSession } from '../support/admin-api';
import { setPasswordLinkFor } from '../support/mailbox';
import { byTestId, freshStart, pathname, signInToDashboard, submitSignIn, visibleSidebarEntries } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const PASSWORD = 'Reviewer-Passw0rd!';

/**
 * Picks a language in the shell's select in one step in the page, if the select is enabled and has the option now.
 * WebdriverIO's selectByAttribute waits the whole default wait on the element it found first: when the shell replaced
 * the select meanwhile (its languages loading, the session ending), that wait outlasted the journey's own (seen under
 * load).
 */
async function pickLanguageNow(shortCode: string): Promise<boolean> {
  return browser.execute(
    (testId: string, value: string) => {
      const select = document.querySelector<HTMLSelectElement>(`[data-testid="${testId}"]`);
      if (!select || select.disabled || ![...select.options].some((option) => option.value === value)) return false;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    },
    sel.shell.languageSelect,
    shortCode,
  );
}

/** A user of Acme created through the API (as Add User does), with a password set from the invitation link. */
async function newAcmeUser(admin: ApiSession, acme: number, email: string, roleName: string): Promise<number> {
  const roles = await apiCall<{ roleId: number; name: string }[]>(admin, acme, 'GET', '/user-service/v1/role');
  const role = roles.find((r) => r.name === roleName)!;
  const user = await apiCall<{ id: number }>(admin, acme, 'POST', '/user-service/v1/user', {
    form: {
      tenantId: String(acme),
      firstName: 'Rita',
      lastName: 'Reviewer',
      email,
      title: 'Reviewer',
      roleId: String(role.roleId),
      isActive: 'true',
    },
  });
  const token = new URL(await setPasswordLinkFor(email)).searchParams.get('token')!;
  await apiCall(admin, acme, 'POST', '/authz-service/reset-password/confirm', { json: { token, password: PASSWORD } });
  return user.id;
}

describe('admin: roles and permissions', () => {
  it('a customer admin creates a role, grants two permissions, assigns it; that user sees exactly the matching entries', async () => {
    const admin = await apiSignIn('admin@acme.test');
    const acme = await tenantIdOf(admin, 'Acme Insurance');
    await newAcmeUser(admin, acme, 'rita@acme-e2e.test', 'Analyst');

    await signInToDashboard('admin@acme.test');
    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await expect(byTestId(sel.admin.page)).toBeDisplayed();
    await byTestId(sel.admin.tab('roles')).click();
    await expect(byTestId(sel.admin.roles.add)).toBeDisplayed();
    await expectAccessible('admin roles grid');
    await byTestId(sel.admin.roles.add).click();
    await byTestId(sel.admin.roles.name).setValue('Documents Reviewer');
    await byTestId(sel.admin.roles.description).setValue('Reads documents and users');
    await expectAccessible('add role form');
    await byTestId(sel.admin.roles.save).click();
    await expect(byTestId(sel.admin.roles.success)).toHaveText(expect.stringContaining('Role created successfully'));

    await byTestId(sel.admin.tab('permissions')).click();
    await byTestId(sel.admin.permissions.roleSelect).selectByVisibleText('Documents Reviewer');
    await expect(byTestId(sel.admin.permissions.roleDescription)).toHaveText('Reads documents and users');
    await byTestId(sel.admin.permissions.checkbox('tenant.document.read')).click();
    await byTestId(sel.admin.permissions.checkbox('tenant.users.read')).click();
    await byTestId(sel.admin.permissions.save).click();
    await expect(byTestId(sel.admin.permissions.success)).toHaveText(
      expect.stringContaining('Role permission updated successfully'),
    );
    // tenant.project.detail.read stays granted and cannot be unchecked.
    const detail = byTestId(sel.admin.permissions.checkbox('tenant.project.detail.read')).$('input');
    expect(await detail.isSelected()).toBe(true);
    expect(await detail.isEnabled()).toBe(false);
    await expectAccessible('admin permissions');

    await byTestId(sel.admin.tab('users')).click();
    await expect(byTestId(sel.admin.users.list)).toBeDisplayed();
    await expectAccessible('admin users grid');
    await (await byTestId(sel.admin.users.list).$('div=rita@acme-e2e.test')).click();
    await browser.waitUntil(async () => (await pathname()).startsWith('/main/admin/users/editUsers/'));
    await byTestId(sel.admin.users.role).selectByVisibleText('Documents Reviewer');
    await expectAccessible('edit user form');
    await byTestId(sel.admin.users.save).click();
    await expect(byTestId(sel.admin.users.saved)).toHaveText(
      expect.stringContaining('User Rita Reviewer Updated Successfully'),
    );

    await freshStart();
    await submitSignIn('rita@acme-e2e.test', PASSWORD);
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    expect(await visibleSidebarEntries()).toEqual(['dashboard', 'projects', 'admin', 'documents']);
  });

  it("a deactivated user's open session is logged out on its next call", async () => {
    const admin = await apiSignIn('admin@acme.test');
    const acme = await tenantIdOf(admin, 'Acme Insurance');
    const userId = await newAcmeUser(admin, acme, 'gone@acme-e2e.test', 'Analyst');
    await freshStart();
    await submitSignIn('gone@acme-e2e.test', PASSWORD);
    await expect(byTestId(sel.dashboard)).toBeDisplayed();

    await apiCall(admin, acme, 'PUT', `/user-service/v1/user/${userId}`, {
      json: { firstName: 'Rita', lastName: 'Reviewer', title: 'Reviewer', isActive: false },
    });
    // The next call of the open session answers 401 and the console signs out: changing the language
    // reloads the user info. Another call of the dashboard (a refetch) may meet the 401 first: the session has then
    // ended already, and the select is gone.
    await browser.waitUntil(async () => (await pathname()) === '/' || (await pickLanguageNow('es')));
    await browser.waitUntil(async () => (await pathname()) === '/', { timeout: 10_000 });
    await expect(byTestId(sel.signIn.email)).toBeDisplayed();
  });
});
