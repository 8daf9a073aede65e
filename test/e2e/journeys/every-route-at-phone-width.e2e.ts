import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { $$, browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, freshStart, submitSignIn } from '../support/app';
import { expectAccessible } from '../support/accessibility';
import { builtPaths, idFreePaths, parseRouteTable, projectPaths } from '../support/route-table';

/**
 * Every screen usable on a phone and a laptop (docs/product/shell-and-session.md#layout, issue 25 items 11-12).
 * The routes come from docs/product/README.md's route table, which src/web/app/route-table.test.ts keeps equal to
 * the router (and checks that this journey's selection covers every route needing no value but the project's).
 */
const ROUTES = builtPaths(
  parseRouteTable(readFileSync(join(import.meta.dirname, '../../../docs/product/README.md'), 'utf8')),
);

/** A demo project in execution, so that every tab is open (participants are closed in setup). */
const PROJECT = 'Claims Integrity 2026';
/** The participants grid's row height (001 "Page size 25, row height 90, action column width 250"). */
const PARTICIPANT_ROW_HEIGHT = 90;
/** Checked with axe at phone width as well: the shell, a form, a grid with filters and a tabbed admin screen. */
const AXE_AT_PHONE_WIDTH = new Set(['/main/dashboard', '/main/project/createProject', '/main/reports/callRecords']);

/** Opens a path inside the running console (no reload): the router follows history like a browser Back. */
async function openInApp(path: string): Promise<void> {
  await browser.execute((target) => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: `e2e${idx + 1}`, idx: idx + 1 }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/**
 * Waits until the screen has settled: the main pane holds the address's screen (its `data-route-path`, committed with
 * the screen; redirects followed) and is not busy, and nothing shows a spinner or a grid's loading overlay.
 */
async function settled(path: string): Promise<void> {
  await browser.waitUntil(
    () =>
      browser.execute(() => {
        const main = document.querySelector('main');
        const busy = document.querySelector('.chakra-spinner, .ag-overlay-loading-center, [aria-busy="true"]');
        // The shell's main pane says which screen it holds; the public pages' main does not need to.
        const route = main?.getAttribute('data-route-path');
        const current = route === undefined || route === null || route === window.location.pathname;
        return document.readyState === 'complete' && current && !busy;
      }),
    { timeout: 30_000, timeoutMsg: `${path} did not finish loading` },
  );
}

interface LayoutProblems {
  /** Dialogs reaching past the window's sides. */
  dialogsOffScreen: string[];
  innerWidth: number;
  pageOverflow: number;
  mainOverflow: number;
  /** Elements reaching past the right edge (the deepest few), to say what to fix. */
  wide: string[];
  overlappingTabs: string[];
}

/** Horizontal overflow of the page (the document and the main pane) and overlapping tab labels. */
function measureLayout(): Promise<LayoutProblems> {
  return browser.execute(() => {
    const describe = (element: Element) =>
      `"${(element.textContent ?? '').trim().slice(0, 40)}" ` +
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''}`;
    const scroller = document.scrollingElement ?? document.documentElement;
    const main = document.querySelector('main');
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.clientWidth < parent.scrollWidth + 1) return true;
      }
      return false;
    };
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > window.innerWidth + 1 && !clipped(element);
      })
      .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
      .slice(0, 4)
      .map(describe);
    const overlappingTabs: string[] = [];
    for (const list of Array.from(document.querySelectorAll('[role="tablist"]'))) {
      const tabs = Array.from(list.querySelectorAll('[role="tab"]')).map((tab) => ({
        label: (tab.textContent ?? '').trim(),
        box: tab.getBoundingClientRect(),
      }));
      tabs.forEach((a, i) =>
        tabs.slice(i + 1).forEach((b) => {
          const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (x > 0.5 && y > 0.5) overlappingTabs.push(`"${a.label}" over "${b.label}"`);
        }),
      );
    }
    const dialogsOffScreen = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))
      .filter((dialog) => {
        const box = dialog.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      })
      .map(describe);
    return {
      dialogsOffScreen,
      innerWidth: window.innerWidth,
      pageOverflow: scroller.scrollWidth - window.innerWidth,
      mainOverflow: main ? main.scrollWidth - main.clientWidth : 0,
      wide,
      overlappingTabs,
    };
  });
}

/** What does not fit on the screen showing now, named by its route; empty when it all fits. */
async function layoutProblems(path: string): Promise<string[]> {
  const layout = await measureLayout();
  const problems = [
    ...(layout.pageOverflow > 1 ? [`the page is ${layout.pageOverflow}px wider than the window`] : []),
    ...(layout.mainOverflow > 1 ? [`the main pane scrolls ${layout.mainOverflow}px sideways`] : []),
    ...layout.overlappingTabs.map((overlap) => `tab ${overlap}`),
    ...layout.dialogsOffScreen.map((dialog) => `dialog ${dialog} does not fit`),
  ];
  return problems.length === 0
    ? []
    : [`${path} at ${layout.innerWidth}px: ${problems.join('; ')} (too wide: ${layout.wide.join(', ') || 'none'})`];
}

async function expectFits(path: string): Promise<void> {
  expect(await layoutProblems(path)).toEqual([]);
}

/** Signs in as the provider admin and chooses Acme; the tenant chooser (a dialog) must fit the window. */
async function signInAsProviderAdminOfAcme(): Promise<void> {
  await freshStart();
  await submitSignIn('admin@voxscreen.test');
  await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed({ wait: 30_000 });
  await expectFits('the tenant chooser');
  await byTestId(sel.tenantChooser.select).selectByVisibleText('Acme Insurance');
  await byTestId(sel.tenantChooser.selectButton).click();
  await expect(byTestId(sel.dashboard)).toBeDisplayed({ wait: 20_000 });
}

/** The demo project's id, read from its card on the project list. */
async function projectId(): Promise<number> {
  await openInApp('/main/project');
  await browser.waitUntil(async () => (await $$('[data-testid^="project-card-"]').length) > 0, {
    timeout: 20_000,
    timeoutMsg: 'the project list showed no cards',
  });
  for (const card of await $$('[data-testid^="project-card-"]')) {
    if ((await card.getText()).includes(PROJECT)) {
      return Number(((await card.getAttribute('data-testid')) ?? '').replace('project-card-', ''));
    }
  }
  throw new Error(`no project card for ${PROJECT}`);
}

describe('every route at 390 × 844 and the grids at 1366 × 900', () => {
  let size: { width: number; height: number };
  before(async () => {
    size = await browser.getWindowSize();
  });
  after(async () => {
    await browser.setWindowSize(size.width, size.height);
  });

  it('opens every route without sideways scrolling or overlapping tabs at phone width', async () => {
    await browser.setWindowSize(390, 844);
    await signInAsProviderAdminOfAcme();
    expect(await browser.execute(() => window.innerWidth)).toBe(390);
    const paths = [
      ...idFreePaths(ROUTES).filter((path) => path.startsWith('/main')),
      ...projectPaths(ROUTES, await projectId()),
    ];
    expect(paths.length).toBeGreaterThan(40);
    // Every route is opened before the journey fails, so one run lists every screen that does not fit.
    const problems: string[] = [];
    for (const path of paths) {
      await openInApp(path);
      await settled(path);
      problems.push(...(await layoutProblems(path)));
      if (AXE_AT_PHONE_WIDTH.has(path)) await expectAccessible(`${path} at 390 px`);
    }
    // The public pages (signed out): sign-in and the password reset.
    await freshStart();
    for (const path of idFreePaths(ROUTES).filter((path) => !path.startsWith('/main'))) {
      await browser.url(path);
      await settled(path);
      problems.push(...(await layoutProblems(path)));
    }
    expect(problems).toEqual([]);
  });

  it('at 1366 × 900 the participants grid keeps its rows and its Action column on screen', async () => {
    await browser.setWindowSize(1366, 900);
    await signInAsProviderAdminOfAcme();
    const id = await projectId();
    await openInApp(`/main/project/${id}/participants`);
    await browser.waitUntil(async () => (await $$('[data-testid^="participant-irn-"]').length) > 0, {
      timeout: 20_000,
      timeoutMsg: 'no demo participants shown',
    });
    const grid = await browser.execute(() => {
      const root = document.querySelector('[data-testid="participants-list"]');
      const headers = Array.from(root?.querySelectorAll('.ag-header-cell') ?? []).map((cell) => ({
        colId: cell.getAttribute('col-id'),
        text: (cell.textContent ?? '').trim(),
        right: cell.getBoundingClientRect().right,
      }));
      const rows = Array.from(root?.querySelectorAll('.ag-row') ?? []);
      // A cell whose content is taller or wider than the cell is cut.
      const cut = Array.from(root?.querySelectorAll('.ag-cell') ?? [])
        .filter((cell) => cell.scrollHeight > cell.clientHeight + 1 || cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => `${cell.getAttribute('col-id')}: ${(cell.textContent ?? '').trim()}`);
      return {
        innerWidth: window.innerWidth,
        headers,
        rowHeights: rows.map((row) => row.getBoundingClientRect().height),
        cut,
      };
    });
    expect(grid.innerWidth).toBe(1366);
    expect(grid.headers.find((header) => header.colId === 'irn')?.text).toBe('Irn');
    const action = grid.headers.find((header) => header.colId === 'action');
    expect(action).toBeDefined();
    expect(action!.right).toBeLessThanOrEqual(grid.innerWidth);
    expect(grid.rowHeights.length).toBeGreaterThan(0);
    expect(Math.max(...grid.rowHeights)).toBeLessThanOrEqual(PARTICIPANT_ROW_HEIGHT + 1);
    expect(grid.cut).toEqual([]);
    await expectFits(`/main/project/${id}/participants`);

    await openInApp('/main/reports/callRecords');
    await expect(byTestId(sel.reports.calls.list('call-records'))).toBeDisplayed({ wait: 20_000 });
    await settled('/main/reports/callRecords');
    const first = await browser.execute(() => {
      const cell = document.querySelector('[data-testid="call-records-list"] .ag-header-cell');
      const control = cell?.querySelector('input, button');
      return {
        text: (cell?.textContent ?? '').trim(),
        control: control?.getAttribute('aria-label') ?? '',
      };
    });
    expect(`${first.text}${first.control}`).not.toBe('');
    await expectFits('/main/reports/callRecords');
  });
});
