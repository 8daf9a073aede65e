import { screen, waitFor } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { loadApi } from '../../api/lazy-api';
import { installFetchStub } from '../../testing/fetch-stub';
import { PATHS, serverFor } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import type * as lazyApiModule from '../../api/lazy-api';

jest.mock('../../api/lazy-api', () => {
  const actual = jest.requireActual<typeof lazyApiModule>('../../api/lazy-api');
  return { ...actual, loadApi: jest.fn(actual.loadApi) };
});

const loadApiCalls = () => jest.mocked(loadApi).mock.calls.length;

const { loadApi: actualLoadApi } = jest.requireActual<typeof lazyApiModule>('../../api/lazy-api');

beforeEach(() => jest.mocked(loadApi).mockReset().mockImplementation(actualLoadApi));

it('asks for the API layer when the visitor turns to the form, not when the page shows (ADR 0111)', async () => {
  installFetchStub(serverFor());
  const { user } = await renderWithProviders();
  const email = await screen.findByTestId(sel.signIn.email);
  expect(loadApiCalls()).toBe(0);

  await user.click(email);
  expect(loadApiCalls()).toBe(1);
});

it('signs in through the generated userLogin endpoint once the API layer is there', async () => {
  const server = installFetchStub(serverFor());
  const { user, router } = await renderWithProviders();
  await user.type(await screen.findByTestId(sel.signIn.email), ' admin@acme.test ');
  await user.type(screen.getByTestId(sel.signIn.password), 'Voxscreen!2026');
  await user.click(screen.getByTestId(sel.signIn.submit));

  await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
  expect(server.callsTo(PATHS.userLogin)[0]?.body).toEqual({ email: 'admin@acme.test', password: 'Voxscreen!2026' });
  expect(server.callsTo(PATHS.recordUserLogin)).toHaveLength(1);
});

it('says something went wrong when the API layer cannot be loaded, and calls nothing', async () => {
  const server = installFetchStub(serverFor());
  jest.mocked(loadApi).mockRejectedValue(new Error('Loading chunk api failed.'));
  const { user, store } = await renderWithProviders();
  await user.type(await screen.findByTestId(sel.signIn.email), 'admin@acme.test');
  await user.type(screen.getByTestId(sel.signIn.password), 'Voxscreen!2026');
  await user.click(screen.getByTestId(sel.signIn.submit));

  expect(await screen.findByTestId(sel.signIn.error)).toHaveTextContent('Something went wrong');
  expect(store.getState().session.loggedIn).toBe(false);
  expect(server.callsTo(PATHS.userLogin)).toHaveLength(0);
});
