import { screen, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub } from '../../testing/fetch-stub';
import { GLOBEX, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

describe('Dashboard frame', () => {
  it('shows the breadcrumb, greets the user and names the operating tenant', async () => {
    installFetchStub(serverFor({ tenants: [GLOBEX], user: userInfo({ firstName: 'Grace', lastName: 'Hopper' }) }));
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(GLOBEX) });

    const page = await screen.findByTestId(sel.dashboard);
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Grace Hopper');
    expect(within(page).getByText('Dashboard')).toBeInTheDocument();
    expect(page).toHaveTextContent('You are working in Globex Logistics.');
  });
});
