import { $, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, signInToDashboard } from '../support/app';
import { waitForEmail } from '../support/mailbox';
import { expectAccessible } from '../support/accessibility';

/** The id of the first project card on the project list. */
async function firstProjectId(): Promise<number> {
  await browser.url('/main/project');
  const card = $('[data-testid^="project-card-"]');
  await card.waitForDisplayed({ timeout: 20_000 });
  return Number(((await card.getAttribute('data-testid')) ?? '').replace('project-card-', ''));
}

async function replaceValue(testId: string, value: string): Promise<void> {
  const field = byTestId(testId);
  await field.clearValue();
  await field.setValue(value);
}

describe('communication templates', () => {
  it('refuses an unknown placeholder with the spec message, saves a valid template and records a test e-mail', async () => {
    await signInToDashboard('admin@acme.test');
    const projectId = await firstProjectId();
    // The project's base path opens the first built tab the user may use (Team since issue 12), so go to the tab.
    await browser.url(`/main/project/${projectId}/communication`);
    await expect(byTestId(sel.communication.emailForm)).toBeDisplayed({ wait: 20_000 });
    await expectAccessible('project communication');

    await replaceValue(sel.communication.templateName, 'Spring invitation');
    await replaceValue(sel.communication.emailSubject, 'Your interview for {{project_name}}');
    const body = byTestId(sel.communication.emailBody);
    await body.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Delete');
    await body.addValue('Hello {{nickname}}, your code is {{access_code}}.');
    await byTestId(sel.communication.save).click();
    await expect(browser.$('*=INVALID_PLACEHOLDERS: {{nickname}}')).toBeDisplayed();

    await body.click();
    await browser.keys(['Control', 'a']);
    await browser.keys('Delete');
    await body.addValue('Hello {{first_name}}, your code is {{access_code}}.');
    await byTestId(sel.communication.save).click();
    await expect(byTestId(sel.communication.success)).toHaveText(
      expect.stringContaining('Template Updated Successfully'),
    );

    const sentAt = Date.now();
    await byTestId(sel.communication.sendTest).click();
    await expect(byTestId(sel.communication.success)).toHaveText(expect.stringContaining('Email Sent Successfully'));
    const message = await waitForEmail({ recipient: 'admin@acme.test', since: sentAt });
    expect(message.template_type).toBe('TEST_INVITATION_EMAIL');
    expect(message.subject).toMatch(/^Your interview for .+/);
    expect(message.body_html).toContain('your code is 123-456-789');

    // The saved template is what a reload shows.
    await browser.refresh();
    await expect(byTestId(sel.communication.templateName)).toHaveValue('Spring invitation');
  });
});
