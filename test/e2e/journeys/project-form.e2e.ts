import { $$, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, pathname, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const f = sel.projectForm;

/** The id of the first demo project on the project list. */
async function firstProjectId(): Promise<number> {
  await browser.url('/main/project');
  await browser.waitUntil(async () => (await $$('[data-testid^="project-card-"]').length) > 0, { timeout: 20_000 });
  const card = (await $$('[data-testid^="project-card-"]'))[0]!;
  return Number(((await card.getAttribute('data-testid')) ?? '').replace('project-card-', ''));
}

/** The id of the project card showing `name`. */
async function projectIdNamed(name: string): Promise<number> {
  let id = 0;
  await browser.waitUntil(
    async () => {
      for (const card of await $$('[data-testid^="project-card-"]')) {
        if ((await card.getText()).includes(name)) {
          id = Number(((await card.getAttribute('data-testid')) ?? '').replace('project-card-', ''));
          return true;
        }
      }
      return false;
    },
    { timeout: 20_000, timeoutMsg: `no project card named ${name}` },
  );
  return id;
}

async function saveThroughPhoneDialog(number: string): Promise<void> {
  await expect(byTestId(f.save)).toBeEnabled();
  await byTestId(f.save).click();
  await expect(byTestId(f.phoneDialog)).toBeDisplayed({ wait: 15_000 });
  await expect(byTestId(f.phoneDialog)).toHaveText(expect.stringContaining(`The number ${number} is already used by`));
  await byTestId(f.phoneDialogSave).click();
  await expect(byTestId(f.success)).toHaveText(expect.stringContaining('Project Created Successfully'), {
    wait: 15_000,
  });
  // docs/product/project-form.md#sections: back to the list 3 seconds after the save.
  await browser.waitUntil(async () => (await pathname()) === '/main/project', { timeout: 10_000 });
}

describe('project form', () => {
  const stamp = Date.now().toString().slice(-6);
  const name = `Journey Project ${stamp}`;
  const uniqueNumber = `+1800555${9000 + (Number(stamp) % 1000)}`;
  let created = 0;
  let callCenter = '';

  it('creates a project with two languages; a dial-in number another project uses asks first', async () => {
    await signInToDashboard('admin@acme.test');
    const demoId = await firstProjectId();
    await browser.url(`/main/project/${demoId}`);
    await expect(byTestId(f.rowDialIn(0))).toBeDisplayed({ wait: 20_000 });
    const usedNumber = await byTestId(f.rowDialIn(0)).getValue();

    await browser.url('/main/project');
    await byTestId(sel.projects.create).click();
    await expect(byTestId(f.name)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(f.noLanguage)).toHaveText('No language configured');
    await expect(byTestId(f.save)).toBeDisabled();
    await byTestId(f.name).setValue(name);
    await byTestId(`${f.projectLanguages}-2`).$('[data-part="control"]').click();
    // The call centers of the operating tenant (GET project/call-centers): the journey's project uses the first.
    await browser.waitUntil(async () => (await $$(`[data-testid^="${f.callCenters}-"]`).length) > 0, {
      timeout: 20_000,
      timeoutMsg: 'no call center offered',
    });
    const offered = (await $$(`[data-testid^="${f.callCenters}-"]`))[0]!;
    callCenter = (await offered.getAttribute('data-testid')) ?? '';
    await byTestId(callCenter).$('[data-part="control"]').click();
    await expect(byTestId(callCenter)).toHaveAttribute('data-state', 'checked');

    await byTestId(f.addLanguage).click();
    await byTestId(f.rowProjectCode(0)).setValue(`JRN${stamp}EN`);
    await byTestId(f.rowDialIn(0)).setValue(usedNumber);
    await byTestId(f.addLanguage).click();
    await expect(byTestId(f.rowLanguage(1))).toHaveValue('2');
    await byTestId(f.rowProjectCode(1)).setValue(`JRN${stamp}ES`);
    await byTestId(f.rowDialIn(1)).setValue(uniqueNumber);
    // The live check (1 s after typing) names the project already using the number.
    await expect(byTestId(f.dialInInUse(0))).toBeDisplayed({ wait: 10_000 });
    await expectAccessible('project form');

    await saveThroughPhoneDialog(usedNumber);
    created = await projectIdNamed(name);
  });

  it('clones the project under a new name with new project codes', async () => {
    await browser.url(`/main/project/${created}`);
    await expect(byTestId(f.rowProjectCode(1))).toHaveValue(`JRN${stamp}ES`, { wait: 20_000 });
    await byTestId(f.clone).click();
    await byTestId(f.cloneConfirm).click();
    await expect(byTestId(f.createPage)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(f.name)).toHaveValue(`${name} - Clone`, { wait: 20_000 });
    await expect(byTestId(f.rowProjectCode(0))).toHaveValue('');
    // The clone starts with the source's call centers.
    await expect(byTestId(callCenter)).toHaveAttribute('data-state', 'checked');
    await byTestId(f.rowProjectCode(0)).setValue(`JRC${stamp}EN`);
    await byTestId(f.rowProjectCode(1)).setValue(`JRC${stamp}ES`);
    await saveThroughPhoneDialog(uniqueNumber);
    await projectIdNamed(`${name} - Clone`);
  });

  it('shows a read-only user the form with every field disabled', async () => {
    await signInToDashboard('analyst@acme.test');
    await browser.url(`/main/project/${created}`);
    await expect(byTestId(f.name)).toHaveValue(name, { wait: 20_000 });
    await expect(byTestId(f.name)).toBeDisabled();
    await expect(byTestId(f.rowProjectCode(0))).toBeDisabled();
    await expect(byTestId(f.readOnly)).toBeDisplayed();
    await expect(byTestId(f.save)).toBeDisabled();
    await expect(byTestId(f.clone)).not.toBeExisting();
  });
});
