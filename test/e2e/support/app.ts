import { browser, $, $$, expect } from '@wdio/globals';
import { sel } from '../selectors';

export const DEMO_PASSWORD = 'Voxscreen!2026';

export const byTestId = (id: string) => $(`[data-testid="${id}"]`);

/** Starts every journey from nothing: no tokens, no tenant, no preferences. */
export async function freshStart(): Promise<void> {
  // Cleared on a same-origin page that runs no console: a running console's persisted store could write the old
  // session back between the clear and the reload (seen under load).
  await browser.url('/api/user-service/v1/app/version');
  await browser.execute(() => window.localStorage.clear());
  await browser.url('/');
  // Queried afresh on every try: an element found during the page's first render may be replaced (detached) by
  // the next one, and a detached element never becomes displayed.
  await browser.waitUntil(() => byTestId(sel.signIn.email).isDisplayed(), {
    timeoutMsg: 'the sign-in screen did not appear',
  });
}

export async function submitSignIn(email: string, password = DEMO_PASSWORD): Promise<void> {
  await byTestId(sel.signIn.email).setValue(email);
  await byTestId(sel.signIn.password).setValue(password);
  await byTestId(sel.signIn.submit).click();
}

/** Signs in a user who lands on the dashboard (one tenant, or the first in the chooser). */
export async function signInToDashboard(email: string): Promise<void> {
  await freshStart();
  await submitSignIn(email);
  const chooser = byTestId(sel.tenantChooser.dialog);
  await browser.waitUntil(
    async () => (await chooser.isDisplayed()) || (await byTestId(sel.dashboard).isDisplayed()),
    // Sign-in hashes the password (scrypt) and the shell loads its chunk: on a busy CI machine that takes longer
    // than the default wait.
    { timeout: 30_000, timeoutMsg: `${email} reached neither the chooser nor the dashboard` },
  );
  if (await chooser.isDisplayed()) await byTestId(sel.tenantChooser.selectButton).click();
  await expect(byTestId(sel.dashboard)).toBeDisplayed();
}

export const SIDEBAR_KEYS = [
  'dashboard',
  'projects',
  'admin',
  'reports',
  'analytics',
  'documents',
  'analytic-reports',
] as const;

/** The sidebar entries that are rendered, in the order of SIDEBAR_KEYS. */
export async function visibleSidebarEntries(): Promise<string[]> {
  await expect(byTestId(sel.shell.sidebar)).toBeDisplayed();
  const visible: string[] = [];
  for (const key of SIDEBAR_KEYS) {
    if (await byTestId(sel.shell.sidebarEntry(key)).isExisting()) visible.push(key);
  }
  return visible;
}

export async function pathname(): Promise<string> {
  return browser.execute(() => window.location.pathname);
}

export async function storageKeys(): Promise<string[]> {
  return browser.execute(() => Object.keys(window.localStorage));
}

/** A project card not yet drawn: the list draws cards far below the fold when they come near (issue 29). */
const CARD_PLACEHOLDER = '[data-testid="project-cards"] > [data-part="card-placeholder"]';

/**
 * The id of a demo project on the project list, by the name on its card. Cards far below the fold render as
 * placeholders until they come near (issue 29), and projects other journeys create push the demo ones down: the
 * list is scrolled placeholder by placeholder until the card is found or none is left.
 */
export async function projectIdByName(name: string): Promise<number> {
  await browser.url('/main/project');
  await browser.waitUntil(async () => (await $$('[data-testid^="project-card-"]').length) > 0, { timeout: 20_000 });
  for (;;) {
    for (const card of await $$('[data-testid^="project-card-"]')) {
      if ((await card.getText()).includes(name)) {
        return Number(((await card.getAttribute('data-testid')) ?? '').replace('project-card-', ''));
      }
    }
    const before = await $$(CARD_PLACEHOLDER).length;
    if (before === 0) break;
    await $(CARD_PLACEHOLDER).scrollIntoView();
    await browser.waitUntil(async () => (await $$(CARD_PLACEHOLDER).length) < before, {
      timeout: 20_000,
      timeoutMsg: 'a project card placeholder scrolled into view did not become its card',
    });
  }
  throw new Error(`No project card for ${name}`);
}
