import { screen, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

const DASHBOARDS = 'GET /api/user-service/v1/tenant/getEmbedDashboardURL';
const server = (body: unknown, status = 200) =>
  installFetchStub({
    ...serverFor({ user: userInfo({ isSystemTenant: true, roleName: 'Voxscreen Admin' }) }),
    [DASHBOARDS]: { status, body },
  });
const open = () => renderWithProviders({ route: '/main/analytics-dashboard', preloadedState: signedInState(ACME) });

describe('Analytics dashboards', () => {
  it('shows each configured dashboard in a titled iframe', async () => {
    server([
      { title: 'Operations', url: 'https://dash.example.test/ops' },
      { title: 'Quality', url: 'https://bi.example.test/q' },
    ]);
    await open();
    const second = await screen.findByTestId(sel.analyticsDashboard.dashboard(1));
    expect(within(second).getByRole('heading', { name: 'Quality' })).toBeInTheDocument();
    expect(within(second).getByTitle('Quality')).toHaveAttribute('src', 'https://bi.example.test/q');
    expect(screen.getByTitle('Operations').tagName).toBe('IFRAME');
  });

  it('says so when none is configured, and shows a failure', async () => {
    server([]);
    const first = await open();
    expect(await screen.findByTestId(sel.analyticsDashboard.empty)).toHaveTextContent(
      'No analytics dashboards are configured.',
    );
    first.unmount();
    server({ message: 'Only the provider' }, 403);
    await open();
    expect(await screen.findByTestId(sel.analyticsDashboard.error)).toHaveTextContent('Only the provider');
  });
});
