import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

const T = sel.admin.resultTemplates;

/** Clicks inside the modal's scrolling body through the DOM (WebDriver's pointer click reported it not interactable). */
const press = async (testId: string) => {
  const element = await byTestId(testId);
  await element.waitForExist();
  await browser.execute((target: HTMLElement) => target.click(), element as unknown as HTMLElement);
};

/** The blank template's rows (docs/product/result-config.md#defaults). */
const ROWS = {
  PRECISION_RESULTS: ['HR', 'PR', 'AR', 'LR', 'CM', 'AD', 'NC', 'DC', 'NP', 'D'],
  RED_GREEN_RESULTS: ['R', 'G', 'NC', 'DC', 'NP', 'D'],
};

describe('admin: result configuration templates', () => {
  it('a customer admin creates a template with texts and icons, sees it in the list and in its view', async () => {
    await signInToDashboard('admin@acme.test');
    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('resultconfiguration')).click();
    await expect(byTestId(T.list)).toBeDisplayed();
    await expect(byTestId(T.list).$('div=Standard Results')).toBeDisplayed();
    await expectAccessible('result templates grid');

    await byTestId(T.add).click();
    await expect(byTestId(T.modal)).toBeDisplayed();
    await byTestId(T.name).waitForClickable();
    await byTestId(T.name).addValue('Journey Display');
    for (const [type, codes] of Object.entries(ROWS)) {
      await press(T.tab(type));
      for (const code of codes) {
        const field = byTestId(`${T.row(type, code)}-result`);
        await field.scrollIntoView({ block: 'center' });
        await field.addValue(`Journey ${code}`);
      }
    }
    await press(T.tab('PRECISION_RESULTS'));
    const hr = T.row('PRECISION_RESULTS', 'HR');
    await byTestId(`${hr}-result-es`).scrollIntoView({ block: 'center' });
    await byTestId(`${hr}-result-es`).addValue('Riesgo de viaje');
    await press(`${hr}-icon-2`);
    await expect(byTestId(`${hr}-badge`)).toHaveText(expect.stringContaining('Journey HR'));
    await press(T.save);

    await expect(byTestId(T.success)).toHaveText(expect.stringContaining('Template Created Successfully'));
    await expect(byTestId(T.modal)).not.toBeDisplayed();
    const listed = byTestId(T.list).$('div=Journey Display');
    await expect(listed).toBeDisplayed();

    await listed.click();
    await expect(byTestId(T.modal)).toBeDisplayed();
    await browser.waitUntil(async () => (await byTestId(T.name).getValue()) === 'Journey Display');
    await expect(byTestId(`${hr}-badge`)).toHaveText(expect.stringContaining('Journey HR'));
    expect(await byTestId(`${hr}-result-es`).getValue()).toBe('Riesgo de viaje');
    expect(await byTestId(`${hr}-icon-2`).getAttribute('aria-pressed')).toBe('true');
    await press(T.tab('RED_GREEN_RESULTS'));
    await expect(byTestId(`${T.row('RED_GREEN_RESULTS', 'G')}-badge`)).toHaveText(expect.stringContaining('Journey G'));
    await press(T.cancel);
    await expect(byTestId(T.modal)).not.toBeDisplayed();
  });
});
