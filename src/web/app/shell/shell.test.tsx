import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { projectFiltersSlice, statusFilterChanged } from '../../features/projects/list/project-filters-slice';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { installFetchStub } from '../../testing/fetch-stub';
import {
  ACME,
  clientConfiguration,
  CUSTOMER_ADMIN_PERMISSIONS,
  GLOBEX,
  PATHS,
  serverFor,
  signedInState,
  userInfo,
} from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const SIDEBAR_KEYS = ['dashboard', 'projects', 'admin', 'reports', 'analytics', 'documents', 'analytic-reports'];

const renderedSidebarKeys = () => {
  const sidebar = screen.getByTestId(sel.shell.sidebar);
  return SIDEBAR_KEYS.filter((key) => within(sidebar).queryByTestId(sel.shell.sidebarEntry(key)) !== null);
};

const openShell = async (server: Parameters<typeof installFetchStub>[0], route = '/main/dashboard') => {
  installFetchStub(server);
  const app = await renderWithProviders({ route, preloadedState: signedInState(ACME) });
  await screen.findByTestId(sel.shell.sidebar);
  return app;
};

describe('shell', () => {
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('renders exactly the entries a customer admin may see, with the Admin link on its first readable tab', async () => {
    await openShell(serverFor({ user: userInfo({ permissions: CUSTOMER_ADMIN_PERMISSIONS }) }));

    expect(renderedSidebarKeys()).toEqual(['dashboard', 'projects', 'admin', 'documents']);
    expect(screen.getByTestId(sel.shell.sidebarEntry('admin'))).toHaveAttribute('href', '/main/admin/tenant');
  });

  it('renders every entry for the product admin of the system tenant', async () => {
    await openShell(
      serverFor({
        user: userInfo({ roleName: 'Voxscreen Admin', isSystemTenant: true, permissions: CUSTOMER_ADMIN_PERMISSIONS }),
      }),
    );
    expect(renderedSidebarKeys()).toEqual(SIDEBAR_KEYS);
  });

  it('hides Analytic Reports when the feature flag is off', async () => {
    await openShell(
      serverFor({
        user: userInfo({
          roleName: 'Voxscreen Admin',
          isSystemTenant: true,
          permissions: [PERMISSION.TENANT_USERS_READ],
        }),
        configuration: clientConfiguration({ analyticReports: false }),
      }),
    );
    expect(renderedSidebarKeys()).toEqual(['admin', 'reports', 'analytics']);
    expect(screen.getByTestId(sel.shell.sidebarEntry('admin'))).toHaveAttribute('href', '/main/admin/users');
  });

  it('collapses the sidebar under 600 px and lets the user expand it', async () => {
    window.innerWidth = 1024;
    const { user } = await openShell(serverFor());
    const sidebar = screen.getByTestId(sel.shell.sidebar);
    expect(sidebar).not.toHaveAttribute('data-collapsed');
    expect(screen.getByTestId(sel.shell.sidebarEntry('dashboard'))).toHaveTextContent('Dashboard');

    act(() => {
      window.innerWidth = 599;
      fireEvent(window, new Event('resize'));
    });
    expect(sidebar).toHaveAttribute('data-collapsed');
    expect(screen.getByTestId(sel.shell.sidebarEntry('dashboard'))).toHaveAccessibleName('Dashboard');
    expect(screen.getByTestId(sel.shell.sidebarEntry('dashboard'))).not.toHaveTextContent('Dashboard');

    await user.click(within(sidebar).getByRole('button', { name: 'Expand navigation' }));
    expect(sidebar).not.toHaveAttribute('data-collapsed');

    act(() => {
      window.innerWidth = 800;
      fireEvent(window, new Event('resize'));
    });
    expect(sidebar).not.toHaveAttribute('data-collapsed');
  });

  it('shows the top bar: logo, Contact Us, languages, tenant and user menu', async () => {
    await openShell(serverFor());
    const topBar = screen.getByTestId(sel.shell.topBar);

    expect(within(topBar).getByRole('img', { name: 'Voxscreen' })).toBeInTheDocument();
    expect(within(topBar).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@voxscreen.test',
    );
    expect(
      within(await within(topBar).findByTestId(sel.shell.languageSelect))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Español', 'Tagalog']);
    expect(within(topBar).getByTestId(sel.shell.tenantName)).toHaveTextContent('Acme Insurance');
    expect(within(topBar).queryByTestId(sel.shell.switchTenant)).not.toBeInTheDocument();
    expect(within(topBar).getByTestId(sel.shell.userMenu)).toHaveTextContent('Ada Lovelace');
  });

  it('switches to another tenant: dashboard, new tenant header, project filters cleared', async () => {
    const server = installFetchStub(serverFor({ tenants: [ACME, GLOBEX] }));
    const app = await renderWithProviders({ route: '/main/about', preloadedState: signedInState(ACME) });
    await screen.findByTestId(sel.about.page);
    act(() => {
      app.store.dispatch(statusFilterChanged([5, 6]));
    });

    await app.user.click(await screen.findByTestId(sel.shell.switchTenant));
    const chooser = await screen.findByTestId(sel.tenantChooser.dialog);
    expect(within(chooser).getByTestId(sel.tenantChooser.select)).toHaveValue(String(ACME.tenantId));
    await app.user.selectOptions(within(chooser).getByTestId(sel.tenantChooser.select), 'Globex Logistics');
    await app.user.click(within(chooser).getByTestId(sel.tenantChooser.selectButton));

    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/dashboard');
    expect(await screen.findByTestId(sel.shell.tenantName)).toHaveTextContent('Globex Logistics');
    expect(app.store.getState().projectFilters).toEqual(projectFiltersSlice.getInitialState());
    // The session's user information is asked again in the new tenant: through the opening call (ADR 0083) or on
    // its own, whichever the gate made last.
    await waitFor(() => {
      const asked = [...server.callsTo(PATHS.getSessionBootstrap), ...server.callsTo(PATHS.getUserInfo)];
      expect(asked.some((call) => call.headers.get('operatingTenant') === String(GLOBEX.tenantId))).toBe(true);
    });
  });

  it('keeps the tenant and the project filters when the chooser confirms the current tenant', async () => {
    installFetchStub(serverFor({ tenants: [ACME, GLOBEX] }));
    const app = await renderWithProviders({ route: '/main/about', preloadedState: signedInState(ACME) });
    await screen.findByTestId(sel.about.page);
    act(() => {
      app.store.dispatch(statusFilterChanged([5]));
    });

    await app.user.click(await screen.findByTestId(sel.shell.switchTenant));
    await app.user.click(await screen.findByTestId(sel.tenantChooser.cancelButton));

    expect(app.router.state.location.pathname).toBe('/main/about');
    expect(app.store.getState().projectFilters.status).toEqual([5]);
  });

  it('goes to About and Profile from the user menu', async () => {
    const app = await openShell(serverFor());

    await chooseMenuItem(app.user, sel.shell.userMenu, sel.shell.userMenuAbout);
    expect(await screen.findByTestId(sel.about.page)).toBeInTheDocument();

    await chooseMenuItem(app.user, sel.shell.userMenu, sel.shell.userMenuProfile);
    expect(app.router.state.location.pathname).toBe('/main/userprofile');
    expect(await screen.findByTestId(sel.profile.page)).toBeInTheDocument();
    expect(screen.getByTestId(sel.shell.sidebar)).toBeInTheDocument();
    // The pane says which screen it holds, and is not busy once it is there.
    expect(screen.getByRole('main')).toHaveAttribute('data-route-path', '/main/userprofile');
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });

  it('names the logo link and the user menu with the text they show (WCAG 2.5.3 Label in Name)', async () => {
    await openShell(serverFor());
    const topBar = screen.getByTestId(sel.shell.topBar);
    expect(within(topBar).getByRole('link', { name: 'Voxscreen home' })).toHaveTextContent('Voxscreen');
    const menu = within(topBar).getByTestId(sel.shell.userMenu);
    expect(menu).toHaveAccessibleName('Ada Lovelace, user menu');
    expect(menu).toHaveTextContent(/^Ada Lovelace$/);
  });
});
