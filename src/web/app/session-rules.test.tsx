import { act, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../test/e2e/selectors';
import { authzServiceApi } from '../api/generated/authz-service';
import { userServiceApi } from '../api/generated/user-service';
import { chooseMenuItem } from '../testing/choose-menu-item';
import { installFetchStub } from '../testing/fetch-stub';
import { ACME, GLOBEX, PATHS, persistSignedInSession, serverFor, signedInState, userInfo } from '../testing/factories';
import { renderWithProviders } from '../testing/render-with-providers';
import { PERSIST_KEY } from './store';

const SERVER_ERROR =
  "Something went wrong! We are unable to process your request at this time. Please contact the provider's support for assistance.";

const persisted = () => window.localStorage.getItem(`persist:${PERSIST_KEY}`) ?? '';

describe('session rules', () => {
  it('logs out on a 401 from any call and clears the persisted state', async () => {
    const server = installFetchStub({
      ...serverFor(),
      [PATHS.getUserInfo]: { status: 401, body: { message: 'Session ended', code: 'UNAUTHORIZED' } },
    });
    persistSignedInSession(ACME);
    const app = await renderWithProviders({ route: '/main/dashboard' });

    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/');
    const state = app.store.getState();
    expect(state.session).toMatchObject({ accessToken: null, idToken: null, loggedIn: false });
    expect(state.tenancy.operatingTenant).toBeNull();
    // The session is already gone on the server: nothing to end there.
    expect(server.callsTo(PATHS.logoutUser)).toHaveLength(0);
    await waitFor(() => expect(persisted()).not.toContain('eyJ'));
    expect(persisted()).not.toContain('Acme Insurance');
  });

  it('does not log out when sign-in itself answers 401', async () => {
    installFetchStub({
      ...serverFor(),
      [PATHS.userLogin]: { status: 401, body: { message: 'Invalid email or password.' } },
    });
    const app = await renderWithProviders();
    await screen.findByTestId(sel.signIn.email);
    const result = await act(() =>
      app.store.dispatch(
        authzServiceApi.endpoints.userLogin.initiate({ loginRequest: { email: 'a@b.test', password: 'x' } }),
      ),
    );
    expect(result.error).toMatchObject({ status: 401 });
    expect(app.store.getState().session.loginError).toBeNull();
    expect(app.store.getState().preferences.languageId).toBeNull();
  });

  it('replaces the message of a 500 with the specification text', async () => {
    installFetchStub({
      ...serverFor(),
      [PATHS.getAppVersion]: { status: 500, body: { message: 'relation "app_version" does not exist' } },
    });
    await renderWithProviders({ route: '/main/about', preloadedState: signedInState(ACME) });

    const page = await screen.findByTestId(sel.about.page);
    expect(await within(page).findByRole('alert')).toHaveTextContent(SERVER_ERROR);
    expect(page).not.toHaveTextContent('relation');
  });

  it('shows the authorization-error screen when the authorizer reports an application-level refusal', async () => {
    const server = installFetchStub({
      ...serverFor(),
      [PATHS.getAuthorizer]: {
        body: { authorized: false, authorization: { application: 'Your account is inactive.' } },
      },
    });
    const app = await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(ACME) });

    const denied = await screen.findByTestId(sel.authorizationError);
    expect(denied).toHaveTextContent('Your account is inactive.');
    // The user info is asked for together with the check (one round trip), but the shell never shows.
    expect(screen.queryByTestId(sel.shell.tenantName)).not.toBeInTheDocument();

    await app.user.click(within(denied).getByRole('button', { name: 'Back To Login' }));
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(server.callsTo(PATHS.logoutUser)).toHaveLength(1);
    expect(app.store.getState().session.authorizationError).toBeNull();
  });

  it('raises the authorization-error screen from any other call whose error carries authorization.application', async () => {
    installFetchStub({
      ...serverFor(),
      [PATHS.getUserInfo]: {
        status: 403,
        body: { message: 'Forbidden', authorization: { application: 'This account has been deactivated.' } },
      },
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(ACME) });

    expect(await screen.findByTestId(sel.authorizationError)).toHaveTextContent('This account has been deactivated.');
  });

  it('logs out when a secured call is made without a stored token, and lets public calls through', async () => {
    const server = installFetchStub(serverFor());
    const app = await renderWithProviders({
      routes: [{ path: '/', element: <p>No screen makes calls here</p> }],
      preloadedState: { session: { ...signedInState().session!, accessToken: null } },
    });
    await act(() => app.store.dispatch(userServiceApi.endpoints.getClientConfiguration.initiate()));
    expect(app.store.getState().session.loggedIn).toBe(true);

    await act(() => app.store.dispatch(userServiceApi.endpoints.getUserInfo.initiate()));
    await waitFor(() => expect(app.store.getState().session.loggedIn).toBe(false));
    expect(server.callsTo(PATHS.getUserInfo)).toHaveLength(0);
    expect(server.callsTo(PATHS.getClientConfiguration)).toHaveLength(1);
  });

  it('sends the operating tenant and language headers', async () => {
    const server = installFetchStub(serverFor({ tenants: [ACME, GLOBEX] }));
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(GLOBEX) });
    await screen.findByTestId(sel.dashboard);

    // The session opens with the user info of the operating tenant (ADR 0083).
    const call = server.callsTo(PATHS.getSessionBootstrap)[0];
    expect(call?.headers.get('operatingTenant')).toBe('3');
    expect(call?.headers.get('langId')).toBe('1');
    expect(call?.headers.get('language')).toBe('en');
  });

  it('shows the server message and an error state when the user info cannot be loaded', async () => {
    installFetchStub({
      ...serverFor(),
      [PATHS.getUserInfo]: { status: 422, body: { message: 'User profile incomplete' } },
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(ACME) });

    expect(await screen.findByRole('alert')).toHaveTextContent('User profile incomplete');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId(sel.dashboard)).not.toBeInTheDocument();
  });

  it('logs out from the user menu: ends the server session and clears everything but the theme', async () => {
    const server = installFetchStub(serverFor({ tenants: [ACME, GLOBEX], user: userInfo() }));
    window.localStorage.setItem('theme_preference', 'dark');
    window.localStorage.setItem('langid', '2');
    window.localStorage.setItem('languageId', '2');
    const app = await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(GLOBEX) });
    await screen.findByTestId(sel.dashboard);

    await chooseMenuItem(app.user, sel.shell.userMenu, sel.shell.logout);

    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/');
    const logoutCall = server.callsTo(PATHS.logoutUser)[0];
    expect(logoutCall?.headers.get('Authorization')).toBe(`Bearer ${signedInState().session!.accessToken}`);
    const state = app.store.getState();
    expect(state.session.loggedIn).toBe(false);
    expect(state.tenancy.operatingTenant).toBeNull();
    expect(state.preferences).toEqual({ languageId: null, language: null, theme: 'dark' });
    expect(state.api).toBeDefined();
    expect(state.api?.queries['getUserInfo(undefined)']).toBeUndefined();
    expect(state.api?.queries['listUserTenants(undefined)']).toBeUndefined();
    await waitFor(() => expect(persisted()).not.toContain('eyJ'));
    expect(window.localStorage.getItem('langid')).toBeNull();
    expect(window.localStorage.getItem('languageId')).toBeNull();
    expect(window.localStorage.getItem('theme_preference')).toBe('dark');
  });
});
