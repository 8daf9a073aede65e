import { $, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { apiCall, apiSignIn, tenantIdOf } from '../support/admin-api';
import { byTestId, pathname, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

// agent@acme.test: no other journey depends on this demo user's name or settings.
const USER = 'agent@acme.test';

interface UserInfo {
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  notificationPreference: {
    resultAlert: string;
    time: string[];
    displayTimezone: string | null;
    pendingResultsNotification: string;
  };
}

async function storedProfile(): Promise<UserInfo> {
  const session = await apiSignIn(USER);
  const acme = await tenantIdOf(session, 'Acme Insurance');
  return apiCall<UserInfo>(session, acme, 'GET', '/user-service/v1/user/userInfo');
}

/** Empties a field the way a user does, so that React sees the change. */
async function emptyField(testId: string): Promise<void> {
  await byTestId(testId).click();
  await browser.keys(['Control', 'a']);
  await browser.keys('Backspace');
}

async function replaceValue(testId: string, value: string): Promise<void> {
  await emptyField(testId);
  await byTestId(testId).addValue(value);
}

const isChecked = (testId: string) => byTestId(testId).$('input[type="checkbox"]').isSelected();

describe('user profile', () => {
  it('profile validation messages and a saved change', async () => {
    const before = await storedProfile();
    await signInToDashboard(USER);
    await byTestId(sel.shell.userMenu).click();
    await byTestId(sel.shell.userMenuProfile).click();
    await browser.waitUntil(async () => (await pathname()) === '/main/userprofile');
    await expect(byTestId(sel.profile.form)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.profile.firstName)).toHaveValue(before.firstName);
    await expect(byTestId(sel.profile.email)).toHaveValue(USER);
    await expectAccessible('profile');

    // Bad input: the spec's messages, and nothing reaches the server.
    await emptyField(sel.profile.firstName);
    await replaceValue(sel.profile.phone, '12345');
    await byTestId(sel.profile.save).click();
    await expect($('*=First Name is required')).toBeDisplayed();
    await expect($('*=Invalid phone number')).toBeDisplayed();
    await expect(byTestId(sel.profile.success)).not.toBeExisting();
    expect(await storedProfile()).toEqual(before);

    // Alerts on without a time: the time rule's message.
    await byTestId(sel.profile.alerts).click();
    await expect(byTestId(sel.profile.timezone)).toHaveValue('6');
    await replaceValue(sel.profile.firstName, 'Andrea');
    await replaceValue(sel.profile.lastName, 'Lewis-Profile');
    await replaceValue(sel.profile.phone, '+1 (555) 010-2030 ext 7');
    await byTestId(sel.profile.save).click();
    await expect($('*=Please checked at least one checked box')).toBeDisplayed();
    await expectAccessible('profile with validation messages');
    expect(await storedProfile()).toEqual(before);

    // Fixed: two times, Eastern Time, pending-results notification on.
    await byTestId(sel.profile.time('08:00')).click();
    await byTestId(sel.profile.time('16:00')).click();
    await byTestId(sel.profile.timezone).selectByAttribute('value', '16');
    await byTestId(sel.profile.pending).click();
    await byTestId(sel.profile.save).click();
    await expect(byTestId(sel.profile.success)).toHaveText('Profile Updated Successfully');
    await browser.waitUntil(
      async () => (await byTestId(sel.shell.userMenu).getText()).includes('Andrea Lewis-Profile'),
      {
        timeoutMsg: 'the header did not show the new name',
      },
    );

    // A reload shows what was saved.
    await browser.refresh();
    await expect(byTestId(sel.profile.form)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.profile.firstName)).toHaveValue('Andrea');
    await expect(byTestId(sel.profile.lastName)).toHaveValue('Lewis-Profile');
    await expect(byTestId(sel.profile.phone)).toHaveValue('+1 (555) 010-2030 ext 7');
    await expect(byTestId(sel.profile.timezone)).toHaveValue('16');
    expect(await isChecked(sel.profile.alerts)).toBe(true);
    expect(await isChecked(sel.profile.time('08:00'))).toBe(true);
    expect(await isChecked(sel.profile.time('12:00'))).toBe(false);
    expect(await isChecked(sel.profile.time('16:00'))).toBe(true);
    expect(await isChecked(sel.profile.pending)).toBe(true);
    await browser.waitUntil(async () =>
      (await byTestId(sel.shell.userMenu).getText()).includes('Andrea Lewis-Profile'),
    );
    expect((await storedProfile()).notificationPreference).toEqual({
      resultAlert: 'PERIODIC',
      time: ['08:00', '16:00'],
      displayTimezone: '16',
      usedTimezone: 'America/New_York',
      pendingResultsNotification: 'ON',
    });

    // Cancel goes back to the dashboard.
    await byTestId(sel.profile.cancel).click();
    await browser.waitUntil(async () => (await pathname()) === '/main/dashboard');
  });
});
