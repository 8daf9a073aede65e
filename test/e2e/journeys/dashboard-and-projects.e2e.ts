import { $, $$, browser, expect } from '@wdio/globals';
import { demoFigures } from '../../../src/server/seed/demo-figures';
import { sel } from '../selectors';
import { byTestId, pathname, signInToDashboard } from '../support/app';
import { expectAccessible } from '../support/accessibility';

/** The persisted slices as redux-persist wrote them. */
const persisted = async (slice: 'tenancy' | 'projectFilters'): Promise<unknown> => {
  const raw = await browser.execute(() => window.localStorage.getItem('persist:voxscreen'));
  if (!raw) return null;
  const stored = (JSON.parse(raw) as Record<string, string>)[slice];
  return stored ? (JSON.parse(stored) as unknown) : null;
};

const tileNumber = async (testId: string) => Number((await byTestId(testId).getText()).replace(/,/g, ''));

/** The projects listed: a card for each, or the placeholder it shows until it comes near the screen (issue 29). */
const cardCount = async () => (await $$(`[data-testid="${sel.projects.cards}"] > *`)).length;

/**
 * Waits until the cards grid of the current screen shows `count` cards. Queries afresh on every try: after a
 * navigation or a tenant switch the grid found a moment earlier may be the previous screen's, now detached.
 */
async function cardsShown(count: number, timeoutMsg: string): Promise<void> {
  await browser.waitUntil(
    async () => (await $(`[data-testid="${sel.projects.cards}"]`).isDisplayed()) && (await cardCount()) === count,
    { timeout: 30_000, timeoutMsg },
  );
}

async function chooseOption(filterTrigger: string, optionTestId: string): Promise<void> {
  await byTestId(filterTrigger).click();
  const option = byTestId(optionTestId);
  await expect(option).toBeDisplayed();
  await option.click();
  await browser.keys('Escape');
  await expect(option).not.toBeDisplayed();
}

describe('dashboard and project list', () => {
  it('shows the tiles the seed defines for the operating tenant', async () => {
    await signInToDashboard('admin@acme.test');
    const tenancy = (await persisted('tenancy')) as { operatingTenant: { tenantId: number } };
    // The journeys' server ran the full demo seed, Acme's simulated calls included (seed-simulated-calls.ts).
    const expected = demoFigures('Acme Insurance', tenancy.operatingTenant.tenantId, { simulatedCalls: true });
    await expect(byTestId(sel.dashboardTiles.activeProjects)).toHaveText(String(expected.activeProjects), {
      wait: 30_000,
    });
    expect(await tileNumber(sel.dashboardTiles.completedProjects)).toBe(expected.completedProjects);
    expect(await tileNumber(sel.dashboardTiles.lifetimeCalls)).toBe(expected.lifetimeCallsCompleted);
    const orderCalls = await tileNumber(sel.dashboardTiles.orderCalls);
    expect(orderCalls).toBeGreaterThan(0);
    expect(orderCalls).toBeLessThan(expected.lifetimeCallsCompleted);
    await expect(byTestId(sel.dashboardTiles.callsRemaining)).toHaveText(
      `${expected.orderCalls - orderCalls}/${expected.orderCalls}`,
    );
    await expect(byTestId('order-doughnut')).toBeDisplayed();
    await expect(byTestId('project-activity')).toHaveText(expect.stringContaining('Project Activity'));
    // The list below the charts: Active projects by default.
    await cardsShown(expected.activeProjects, 'the dashboard did not list the active projects');
    await expectAccessible('dashboard');
  });

  it('keeps the filters across a reload and clears them when the tenant changes', async () => {
    await signInToDashboard('dual@globex.test'); // the chooser's first tenant: Acme Insurance
    await byTestId(sel.shell.sidebarEntry('projects')).click();
    await browser.waitUntil(async () => (await pathname()) === '/main/project');
    await expect(byTestId(sel.projects.page)).toBeDisplayed({ wait: 30_000 });
    await cardsShown(3, "the project list did not show Acme's three active projects");
    await expectAccessible('project list');

    await chooseOption(sel.projects.stageFilter, sel.projects.filterOption('stage', 3)); // Execution
    await browser.waitUntil(async () => (await cardCount()) === 1, { timeoutMsg: 'the stage filter did not apply' });
    await expect($('[data-testid^="project-card-"]')).toHaveText(expect.stringContaining('Claims Integrity 2026'));
    await browser.waitUntil(
      async () => JSON.stringify(await persisted('projectFilters')) === '{"status":null,"stage":[3]}',
    );

    await browser.refresh();
    await cardsShown(1, 'the stage filter did not survive the reload');
    await expect(byTestId(sel.projects.stageFilter)).toHaveText(expect.stringContaining('Execution'));
    await expect(byTestId(sel.projects.statusFilter)).toHaveText(expect.stringContaining('Active'));

    await byTestId(sel.shell.switchTenant).click();
    await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed();
    await expectAccessible('switch-tenant dialog');
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Globex Logistics');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    await expect(byTestId(sel.shell.tenantName)).toHaveText(expect.stringContaining('Globex Logistics'));
    await cardsShown(3, "the dashboard did not list Globex's three active projects without a stage filter");
    await expect(byTestId(sel.projects.stageFilter)).not.toHaveText(expect.stringContaining('Execution'));
    expect(await persisted('projectFilters')).toEqual({ status: null, stage: [] });
  });
});
