import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { sel } from '../../../test/e2e/selectors';
import { installFetchStub } from '../testing/fetch-stub';
import { ACME, serverFor, signedInState } from '../testing/factories';
import { renderWithProviders } from '../testing/render-with-providers';
import { appRoutes } from './router';

describe('routes', () => {
  it('shows No Page Found for an unknown path', async () => {
    installFetchStub(serverFor());
    await renderWithProviders({ route: '/completely/unknown' });
    expect(await screen.findByTestId(sel.notFound)).toHaveTextContent('No Page Found');
  });

  it('shows No Page Found inside the shell for an unknown /main path', async () => {
    installFetchStub(serverFor());
    await renderWithProviders({ route: '/main/no-such-screen', preloadedState: signedInState(ACME) });
    expect(await screen.findByTestId(sel.notFound)).toHaveTextContent('No Page Found');
    expect(await screen.findByTestId(sel.shell.topBar)).toBeInTheDocument();
  });

  it('sends an unauthenticated visit of /main to sign-in', async () => {
    installFetchStub(serverFor());
    const { router } = await renderWithProviders({ route: '/main/dashboard' });
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects /login to /', async () => {
    installFetchStub(serverFor());
    const { router } = await renderWithProviders({ route: '/login' });
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects /main to /main/dashboard', async () => {
    installFetchStub(serverFor());
    const { router } = await renderWithProviders({ route: '/main', preloadedState: signedInState(ACME) });
    expect(await screen.findByTestId(sel.dashboard)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main/dashboard');
  });

  it('sends a session past its expiry to sign-in and clears it', async () => {
    installFetchStub(serverFor());
    const expired = signedInState(ACME);
    const { store } = await renderWithProviders({
      route: '/main/dashboard',
      preloadedState: { ...expired, session: { ...expired.session!, expiresAt: Date.now() - 1 } },
    });
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('shows the generic error screen when a screen fails', async () => {
    function Broken(): never {
      throw new Error('render failure');
    }
    const root = appRoutes[0]!;
    const routes: RouteObject[] = [
      { element: root.element, errorElement: root.errorElement, children: [{ path: '/', element: <Broken /> }] },
    ];
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithProviders({ routes });
    expect(await screen.findByRole('heading', { name: 'Oops! Something Went Wrong' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
