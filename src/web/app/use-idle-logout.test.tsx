import { act, fireEvent, screen } from '@testing-library/react';
import { sel } from '../../../test/e2e/selectors';
import { installFetchStub } from '../testing/fetch-stub';
import { ACME, PATHS, serverFor, signedInState } from '../testing/factories';
import { renderWithProviders } from '../testing/render-with-providers';
import { IDLE_TIMEOUT_MS } from './use-idle-logout';

describe('idle logout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const openDashboard = async () => {
    const server = installFetchStub(serverFor());
    const app = await renderWithProviders({
      route: '/main/dashboard',
      preloadedState: signedInState(ACME),
      fakeTimers: true,
    });
    await screen.findByTestId(sel.dashboard);
    return { app, server };
  };

  it('is three hours', () => {
    expect(IDLE_TIMEOUT_MS).toBe(10_800_000);
  });

  it('signs the user out after 10,800,000 ms without activity, and not a moment before', async () => {
    const { app, server } = await openDashboard();

    act(() => jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1));
    expect(app.store.getState().session.loggedIn).toBe(true);
    expect(server.callsTo(PATHS.logoutUser)).toHaveLength(0);

    act(() => jest.advanceTimersByTime(1));
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
    expect(app.store.getState().session.loggedIn).toBe(false);
    expect(server.callsTo(PATHS.logoutUser)).toHaveLength(1);
  });

  it.each([
    ['mousemove', (target: Element) => fireEvent.mouseMove(target)],
    ['click', (target: Element) => fireEvent.click(target)],
    ['scroll', (target: Element) => fireEvent.scroll(target)],
    ['keydown', (target: Element) => fireEvent.keyDown(target, { key: 'a' })],
  ])('starts the wait again on %s', async (_name, fire) => {
    const { app } = await openDashboard();

    act(() => jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000));
    act(() => {
      fire(screen.getByTestId(sel.dashboard));
    });
    act(() => jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1));
    expect(app.store.getState().session.loggedIn).toBe(true);

    act(() => jest.advanceTimersByTime(1));
    expect(await screen.findByTestId(sel.signIn.email)).toBeInTheDocument();
  });
});
