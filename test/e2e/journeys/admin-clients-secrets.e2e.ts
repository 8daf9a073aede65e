import { execFileSync } from 'node:child_process';
import { expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

describe('admin: client applications and secrets', () => {
  it('a customer admin registers a client application and its sample command obtains a token', async () => {
    await signInToDashboard('admin@acme.test');
    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('clientapp')).click();
    await expect(byTestId(sel.admin.clientApps.list)).toBeDisplayed();
    await byTestId(sel.admin.clientApps.add).click();
    await byTestId(sel.admin.clientApps.name).setValue('Journey Dialer');
    await byTestId(sel.admin.clientApps.description).setValue('Posts results from the journey');
    await byTestId(sel.admin.clientApps.save).click();
    await expect(byTestId(sel.admin.clientApps.success)).toHaveText(
      expect.stringContaining('Application Created Successfully'),
    );
    await expectAccessible('client application credentials card');
    const secret = await byTestId(sel.admin.clientApps.credentialsSecret).getText();
    // What Copy Sample Curl copies is the command shown; run it from the test process against the e2e server.
    const command = await byTestId(sel.admin.clientApps.sample).getText();
    expect(command).toContain(secret);
    await byTestId(sel.admin.clientApps.copySample).click();
    await expect(byTestId(sel.admin.clientApps.copySample)).toHaveText(expect.stringContaining('Copied'));
    const answer = JSON.parse(execFileSync('sh', ['-c', command], { encoding: 'utf8', timeout: 20_000 })) as {
      access_token?: string;
      token_type?: string;
      expires_in?: number;
      scope?: string;
    };
    expect(answer.token_type).toBe('Bearer');
    expect(answer.expires_in).toBe(3600);
    expect(answer.scope).toBe('results:write');
    expect(answer.access_token).toEqual(expect.any(String));

    // Back in the list, the view holds no secret any more.
    await byTestId(sel.admin.clientApps.back).click();
    await expect(byTestId(sel.admin.clientApps.list)).toBeDisplayed();
    await $(`[data-testid="${sel.admin.clientApps.list}"]`).$('=Journey Dialer').click();
    await expect(byTestId(sel.admin.clientApps.view)).toBeDisplayed();
    await expect(byTestId(sel.admin.clientApps.sample)).toHaveText(expect.stringContaining('<client-secret>'));
    expect(await $('body').getText()).not.toContain(secret);
  });

  it('a customer admin creates a secret (revealed once, then masked) and rotates it', async () => {
    await signInToDashboard('admin@acme.test');
    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('Secrets')).click();
    await expect(byTestId(sel.admin.secrets.list)).toBeDisplayed();
    await byTestId(sel.admin.secrets.add).click();
    await byTestId(sel.admin.secrets.name).setValue('Journey webhook key');
    await byTestId(sel.admin.secrets.save).click();
    await expect(byTestId(sel.admin.secrets.success)).toHaveText(
      expect.stringContaining('Secret created successfully'),
    );
    const value = await byTestId(sel.admin.secrets.revealedValue).getText();
    expect(value).toMatch(/^whsec_/);
    await expectAccessible('secret revealed once');
    await byTestId(sel.admin.secrets.back).click();
    const row = $(`[data-testid="${sel.admin.secrets.list}"]`)
      .$('=Journey webhook key')
      .$('./ancestor::div[@role="row"]');
    await expect(row).toBeDisplayed();
    await expect(row).toHaveText(expect.stringContaining(`••••••••${value.slice(-4)}`));
    expect(await $('body').getText()).not.toContain(value);

    const rotate = await row.$('[data-testid^="secret-rotate-"]');
    await rotate.click();
    await byTestId(sel.admin.secrets.confirm).click();
    const rotated = await byTestId(sel.admin.secrets.revealedValue).getText();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(value);
    await expect(row).toHaveText(expect.stringContaining(`••••••••${rotated.slice(-4)}`));
  });
});
