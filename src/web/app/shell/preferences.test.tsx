import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { messages as english } from '../../i18n/locales/en/messages';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { installFetchStub } from '../../testing/fetch-stub';
import { ACME, PATHS, persistSignedInSession, serverFor } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

const openDashboard = async () => {
  const app = await renderWithProviders({ route: '/main/dashboard' });
  await screen.findByTestId(sel.dashboard);
  // The top bar's and sidebar's open parts come a task after the screen (ADR 0197).
  await screen.findByTestId(sel.shell.topBar);
  return app;
};

/** A page load: the document and the i18n instance start over, localStorage stays. */
const reload = async (app: Awaited<ReturnType<typeof renderWithProviders>>) => {
  await app.persistor.flush();
  app.persistor.pause();
  app.unmount();
  document.documentElement.className = '';
  i18n.loadAndActivate({ locale: 'en', messages: english });
};

describe('preferences', () => {
  beforeEach(() => persistSignedInSession(ACME));

  it('switches the language at once, remembers it as langid/languageId and keeps it after a reload', async () => {
    const server = installFetchStub(serverFor());
    const app = await openDashboard();
    expect(screen.getByTestId(sel.shell.sidebarEntry('dashboard'))).toHaveTextContent('Dashboard');

    await screen.findByRole('option', { name: 'Español' });
    await app.user.selectOptions(screen.getByTestId(sel.shell.languageSelect), 'es');

    await waitFor(() => expect(screen.getByTestId(sel.shell.sidebarEntry('dashboard'))).toHaveTextContent('Panel'));
    expect(screen.getByTestId(sel.shell.sidebarEntry('projects'))).toHaveTextContent('Proyectos');
    expect(window.localStorage.getItem('langid')).toBe('2');
    expect(window.localStorage.getItem('languageId')).toBe('2');
    expect(document.documentElement.lang).toBe('es');
    // What is on screen is fetched again in the new language.
    await waitFor(() => expect(server.callsTo(PATHS.getUserInfo).at(-1)?.headers.get('langId')).toBe('2'));
    expect(server.callsTo(PATHS.getUserInfo).at(-1)?.headers.get('language')).toBe('es');

    await reload(app);
    await openDashboard();
    await waitFor(() => expect(screen.getByTestId(sel.shell.sidebarEntry('dashboard'))).toHaveTextContent('Panel'));
    expect(screen.getByTestId(sel.shell.languageSelect)).toHaveValue('es');
  });

  it('switches to Tagalog', async () => {
    installFetchStub(serverFor());
    const app = await openDashboard();
    await screen.findByRole('option', { name: 'Tagalog' });
    await app.user.selectOptions(screen.getByTestId(sel.shell.languageSelect), 'tl');

    await waitFor(() =>
      expect(screen.getByTestId(sel.shell.sidebarEntry('projects'))).toHaveTextContent('Mga Proyekto'),
    );
    expect(window.localStorage.getItem('langid')).toBe('3');
  });

  it('switches the theme from the user menu, remembers it as theme_preference and keeps it after a reload', async () => {
    installFetchStub(serverFor());
    const app = await openDashboard();
    expect(document.documentElement).toHaveClass('light');

    await chooseMenuItem(app.user, sel.shell.userMenu, sel.shell.themeSwitch);

    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(document.documentElement).not.toHaveClass('light');
    expect(window.localStorage.getItem('theme_preference')).toBe('dark');

    await reload(app);
    const again = await openDashboard();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));

    await chooseMenuItem(again.user, sel.shell.userMenu, sel.shell.themeSwitch);
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(window.localStorage.getItem('theme_preference')).toBe('light');
  });

  it('starts in light and English on a fresh device', async () => {
    window.localStorage.clear();
    installFetchStub(serverFor());
    await renderWithProviders({ route: '/' });

    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('light');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
