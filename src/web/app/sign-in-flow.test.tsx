import { act, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../test/e2e/selectors';
import { installFetchStub } from '../testing/fetch-stub';
import { observerReportingNear } from '../testing/near-observer';
import {
  ACCESS_TOKEN,
  ACME,
  GLOBEX,
  ID_TOKEN,
  PATHS,
  serverFor,
  signedInState,
  tenant,
  userInfo,
} from '../testing/factories';
import { renderWithProviders, type RenderedApp } from '../testing/render-with-providers';
import { DASHBOARD_PATHS, dashboardServer } from '../testing/fixtures/project-service-fixtures';

const signIn = async ({ user }: RenderedApp, email = 'admin@acme.test', password = 'Voxscreen!2026') => {
  await user.type(await screen.findByTestId(sel.signIn.email), email);
  await user.type(screen.getByTestId(sel.signIn.password), password);
  await user.click(screen.getByTestId(sel.signIn.submit));
};

const inertObserver = window.IntersectionObserver;

describe('sign-in entry', () => {
  it('shows the server message when sign-in fails and stays on the entry screen', async () => {
    const server = installFetchStub({
      ...serverFor(),
      [PATHS.userLogin]: { status: 401, body: { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' } },
    });
    const app = await renderWithProviders();
    await signIn(app, 'admin@acme.test', 'wrong-password');

    expect(await screen.findByTestId(sel.signIn.error)).toHaveTextContent('Invalid email or password.');
    expect(app.router.state.location.pathname).toBe('/');
    expect(app.store.getState().session.loggedIn).toBe(false);
    expect(server.callsTo(PATHS.logoutUser)).toHaveLength(0);
    expect(server.callsTo(PATHS.userLogin)[0]?.body).toEqual({ email: 'admin@acme.test', password: 'wrong-password' });
  });

  it('asks for e-mail and password before calling the server', async () => {
    const server = installFetchStub(serverFor());
    const { user } = await renderWithProviders();
    await user.click(await screen.findByTestId(sel.signIn.submit));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.callsTo(PATHS.userLogin)).toHaveLength(0);
  });

  it('places a one-tenant user automatically, in the order of docs/product/shell-and-session.md#session, and opens the dashboard', async () => {
    const server = installFetchStub({ ...serverFor({ tenants: [ACME] }), ...dashboardServer() });
    const app = await renderWithProviders();
    await signIn(app);

    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    expect(await screen.findByTestId(sel.shell.tenantName)).toHaveTextContent('Acme Insurance');
    expect(screen.queryByTestId(sel.tenantChooser.dialog)).not.toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/dashboard');
    expect(app.store.getState().tenancy.operatingTenant).toEqual({ tenantId: 2, tenantName: 'Acme Insurance' });

    // The session opens with one call standing for the authorizer, user info, tenants, configuration and languages.
    const sessionOrder: string[] = [PATHS.userLogin, PATHS.recordUserLogin, PATHS.getSessionBootstrap];
    const sessionCalls = server.keys().filter((key) => sessionOrder.includes(key));
    expect(sessionCalls).toEqual(sessionOrder);
    const bootstrapCall = server.callsTo(PATHS.getSessionBootstrap)[0];
    expect(bootstrapCall?.headers.get('Authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(bootstrapCall?.headers.get('Id-Token')).toBe(ID_TOKEN);
    expect(server.callsTo(PATHS.userLogin)[0]?.headers.get('Authorization')).toBeNull();
    expect(server.unexpected).toEqual([]);
  });

  it('opens the session in one call and fetches nothing twice for the home tenant (issues 10 and 29)', async () => {
    let releaseSession: () => void = () => {};
    const sessionHeld = new Promise<void>((resolve) => {
      releaseSession = resolve;
    });
    const held = (body: unknown) => async () => {
      await sessionHeld;
      return { body };
    };
    // The project list's place reported near, as a browser's first report does (ADR 0151): the list's one call.
    window.IntersectionObserver = observerReportingNear('[data-testid="after-first-paint"]');
    const server = installFetchStub({ ...serverFor({ tenants: [ACME] }), ...dashboardServer() });
    server.answer({
      [PATHS.getAuthorizer]: held({ authorized: true }),
      [PATHS.getUserInfo]: held(userInfo()),
      [PATHS.listUserTenants]: held([ACME]),
    });
    const app = await renderWithProviders();
    await signIn(app);
    await waitFor(() => expect(server.callsTo(PATHS.getSessionBootstrap)).toHaveLength(1));
    releaseSession();

    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(DASHBOARD_PATHS.listProjectCards)).toHaveLength(1));
    // The shell reads the session's answers from the one call, and the automatic choice of the home tenant keeps
    // them: none of the five is asked for on its own.
    expect(server.callsTo(PATHS.getSessionBootstrap)).toHaveLength(1);
    for (const own of [
      PATHS.getAuthorizer,
      PATHS.getUserInfo,
      PATHS.listUserTenants,
      PATHS.getClientConfiguration,
      PATHS.listLanguages,
    ]) {
      expect(server.callsTo(own)).toHaveLength(0);
    }
    expect(server.callsTo(DASHBOARD_PATHS.getDashboardKpi)).toHaveLength(1);
    expect(server.callsTo(DASHBOARD_PATHS.listYearlyResults)).toHaveLength(1);
  });

  afterEach(() => {
    window.IntersectionObserver = inertObserver;
  });

  it('offers two or more tenants in the Client Access Control chooser, sorted by name', async () => {
    const server = installFetchStub(serverFor({ tenants: [GLOBEX, ACME] }));
    const app = await renderWithProviders();
    await signIn(app, 'dual@globex.test');

    const chooser = await screen.findByTestId(sel.tenantChooser.dialog);
    expect(chooser).toHaveTextContent('Client Access Control');
    const options = within(chooser)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Acme Insurance', 'Globex Logistics']);

    await app.user.selectOptions(screen.getByTestId(sel.tenantChooser.select), 'Globex Logistics');
    await app.user.click(screen.getByTestId(sel.tenantChooser.selectButton));

    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    expect(await screen.findByTestId(sel.shell.tenantName)).toHaveTextContent('Globex Logistics');
    expect(screen.queryByTestId(sel.tenantChooser.dialog)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(server.requests.some((request) => request.headers.get('operatingTenant') === '3')).toBe(true),
    );
    // Another tenant than the home one may give another role: the session is opened again, for it.
    const bootstrapCalls = server.callsTo(PATHS.getSessionBootstrap);
    expect(bootstrapCalls).toHaveLength(2);
    expect(bootstrapCalls[1]!.headers.get('operatingTenant')).toBe('3');
  });

  it('applies the current choice on CANCEL as well', async () => {
    installFetchStub(serverFor({ tenants: [GLOBEX, ACME] }));
    const app = await renderWithProviders();
    await signIn(app, 'dual@globex.test');

    await app.user.click(await screen.findByTestId(sel.tenantChooser.cancelButton));

    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    expect(await screen.findByTestId(sel.shell.tenantName)).toHaveTextContent('Acme Insurance');
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('tells a user without tenants, clears storage and returns to /login after one second', async () => {
      const server = installFetchStub(serverFor({ tenants: [] }));
      const app = await renderWithProviders({ fakeTimers: true });
      await signIn(app, 'nobody@voxscreen.test');

      expect(await screen.findByTestId(sel.noTenant)).toHaveTextContent('No Tenant Assigned for this user');
      act(() => jest.advanceTimersByTime(999));
      expect(screen.getByTestId(sel.noTenant)).toBeInTheDocument();
      expect(server.callsTo(PATHS.logoutUser)).toHaveLength(0);

      act(() => jest.advanceTimersByTime(1));
      expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
      expect(app.router.state.location.pathname).toBe('/');
      expect(server.callsTo(PATHS.logoutUser)).toHaveLength(1);
      expect(app.store.getState().session.accessToken).toBeNull();
      await act(() => jest.runOnlyPendingTimersAsync());
      expect(JSON.stringify({ ...window.localStorage })).not.toContain('eyJ');
    });
  });

  it('sends a user who is already signed in from / to the dashboard', async () => {
    installFetchStub(serverFor());
    const app = await renderWithProviders({ route: '/', preloadedState: signedInState(ACME) });

    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/dashboard');
  });

  it('shows the blocked-IP screen for a blocked address, and Back To Login returns to sign-in', async () => {
    installFetchStub({
      ...serverFor(),
      [PATHS.userLogin]: {
        status: 403,
        body: { message: 'Your IP address has been blocked.', code: 'IP_BLOCKED' },
      },
    });
    const app = await renderWithProviders();
    await signIn(app);

    const screenElement = await screen.findByTestId(sel.blockedIp);
    expect(screenElement).toHaveTextContent(
      'Your IP address has been blocked due to security guidelines. This may be because of unusual activity or location-based policies.',
    );
    expect(screenElement).toHaveTextContent(
      'Please make sure you follow the security guidelines before attempting to log in again.',
    );
    expect(await within(screenElement).findByRole('link', { name: 'support@voxscreen.test' })).toHaveAttribute(
      'href',
      'mailto:support@voxscreen.test',
    );

    await app.user.click(within(screenElement).getByRole('button', { name: 'Back To Login' }));
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(screen.queryByTestId(sel.signIn.error)).not.toBeInTheDocument();
  });

  it('keeps a remembered tenant that is still one of the user’s', async () => {
    installFetchStub(serverFor({ tenants: [ACME, GLOBEX, tenant(4, 'Initech')] }));
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(GLOBEX) });

    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    expect(await screen.findByTestId(sel.shell.tenantName)).toHaveTextContent('Globex Logistics');
    expect(screen.queryByTestId(sel.tenantChooser.dialog)).not.toBeInTheDocument();
  });
});
