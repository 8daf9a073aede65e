import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub } from '../../testing/fetch-stub';
import { observerReportingNear } from '../../testing/near-observer';
import { ACME, GLOBEX, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { DASHBOARD_PATHS, dashboardServer, kpi, yearly } from '../../testing/fixtures/project-service-fixtures';

const hiddenTable = (container: HTMLElement, caption: string) => {
  const table = within(container).getByText(caption).closest('table');
  if (!table) throw new Error(`no table captioned ${caption}`);
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]),
  );
};

/** The hidden table of a chart card once its data arrived (the card and its frame show before). */
const chartTable = async (testId: string, caption: string) => {
  const card = await screen.findByTestId(testId);
  await within(card).findByText(caption);
  return hiddenTable(card, caption);
};

const inertObserver = window.IntersectionObserver;
/** The project list's place: on screen in jsdom, where nothing is laid out. */
const AFTER_FIRST_PAINT = '[data-testid="after-first-paint"]';

describe('Dashboard', () => {
  it('shows the five KPI tiles of the operating tenant, asked for with its id', async () => {
    const stub = installFetchStub({
      ...serverFor({ tenants: [GLOBEX], user: userInfo({ firstName: 'Grace', lastName: 'Hopper' }) }),
      ...dashboardServer(),
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(GLOBEX) });

    const page = await screen.findByTestId(sel.dashboard);
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Grace Hopper');
    expect(page).toHaveTextContent('You are working in Globex Logistics.');
    expect(await screen.findByTestId(sel.dashboardTiles.activeProjects)).toHaveTextContent('3');
    expect(screen.getByTestId(sel.dashboardTiles.completedProjects)).toHaveTextContent('1');
    expect(screen.getByTestId(sel.dashboardTiles.lifetimeCalls)).toHaveTextContent('1,234');
    expect(screen.getByTestId(sel.dashboardTiles.orderCalls)).toHaveTextContent('67');
    expect(screen.getByTestId(sel.dashboardTiles.callsRemaining)).toHaveTextContent('133/200');
    expect(screen.getByText('Calls Remaining')).toBeInTheDocument();
    const kpiCall = stub.callsTo(DASHBOARD_PATHS.getDashboardKpi)[0]!;
    expect(kpiCall.query.get('tenantId')).toBe(String(GLOBEX.tenantId));
    expect(kpiCall.headers.get('operatingTenant')).toBe(String(GLOBEX.tenantId));
  });

  it('draws its header, tenant line and sections as plain elements under the page’s one class', async () => {
    installFetchStub({ ...serverFor(), ...dashboardServer() });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    const page = await screen.findByTestId(sel.dashboard);
    const header = within(page).getByTestId('page-header');
    expect(within(header).getByRole('navigation', { name: 'breadcrumb' })).toHaveTextContent('Dashboard');
    expect(within(header).getByRole('link', { current: 'page' })).toHaveTextContent('Dashboard');
    // No Chakra component (and so no class of its own) per part: the page's and the header's class style them all.
    expect(page.classList.length).toBe(1);
    expect(header.classList.length).toBe(1);
    const parts = [
      ...header.querySelectorAll('nav, ol, li, span, h1'),
      ...page.querySelectorAll(':scope > [data-part], :scope > [data-part=sections] > [data-part=charts]'),
    ];
    expect(parts.length).toBe(8);
    for (const element of parts) expect(`${element.tagName} ${element.className}`).toBe(`${element.tagName} `);
  });

  it('renders the project list only once the figures have painted and the browser is idle', async () => {
    window.IntersectionObserver = observerReportingNear(AFTER_FIRST_PAINT);
    const idle: IdleRequestCallback[] = [];
    window.requestIdleCallback = (callback: IdleRequestCallback) => idle.push(callback);
    window.cancelIdleCallback = () => undefined;
    try {
      const stub = installFetchStub({ ...serverFor(), ...dashboardServer() });
      await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
      expect(await screen.findByTestId(sel.dashboardTiles.activeProjects)).toHaveTextContent('3');
      expect(screen.queryByTestId(sel.projects.list)).not.toBeInTheDocument();
      expect(screen.getByTestId('after-first-paint')).toHaveStyle({ minHeight: '100vh' });
      expect(stub.callsTo(DASHBOARD_PATHS.listProjectCards)).toHaveLength(0);

      expect(idle.length).toBeGreaterThan(0);
      act(() => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
      expect(await screen.findByTestId(sel.projects.card(11))).toBeInTheDocument();
      expect(stub.callsTo(DASHBOARD_PATHS.listProjectCards)).toHaveLength(1);
    } finally {
      // jsdom has none: the other tests take the fallback (the cancel stays for the unmount after this test).
      delete (window as Partial<Window>).requestIdleCallback;
    }
  });

  it('renders each tile as its label over its value, the placeholder until the figures answer, then zeros as 0', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    installFetchStub({
      ...serverFor(),
      ...dashboardServer(),
      [DASHBOARD_PATHS.getDashboardKpi]: async () => {
        await answered;
        return { body: kpi({ active_project_count: 0, completed_project_count: 0 }) };
      },
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    const tile = await screen.findByTestId('kpi-active-projects');
    expect(within(tile).getByText('Active Projects')).toBeInTheDocument();
    expect(within(tile).getByTestId('kpi-active-projects-pending')).toBeInTheDocument();
    expect(within(tile).queryByTestId(sel.dashboardTiles.activeProjects)).not.toBeInTheDocument();

    answer();
    expect(await within(tile).findByTestId(sel.dashboardTiles.activeProjects)).toHaveTextContent(/^0$/);
    expect(tile.textContent).toBe('Active Projects0');
    expect(within(tile).queryByTestId('kpi-active-projects-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId(sel.dashboardKpiTiles)).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByTestId(sel.dashboardTiles.completedProjects)).toHaveTextContent(/^0$/);
    expect(within(screen.getByTestId('order-doughnut')).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Current Order',
    );
  });

  it('draws the current-order doughnut with the floor percentage and the risk classes', async () => {
    installFetchStub({
      ...serverFor(),
      ...dashboardServer({ kpi: kpi({ total_completed_interview: 2, total_number_of_calls: 3 }) }),
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    expect(await chartTable('order-doughnut', 'Current order calls by risk')).toEqual({
      Completed: '66%', // floor(2/3 × 100)
      High: '7',
      Potential: '10',
      Average: '15',
      Low: '30',
      'Non-Compliant': '5',
    });
  });

  it('shows the single No-Calls slice when the current order has no calls, and 0% without an order', async () => {
    installFetchStub({
      ...serverFor(),
      ...dashboardServer({
        kpi: kpi({
          total_completed_interview: 0,
          total_number_of_calls: 0,
          hr_count: 0,
          pr_count: 0,
          ar_count: 0,
          lr_count: 0,
          nc_count: 0,
        }),
      }),
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    expect(await chartTable('order-doughnut', 'Current order calls by risk')).toEqual({
      Completed: '0%',
      'No-Calls': '0',
    });
    // The legend names the single slice, which nothing can take out.
    const legend = within(screen.getByTestId('order-doughnut')).getByRole('list', { name: 'Chart legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No-Calls']);
    expect(within(legend).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId(sel.dashboardTiles.callsRemaining)).toHaveTextContent('0/0');
  });

  afterEach(() => {
    window.IntersectionObserver = inertObserver;
  });

  it('gives the doughnut an HTML legend whose buttons take a risk class out of the chart and put it back', async () => {
    // Every chart frame is on screen at once, so the charts draw (into the test's chart stub).
    window.IntersectionObserver = class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
      }
      disconnect() {}
    } as never;
    installFetchStub({ ...serverFor(), ...dashboardServer() });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    const card = await screen.findByTestId('order-doughnut');
    const legend = await within(card).findByRole('list', { name: 'Chart legend' });
    const entries = within(legend).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual(['High', 'Potential', 'Average', 'Low', 'Non-Compliant']);
    expect(entries.every((entry) => entry.getAttribute('aria-pressed') === 'true')).toBe(true);
    const drawn = () => JSON.parse(card.querySelector('[data-chart-stub]')!.getAttribute('data-series')!) as number[];
    await waitFor(() => expect(drawn()).toEqual([7, 10, 15, 30, 5]), { timeout: 10_000 });
    expect(card.querySelector('[data-chart-stub]')).toHaveAttribute('data-height', '100%');

    await userEvent.click(within(legend).getByRole('button', { name: 'Potential' }));
    expect(within(legend).getByRole('button', { name: 'Potential' })).toHaveAttribute('aria-pressed', 'false');
    expect(drawn()).toEqual([7, 0, 15, 30, 5]);
    // The figures stay listed for screen readers whatever is drawn.
    expect(hiddenTable(card, 'Current order calls by risk').Potential).toBe('10');

    await userEvent.click(within(legend).getByRole('button', { name: 'Potential' }));
    expect(within(legend).getByRole('button', { name: 'Potential' })).toHaveAttribute('aria-pressed', 'true');
    expect(drawn()).toEqual([7, 10, 15, 30, 5]);
    expect(within(card).getByTestId(sel.chartFrame)).toHaveStyle({ height: '300px' });
  });

  it('charts Project Activity per month', async () => {
    installFetchStub({ ...serverFor(), ...dashboardServer() });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    const rows = await chartTable('project-activity', 'Calls per month');
    expect(
      within(screen.getByTestId('project-activity')).getByRole('heading', { name: 'Project Activity' }),
    ).toBeInTheDocument();
    expect(Object.keys(rows)).toHaveLength(12);
    expect(rows['Apr 2025']).toBe('0');
    expect(rows['Mar 2026']).toBe('110');
  });

  it("shows the server's message when the KPI fails, and a retry", async () => {
    installFetchStub({
      ...serverFor(),
      ...dashboardServer(),
      [DASHBOARD_PATHS.getDashboardKpi]: { status: 403, body: { message: 'You do not have access to this tenant.' } },
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    const failure = await screen.findByTestId('dashboard-kpi-error');
    expect(failure).toHaveTextContent('You do not have access to this tenant.');
    // In place of the tiles and the order doughnut, whose figures they are; Project Activity stays.
    expect(screen.queryByTestId(sel.dashboardKpiTiles)).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-doughnut')).not.toBeInTheDocument();
    expect(screen.getByTestId('project-activity')).toBeInTheDocument();
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reserves the tiles and both chart cards their final size before the figures answer (no layout shift)', async () => {
    const pending = new Promise<never>(() => undefined);
    installFetchStub({
      ...serverFor(),
      ...dashboardServer(),
      [DASHBOARD_PATHS.getDashboardKpi]: () => pending,
      [DASHBOARD_PATHS.listYearlyResults]: () => pending,
    });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    const tiles = await screen.findByTestId(sel.dashboardKpiTiles);
    expect(tiles).toHaveAttribute('aria-busy', 'true');
    expect(within(tiles).getByText('Calls Remaining')).toBeInTheDocument();
    for (const key of ['active-projects', 'completed-projects', 'lifetime-calls', 'order-calls', 'calls-remaining'])
      expect(screen.getByTestId(`kpi-${key}-pending`)).toHaveStyle({ height: '2rem' });
    for (const card of ['order-doughnut', 'project-activity']) {
      const frame = within(screen.getByTestId(card)).getByTestId(sel.chartFrame);
      expect(frame).toHaveStyle({ height: '300px' });
    }
    expect(within(screen.getByTestId('order-doughnut')).getByRole('heading', { name: 'Current Order' })).toBeVisible();
  });

  it('draws the charts in the same frames once the figures arrive', async () => {
    installFetchStub({ ...serverFor(), ...dashboardServer() });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    await chartTable('order-doughnut', 'Current order calls by risk');
    await chartTable('project-activity', 'Calls per month');
    for (const card of ['order-doughnut', 'project-activity'])
      expect(within(screen.getByTestId(card)).getByTestId(sel.chartFrame)).toHaveStyle({ height: '300px' });
    expect(screen.getByTestId(sel.dashboardTiles.orderCalls)).toHaveStyle({ lineHeight: '2rem' });
  });

  it('lists the projects below the charts', async () => {
    window.IntersectionObserver = observerReportingNear(AFTER_FIRST_PAINT);
    installFetchStub({ ...serverFor(), ...dashboardServer() });
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
    expect(await screen.findByTestId('project-card-11')).toHaveTextContent('Claims Integrity 2026');
  });

  it('builds no Intl formatter for its tiles, charts and project cards (ADR 0198)', async () => {
    const built = (['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules'] as const).map((name) =>
      jest.spyOn(Intl, name),
    );
    try {
      window.IntersectionObserver = observerReportingNear(AFTER_FIRST_PAINT);
      installFetchStub({ ...serverFor(), ...dashboardServer() });
      await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState() });
      expect(await screen.findByTestId(sel.dashboardTiles.lifetimeCalls)).toHaveTextContent('1,234');
      expect((await chartTable('project-activity', 'Calls per month'))['Mar 2026']).toBe('110');
      expect(await screen.findByTestId('project-card-11')).toHaveTextContent('Calls Completed');
      for (const spy of built) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of built) spy.mockRestore();
    }
  });
});

describe('Dashboard after a tenant switch', () => {
  it("never shows the previous tenant's figures while the new ones load", async () => {
    let release: () => void = () => {};
    const globexAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stub = installFetchStub({ ...serverFor({ tenants: [ACME, GLOBEX] }), ...dashboardServer() });
    const app = await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(ACME) });
    expect(await screen.findByTestId(sel.dashboardTiles.activeProjects)).toHaveTextContent('3');
    expect(within(screen.getByTestId('project-activity')).getByText('Calls per month')).toBeInTheDocument();

    stub.answer({
      [DASHBOARD_PATHS.getDashboardKpi]: async () => {
        await globexAnswered;
        return { body: kpi({ active_project_count: 9 }) };
      },
      [DASHBOARD_PATHS.listYearlyResults]: async () => {
        await globexAnswered;
        return { body: yearly().map((m) => ({ ...m, count: 5 })) };
      },
    });
    act(() => {
      app.switchTenant({ tenantId: GLOBEX.tenantId, tenantName: GLOBEX.tenantName });
    });
    await waitFor(() => expect(screen.queryByTestId(sel.dashboardTiles.activeProjects)).not.toBeInTheDocument());
    expect(screen.queryByText('Calls per month')).not.toBeInTheDocument();

    release();
    expect(await screen.findByTestId(sel.dashboardTiles.activeProjects)).toHaveTextContent('9');
    expect((await chartTable('project-activity', 'Calls per month'))['Mar 2026']).toBe('5');
    const kpiCalls = stub.callsTo(DASHBOARD_PATHS.getDashboardKpi);
    expect(kpiCalls[kpiCalls.length - 1]!.headers.get('operatingTenant')).toBe(String(GLOBEX.tenantId));
  });
});
