import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, freshStart, pathname, signInToDashboard, submitSignIn } from '../support/app';
import { expectAccessible } from '../support/accessibility';

describe('sign-in and tenant placement', () => {
  it('shows the server message for a wrong password and stays on sign-in', async () => {
    await freshStart();
    await submitSignIn('admin@acme.test', 'not-the-password1');
    await expect(byTestId(sel.signIn.error)).toHaveText(expect.stringContaining('Invalid email or password.'));
    expect(await pathname()).toBe('/');
    await expectAccessible('sign-in with an error');
  });

  it('places a one-tenant user in their tenant automatically', async () => {
    await freshStart();
    await submitSignIn('admin@acme.test');
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    expect(await pathname()).toBe('/main/dashboard');
    await expect(byTestId(sel.shell.tenantName)).toHaveText(expect.stringContaining('Acme Insurance'));
    await expect(byTestId(sel.tenantChooser.dialog)).not.toBeExisting();
    await expectAccessible('dashboard');
  });

  it('offers a two-tenant user the Client Access Control chooser and reaches the dashboard shell', async () => {
    await freshStart();
    await submitSignIn('dual@globex.test');
    const chooser = byTestId(sel.tenantChooser.dialog);
    await expect(chooser).toBeDisplayed();
    await expect(chooser).toHaveText(expect.stringContaining('Client Access Control'));
    const select = byTestId(sel.tenantChooser.select);
    const options = await select.$$('option').map((o) => o.getText());
    expect(options.filter((o) => o.trim() !== '')).toEqual(['Acme Insurance', 'Globex Logistics']);
    await expectAccessible('tenant chooser');
    await select.selectByVisibleText('Globex Logistics');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    await expect(byTestId(sel.shell.tenantName)).toHaveText(expect.stringContaining('Globex Logistics'));
  });

  it('returns a user without tenants to sign-in after the no-tenant message', async () => {
    await freshStart();
    await submitSignIn('nobody@voxscreen.test');
    await expect(byTestId(sel.noTenant)).toHaveText(expect.stringContaining('No Tenant Assigned for this user'));
    await expectAccessible('no tenant');
    await browser.waitUntil(async () => (await pathname()) === '/', { timeout: 5000 });
    await expect(byTestId(sel.signIn.email)).toBeDisplayed();
    const keys = await browser.execute(() => Object.keys(window.localStorage).filter((k) => k.startsWith('persist:')));
    for (const key of keys) {
      const stored = await browser.execute((k) => window.localStorage.getItem(k) ?? '', key);
      expect(stored).not.toContain('eyJ'); // no JWT left behind
    }
  });

  it('the accessibility check fails on a serious violation it is shown', async () => {
    await freshStart();
    await expect(byTestId(sel.signIn.email)).toBeDisplayed();
    await browser.execute(() => {
      const unnamed = document.createElement('button');
      unnamed.setAttribute('data-testid', 'unnamed-button');
      document.body.appendChild(unnamed);
    });
    await expect(expectAccessible('sign-in with an unnamed button')).rejects.toThrow(/button-name/);
  });

  it('sends an unauthenticated visit of /main to sign-in', async () => {
    await freshStart();
    await browser.url('/main/dashboard');
    await browser.waitUntil(async () => (await pathname()) === '/');
    await expect(byTestId(sel.signIn.email)).toBeDisplayed();
  });

  it('shows No Page Found for an unknown URL', async () => {
    await signInToDashboard('admin@acme.test');
    await browser.url('/main/no-such-screen');
    await expect(byTestId(sel.notFound)).toHaveText(expect.stringContaining('No Page Found'));
    await expectAccessible('No Page Found in the shell');
    await browser.url('/completely/unknown');
    await expect(byTestId(sel.notFound)).toHaveText(expect.stringContaining('No Page Found'));
  });
});
