import { $, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, freshStart, projectIdByName, submitSignIn } from '../support/app';

/**
 * The console's dialogs fit a phone (issue 25 items 11-12, docs/product/shell-and-session.md#layout): each opened at
 * 390 × 844 as a user opens it, nothing in it scrolls sideways, its buttons and its close button are on screen and
 * its close button is the element at its own centre (not covered).
 */
const PROJECT = 'Claims Integrity 2026';

interface DialogFit {
  dialogs: number;
  problems: string[];
}

/** Every problem of the open dialogs, read in one call. */
function measureDialogs(): Promise<DialogFit> {
  return browser.execute(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > width + 1) problems.push(`the page is ${scroller.scrollWidth - width}px too wide`);
    const name = (element: Element) =>
      `${element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter(
      (dialog) => dialog.getBoundingClientRect().width > 0,
    );
    for (const dialog of dialogs) {
      const box = dialog.getBoundingClientRect();
      const label = name(dialog);
      if (box.left < -1 || box.right > width + 1) problems.push(`${label} reaches past the window's sides`);
      // The dialog, or anything inside it, scrolling sideways: content wider than its box.
      for (const element of [dialog, ...Array.from(dialog.querySelectorAll('*'))]) {
        const style = getComputedStyle(element);
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        const isDialog = element === dialog;
        if ((isDialog || scrolls) && element.scrollWidth > element.clientWidth + 1 && !element.closest('pre, .ag-root'))
          problems.push(`${name(element)} in ${label} scrolls ${element.scrollWidth - element.clientWidth}px sideways`);
      }
      for (const button of Array.from(dialog.querySelectorAll('button'))) {
        const b = button.getBoundingClientRect();
        if (b.width === 0) continue;
        if (b.left < -1 || b.right > width + 1) problems.push(`button ${name(button)} of ${label} is off screen`);
      }
      const close = dialog.querySelector('[data-part="close-trigger"], [aria-label="Close"]');
      if (close) {
        const c = close.getBoundingClientRect();
        const x = c.left + c.width / 2;
        const y = c.top + c.height / 2;
        const hit = x >= 0 && x <= width && y >= 0 && y <= height ? document.elementFromPoint(x, y) : null;
        if (!hit || !(close === hit || close.contains(hit)))
          problems.push(`the close button of ${label} is not reachable`);
      }
    }
    return { dialogs: dialogs.length, problems };
  });
}

/** Opens a dialog, checks that it fits, and closes it with Escape (as a keyboard user would). */
async function expectDialogFits(what: string, open: () => Promise<void>): Promise<string[]> {
  await open();
  await browser.waitUntil(async () => (await measureDialogs()).dialogs > 0, {
    timeout: 20_000,
    timeoutMsg: `${what}: no dialog opened`,
  });
  // The dialog's open animation ends before it is measured.
  await browser.waitUntil(
    () =>
      browser.execute(() =>
        Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).every(
          (dialog) => dialog.getAnimations().length === 0,
        ),
      ),
    { timeout: 10_000, timeoutMsg: `${what}: the dialog kept animating` },
  );
  const { problems } = await measureDialogs();
  await browser.keys('Escape');
  await browser.waitUntil(async () => (await measureDialogs()).dialogs === 0, {
    timeout: 10_000,
    timeoutMsg: `${what}: the dialog did not close with Escape`,
  });
  return problems.map((problem) => `${what}: ${problem}`);
}

/** Scrolls a grid across its columns until an element appears (a list may re-render meanwhile), and clicks it. */
async function clickInGrid(
  prefix: string,
  side: 'end' | 'start' = 'end',
  css = `[data-testid^="${prefix}"]`,
): Promise<void> {
  let step = 0;
  await browser.waitUntil(
    async () => {
      // Columns are rendered only near the view: each try from the start looks further across the grid.
      const found = await browser.execute(
        (target: string, toEnd: boolean, fraction: number) => {
          if (document.querySelector(target) !== null) return true;
          for (const viewport of document.querySelectorAll(
            '.ag-body-horizontal-scroll-viewport, .ag-center-cols-viewport',
          )) {
            viewport.scrollLeft = toEnd ? viewport.scrollWidth : viewport.scrollWidth * fraction;
            viewport.dispatchEvent(new Event('scroll'));
          }
          return document.querySelector(target) !== null;
        },
        css,
        side === 'end',
        (step++ % 5) / 4,
      );
      if (!found) return false;
      const element = await $(css);
      try {
        await element.scrollIntoView({ block: 'center', inline: 'center' });
        await element.click();
        return true;
      } catch {
        return false;
      }
    },
    { timeout: 20_000, timeoutMsg: `no ${prefix}… in the grid` },
  );
}

async function chooseOption(menu: string, item: string): Promise<void> {
  await byTestId(menu).click();
  await byTestId(item).waitForDisplayed({ timeout: 10_000 });
  await byTestId(item).click();
}

describe('dialogs at 390 × 844', () => {
  let size: { width: number; height: number };
  before(async () => {
    size = await browser.getWindowSize();
  });
  after(async () => {
    await browser.setWindowSize(size.width, size.height);
  });

  it('opens the dialogs of results, participants, team, documents, result templates and the audit log: each fits the phone', async () => {
    await browser.setWindowSize(390, 844);
    // The provider admin in Acme: every action of the results (release, delete, hold) is open to it.
    await freshStart();
    await submitSignIn('admin@voxscreen.test');
    await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed({ wait: 30_000 });
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Acme Insurance');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed({ wait: 30_000 });
    expect(await browser.execute(() => window.innerWidth)).toBe(390);
    const projectId = await projectIdByName(PROJECT);
    const problems: string[] = [];

    await browser.url(`/main/project/${projectId}/results`);
    await expect(byTestId(sel.results.list)).toBeDisplayed({ wait: 30_000 });
    problems.push(...(await expectDialogFits('outcome tracking', () => clickInGrid('results-outcome-'))));
    // Only held results can be ticked: the On Hold list.
    await expect(byTestId(sel.results.onHold)).toBeDisplayed({ wait: 20_000 });
    await byTestId(sel.results.onHold).click();
    await expect(byTestId(sel.results.list)).toBeDisplayed({ wait: 20_000 });
    await clickInGrid(
      'results-select-',
      'start',
      'input[data-testid^="results-select-"]:not([data-testid="results-select-all"])',
    );
    await expect(byTestId(sel.results.delete)).toBeEnabled({ wait: 10_000 });
    problems.push(...(await expectDialogFits('delete results', () => byTestId(sel.results.delete).click())));
    await clickInGrid('results-detail-');
    await expect(byTestId(sel.resultDetail.root)).toBeDisplayed({ wait: 30_000 });
    problems.push(...(await expectDialogFits('notes', () => byTestId(sel.resultDetail.notesEdit).click())));

    await browser.url(`/main/project/${projectId}/participants`);
    await expect(byTestId(sel.participants.list)).toBeDisplayed({ wait: 30_000 });
    problems.push(
      ...(await expectDialogFits('participants upload', () =>
        chooseOption(sel.participants.options, sel.participants.optionUpload),
      )),
    );
    problems.push(...(await expectDialogFits('delete participant', () => clickInGrid('participant-delete-'))));
    problems.push(...(await expectDialogFits('participant detail', () => clickInGrid('participant-detail-', 'start'))));

    await browser.url(`/main/project/${projectId}/team`);
    await expect(byTestId(sel.team.list)).toBeDisplayed({ wait: 30_000 });
    problems.push(...(await expectDialogFits('assign roles', () => byTestId(sel.team.add).click())));

    await browser.url('/main/documents');
    await expect(byTestId(sel.documents.add)).toBeDisplayed({ wait: 30_000 });
    problems.push(...(await expectDialogFits('document upload', () => byTestId(sel.documents.add).click())));

    await browser.url('/main/admin/resultconfiguration');
    await expect(byTestId(sel.admin.resultTemplates.add)).toBeDisplayed({ wait: 30_000 });
    problems.push(
      ...(await expectDialogFits('result template', () => byTestId(sel.admin.resultTemplates.add).click())),
    );

    await browser.url('/main/reports/auditlog');
    await expect(byTestId(sel.reports.audit.list)).toBeDisplayed({ wait: 30_000 });
    problems.push(...(await expectDialogFits('audit payload', () => clickInGrid('audit-payload-'))));

    expect(problems).toEqual([]);
  });
});
