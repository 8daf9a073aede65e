import { screen, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub } from '../../testing/fetch-stub';
import { ACME, PATHS, serverFor, signedInState } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

describe('About', () => {
  it('shows logo, product, version major.minor, release date as DD-MMM-YYYY and the support e-mail', async () => {
    installFetchStub(serverFor());
    await renderWithProviders({ route: '/main/about', preloadedState: signedInState(ACME) });

    const page = await screen.findByTestId(sel.about.page);
    expect(await within(page).findByTestId(sel.about.version)).toHaveTextContent('2.3');
    expect(within(page).getByRole('heading', { name: 'Voxscreen' })).toBeInTheDocument();
    expect(within(page).getByRole('img', { name: 'Voxscreen' })).toBeInTheDocument();
    expect(page).toHaveTextContent('15-Jan-2026');
    expect(within(page).getByRole('link', { name: 'support@voxscreen.test' })).toHaveAttribute(
      'href',
      'mailto:support@voxscreen.test',
    );
  });

  it('shows the server message and a retry when the version cannot be loaded', async () => {
    const server = installFetchStub({
      ...serverFor(),
      [PATHS.getAppVersion]: { status: 403, body: { message: 'Not allowed here' } },
    });
    const { user } = await renderWithProviders({ route: '/main/about', preloadedState: signedInState(ACME) });

    const page = await screen.findByTestId(sel.about.page);
    expect(await within(page).findByRole('alert')).toHaveTextContent('Not allowed here');
    server.answer({ [PATHS.getAppVersion]: serverFor()[PATHS.getAppVersion]! });
    await user.click(within(page).getByRole('button', { name: 'Try again' }));
    expect(await within(page).findByTestId(sel.about.version)).toHaveTextContent('2.3');
  });
});
