import { act, screen, waitFor, within } from '@testing-library/react';
import type { Messages } from '@lingui/core';
import { sel } from '../../../test/e2e/selectors';
import type { PrerenderedPage } from '../../shared/console-pages';
import type { AppLocale } from '../i18n/activate-locale';
import { messages as english } from '../i18n/locales/en/messages';
import { messages as spanish } from '../i18n/locales/es/messages';
import { messages as tagalog } from '../i18n/locales/tl/messages';
import { installFetchStub } from '../testing/fetch-stub';
import { PATHS, persistSignedInSession, serverFor, userInfo } from '../testing/factories';
import { renderFirstPaint } from './first-paint';
import { firstPaintHeadScript, READY_ATTRIBUTE, STALE_ATTRIBUTE } from './first-paint-document';
import { startConsole, type StartedConsole } from './start-console';
import { stopStartedConsole } from '../testing/stop-started-console';

const CATALOGUES: Record<AppLocale, Messages> = { en: english, es: spanish, tl: tagalog };

/**
 * A prerendered document as the build writes it (scripts/first-paint-plugin.ts): the page in every language, English
 * in the root, the others hidden beside it; then the inline script runs as it does in <head>.
 */
async function loadPrerenderedDocument(page: PrerenderedPage): Promise<void> {
  const containers: string[] = [];
  for (const locale of ['en', 'es', 'tl'] as const) {
    const { html } = await renderFirstPaint(page, locale, CATALOGUES[locale]);
    const attributes = `data-first-paint="${page}" data-locale="${locale}"`;
    containers.push(
      locale === 'en' ? `<div id="root" ${attributes}>${html}</div>` : `<div ${attributes} hidden>${html}</div>`,
    );
  }
  document.body.innerHTML = containers.join('');
  // The render activated each language in turn; the console starts from the device's state, as a fresh page does.
  act(() => new Function(firstPaintHeadScript())());
}

const shownContainer = () =>
  [...document.querySelectorAll<HTMLElement>('[data-first-paint]')].find((element) => {
    const locale = document.documentElement.getAttribute('data-locale') ?? 'en';
    return element.dataset.locale === locale;
  })!;

let started: StartedConsole | undefined;
let consoleErrors: jest.SpyInstance;

beforeEach(() => {
  document.documentElement.removeAttribute(READY_ATTRIBUTE);
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
  document.documentElement.removeAttribute('data-locale');
  window.history.replaceState(null, '', '/');
  consoleErrors = jest.spyOn(console, 'error');
});

afterEach(async () => {
  if (started) await stopStartedConsole(started);
  started = undefined;
  consoleErrors.mockRestore();
  document.body.innerHTML = '';
});

const start = async () => {
  started = await act(() => startConsole());
  await waitFor(() => expect(document.documentElement).toHaveAttribute(READY_ATTRIBUTE));
  return started;
};

describe('prerendered first paint (ADR 0082)', () => {
  it.each(['en', 'es', 'tl'] as const)(
    'hydrates the sign-in page in %s without a warning or a change',
    async (locale) => {
      installFetchStub(serverFor());
      if (locale !== 'en') window.localStorage.setItem('languageId', locale === 'es' ? '2' : '3');
      await loadPrerenderedDocument('sign-in');
      const shown = shownContainer();
      const markup = shown.innerHTML;
      const email = shown.querySelector(`[data-testid="${sel.signIn.email}"]`);

      const { hydrated } = await start();

      expect(hydrated).toBe(true);
      expect(consoleErrors).not.toHaveBeenCalled();
      // The same elements, untouched: React took the page over instead of drawing another.
      expect(document.getElementById('root')).toBe(shown);
      expect(shown.innerHTML).toBe(markup);
      expect(screen.getByTestId(sel.signIn.email)).toBe(email);
      expect(document.querySelectorAll('[data-first-paint]')).toHaveLength(1);
      expect(document.documentElement.lang).toBe(locale);
    },
  );

  it('keeps what was typed before the console ran and sends a sign-in submitted meanwhile', async () => {
    const server = installFetchStub(serverFor());
    await loadPrerenderedDocument('sign-in');
    const page = within(shownContainer());
    const email = page.getByTestId<HTMLInputElement>(sel.signIn.email);
    const password = page.getByTestId<HTMLInputElement>(sel.signIn.password);
    email.value = 'admin@acme.test';
    password.value = 'Voxscreen!2026';
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    email.form!.dispatchEvent(submit);
    // Held by the inline script: no native submission, which would put the password in the address.
    expect(submit.defaultPrevented).toBe(true);

    await start();

    await waitFor(() => expect(server.callsTo(PATHS.userLogin)).toHaveLength(1));
    expect(server.callsTo(PATHS.userLogin)[0]?.body).toEqual({ email: 'admin@acme.test', password: 'Voxscreen!2026' });
    expect(consoleErrors).not.toHaveBeenCalled();
  });

  it('hydrates the shell frame for a signed-in visitor, then fills it in', async () => {
    persistSignedInSession();
    let answerUserInfo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answerUserInfo = resolve));
    installFetchStub({
      ...serverFor(),
      [PATHS.getUserInfo]: async () => {
        await held;
        return { body: userInfo() };
      },
    });
    window.history.replaceState(null, '', '/main/project');
    await loadPrerenderedDocument('shell');
    const shown = shownContainer();
    const markup = shown.innerHTML;

    const { hydrated } = await start();

    expect(hydrated).toBe(true);
    expect(shown.innerHTML).toBe(markup);
    expect(consoleErrors).not.toHaveBeenCalled();
    act(() => answerUserInfo());
    expect(await screen.findByTestId(sel.shell.sidebar, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("asks for the session's opening while the console starts, before it hydrates, and only once (ADR 0196)", async () => {
    persistSignedInSession();
    const server = installFetchStub(serverFor());
    window.history.replaceState(null, '', '/main/dashboard');
    await loadPrerenderedDocument('shell');
    const shown = shownContainer();
    const markup = shown.innerHTML;

    let askedBeforeHydration = -1;
    started = await act(async () => {
      const console = await startConsole();
      // React's hydration (and the gate it mounts) runs only once this callback returns.
      askedBeforeHydration = server.callsTo(PATHS.getSessionBootstrap).length;
      expect(shown.innerHTML).toBe(markup);
      return console;
    });

    expect(askedBeforeHydration).toBe(1);
    expect(started.hydrated).toBe(true);
    expect(await screen.findByTestId('dashboard-page', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(server.callsTo(PATHS.getSessionBootstrap)).toHaveLength(1);
    expect(consoleErrors).not.toHaveBeenCalled();
  });

  it('does not ask for the opening of a stored session that has expired', async () => {
    persistSignedInSession();
    const stored = JSON.parse(window.localStorage.getItem('persist:voxscreen')!) as Record<string, string>;
    stored.session = JSON.stringify({ ...JSON.parse(stored.session!), expiresAt: Date.now() - 1_000 });
    window.localStorage.setItem('persist:voxscreen', JSON.stringify(stored));
    const server = installFetchStub(serverFor());
    window.history.replaceState(null, '', '/main/dashboard');
    await loadPrerenderedDocument('shell');

    await start();

    expect(server.callsTo(PATHS.getSessionBootstrap)).toHaveLength(0);
  });

  it('sends a stored session that the server refuses to the sign-in page', async () => {
    persistSignedInSession();
    installFetchStub({
      ...serverFor(),
      [PATHS.getSessionBootstrap]: { status: 401, body: { message: 'Unauthorized' } },
    });
    window.history.replaceState(null, '', '/main/dashboard');
    await loadPrerenderedDocument('shell');

    await start();

    expect(await screen.findByTestId(sel.signIn.email, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId(sel.shell.topBar)).not.toBeInTheDocument();
    expect(consoleErrors).not.toHaveBeenCalled();
  });

  it('never shows the sign-in page to a signed-in visitor: it renders afresh instead', async () => {
    persistSignedInSession();
    installFetchStub(serverFor());
    await loadPrerenderedDocument('sign-in');
    expect(document.documentElement).toHaveAttribute(STALE_ATTRIBUTE);

    const { hydrated } = await start();

    expect(hydrated).toBe(false);
    expect(document.documentElement).not.toHaveAttribute(STALE_ATTRIBUTE);
    expect(document.querySelectorAll('[data-first-paint]')).toHaveLength(0);
    expect(screen.queryByTestId(sel.signIn.email)).not.toBeInTheDocument();
  });
});
