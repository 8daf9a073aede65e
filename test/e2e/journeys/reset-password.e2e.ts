import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, DEMO_PASSWORD, freshStart, pathname, submitSignIn } from '../support/app';
import { waitForEmail } from '../support/mailbox';
import { expectAccessible } from '../support/accessibility';

// A demo user no other journey signs in with: its password changes here.
const USER = 'support@voxscreen.test';
const NEW_PASSWORD = 'Fresh-Start-2026!';

describe('forgotten password', () => {
  it('e-mails a one-time link whose new password works while the old one no longer does', async () => {
    const requestedAt = Date.now();
    await freshStart();
    await byTestId(sel.signIn.forgotPassword).click();
    await expect(byTestId(sel.resetPassword.email)).toBeDisplayed();
    expect(await pathname()).toBe('/resetPassword');
    await expectAccessible('forgotten password');

    // The address is lower-cased as typed.
    await byTestId(sel.resetPassword.email).setValue(USER.toUpperCase());
    await expect(byTestId(sel.resetPassword.email)).toHaveValue(USER);
    await byTestId(sel.resetPassword.submit).click();
    await expect(byTestId(sel.resetPassword.success)).toBeDisplayed();
    // On success the message is cleared and the user goes home after 5 seconds.
    await browser.waitUntil(async () => (await pathname()) === '/', {
      timeout: 15_000,
      timeoutMsg: 'did not return home after the reset request',
    });

    const message = await waitForEmail({ recipient: USER, since: requestedAt });
    const link = /https?:\/\/[^\s"<]+\/resetPassword\?token=[^\s"<]+/.exec(message.body_text)?.[0];
    expect(link).toBeDefined();
    const { pathname: linkPath, search } = new URL(link!);
    await browser.url(`${linkPath}${search}`);

    await byTestId(sel.resetPassword.newPassword).setValue(NEW_PASSWORD);
    await byTestId(sel.resetPassword.confirmPassword).setValue(NEW_PASSWORD);
    await byTestId(sel.resetPassword.setPassword).click();
    await expect(byTestId(sel.resetPassword.success)).toBeDisplayed();

    // The link is one-time: using it again is refused.
    await browser.url(`${linkPath}${search}`);
    await byTestId(sel.resetPassword.newPassword).setValue(`${NEW_PASSWORD}x`);
    await byTestId(sel.resetPassword.confirmPassword).setValue(`${NEW_PASSWORD}x`);
    await byTestId(sel.resetPassword.setPassword).click();
    await expect(byTestId(sel.resetPassword.error)).toBeDisplayed();

    await freshStart();
    await submitSignIn(USER, DEMO_PASSWORD);
    await expect(byTestId(sel.signIn.error)).toHaveText(expect.stringContaining('Invalid email or password.'));

    await freshStart();
    await submitSignIn(USER, NEW_PASSWORD);
    await expect(byTestId(sel.shell.topBar)).toBeDisplayed({ wait: 30_000 });
    expect(await pathname()).toMatch(/^\/main\//);
  });
});
