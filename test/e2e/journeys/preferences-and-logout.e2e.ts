import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, pathname, signInToDashboard, storageKeys } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const dashboardLabel = () => byTestId(sel.shell.sidebarEntry('dashboard')).getText();

describe('preferences survive a reload; logout clears state', () => {
  it('keeps Spanish across a reload', async () => {
    await signInToDashboard('admin@acme.test');
    const english = await dashboardLabel();
    await byTestId(sel.shell.languageSelect).selectByAttribute('value', 'es');
    await browser.waitUntil(async () => (await dashboardLabel()) !== english);
    const spanish = await dashboardLabel();
    expect(await browser.execute(() => window.localStorage.getItem('langid'))).toBe('2');
    await browser.refresh();
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    expect(await dashboardLabel()).toBe(spanish);
    await expectAccessible('dashboard in Spanish');
    expect(await browser.execute(() => window.localStorage.getItem('languageId'))).toBe('2');
  });

  it('keeps the dark theme across a reload', async () => {
    await signInToDashboard('admin@acme.test');
    const isDark = () => browser.execute(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await byTestId(sel.shell.userMenu).click();
    await byTestId(sel.shell.themeSwitch).click();
    await browser.waitUntil(isDark);
    expect(await browser.execute(() => window.localStorage.getItem('theme_preference'))).toBe('dark');
    await browser.refresh();
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    expect(await isDark()).toBe(true);
    await expectAccessible('dashboard in the dark theme');
  });

  it('logs out, clears the session and tenant, and guards /main again', async () => {
    await signInToDashboard('dual@globex.test');
    await byTestId(sel.shell.userMenu).click();
    await expectAccessible('user menu');
    await byTestId(sel.shell.logout).click();
    await browser.waitUntil(async () => (await pathname()) === '/');
    await expect(byTestId(sel.signIn.email)).toBeDisplayed();
    const leftovers = await browser.execute(() =>
      Object.entries(window.localStorage)
        .filter(([key]) => key !== 'theme_preference')
        .map(([key, value]) => `${key}=${value}`),
    );
    expect(leftovers.join('\n')).not.toContain('eyJ');
    expect(await storageKeys()).not.toContain('langid');
    await browser.url('/main/dashboard');
    await browser.waitUntil(async () => (await pathname()) === '/');
    await expect(byTestId(sel.signIn.email)).toBeDisplayed();
  });
});
