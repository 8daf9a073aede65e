import { act, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../../test/e2e/selectors';
import { installFetchStub } from '../../../testing/fetch-stub';
import { observerReportingNear } from '../../../testing/near-observer';
import {
  ACME,
  CUSTOMER_ADMIN_PERMISSIONS,
  GLOBEX,
  serverFor,
  signedInState,
  userInfo,
} from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { DASHBOARD_PATHS, dashboardServer, projectCard } from '../../../testing/fixtures/project-service-fixtures';
import { PERMISSION } from '../../../../shared/permissions';

const lastListQuery = (stub: ReturnType<typeof installFetchStub>) => {
  const calls = stub.callsTo(DASHBOARD_PATHS.listProjectCards);
  const last = calls[calls.length - 1];
  if (!last) throw new Error('the project list was not asked for');
  // The ids travel as a repeated parameter; joined here so the expectations read as lists.
  return {
    statusId: last.query.getAll('statusId').join(','),
    stageId: last.query.getAll('stageId').join(','),
    ...(last.query.has('defaultStatus') && { defaultStatus: last.query.get('defaultStatus') }),
  };
};

describe('Project list', () => {
  const inertObserver = window.IntersectionObserver;
  afterEach(() => {
    window.IntersectionObserver = inertObserver;
  });

  it('shows the breadcrumb and freshness, and asks for Active projects by default', async () => {
    const stub = installFetchStub({ ...serverFor(), ...dashboardServer() });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const page = await screen.findByTestId(sel.projects.page);
    expect(within(page).getAllByText('Projects').length).toBeGreaterThan(0);
    expect(await screen.findByTestId(sel.projects.card(11))).toBeInTheDocument();
    expect(screen.getByTestId(sel.projects.updated)).toHaveTextContent('Updated less than a minute ago');
    // The server applies the default (Active) itself: the console does not wait for the attributes to ask.
    expect(lastListQuery(stub)).toEqual({ statusId: '', stageId: '', defaultStatus: 'true' });
    expect(screen.getByTestId(sel.projects.statusFilter)).toHaveTextContent('Active');
    expect(screen.getByTestId(sel.projects.statusFilter)).not.toHaveTextContent('1');
  });

  it('keeps a chosen stage in the persisted filters and asks again with it', async () => {
    const stub = installFetchStub({ ...serverFor(), ...dashboardServer() });
    const app = await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    await screen.findByTestId(sel.projects.card(11));
    await app.user.click(screen.getByTestId(sel.projects.stageFilter));
    await app.user.click(await screen.findByTestId(sel.projects.filterOption('stage', 3)));
    await waitFor(() => expect(app.store.getState().projectFilters).toEqual({ status: null, stage: [3] }));
    await waitFor(() => expect(lastListQuery(stub)).toEqual({ statusId: '', stageId: '3', defaultStatus: 'true' }));
    await app.user.click(await screen.findByTestId(sel.projects.filterOption('stage', 4)));
    await waitFor(() => expect(lastListQuery(stub)).toEqual({ statusId: '', stageId: '3,4', defaultStatus: 'true' }));
    await app.persistor.flush();
    expect(JSON.parse(JSON.parse(window.localStorage.getItem('persist:voxscreen')!).projectFilters)).toEqual({
      status: null,
      stage: [3, 4],
    });
  });

  it('asks for the cards without waiting for the attributes lookup, in card-sized placeholders meanwhile', async () => {
    const attributesPending = new Promise<never>(() => undefined);
    const stub = installFetchStub({
      ...serverFor(),
      ...dashboardServer(),
      [DASHBOARD_PATHS.listProjectAttributes]: () => attributesPending,
    });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    expect(await screen.findByTestId(sel.projects.card(11))).toBeInTheDocument();
    expect(stub.callsTo(DASHBOARD_PATHS.listProjectCards)).toHaveLength(1);
    expect(stub.callsTo(DASHBOARD_PATHS.listProjectAttributes)).toHaveLength(1);
  });

  it('reserves each card and chart its final size while the list loads', async () => {
    const listPending = new Promise<never>(() => undefined);
    installFetchStub({ ...serverFor(), ...dashboardServer(), [DASHBOARD_PATHS.listProjectCards]: () => listPending });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const loading = await screen.findByTestId(sel.projectCardsLoading);
    expect(within(loading).getAllByTestId(sel.projectCardSkeleton)).toHaveLength(2);
    const frames = within(loading).getAllByTestId(sel.chartFrame);
    expect(frames.map((frame) => frame.dataset.height)).toEqual(['240', '220', '240', '220']);
    expect(frames[0]).toHaveStyle({ height: '240px' });
    expect(frames[1]).toHaveStyle({ height: '220px' });
  });

  it('a status choice replaces the default, and removing every status lists all', async () => {
    const stub = installFetchStub({ ...serverFor(), ...dashboardServer() });
    const app = await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    await screen.findByTestId(sel.projects.card(11));
    await app.user.click(screen.getByTestId(sel.projects.statusFilter));
    await app.user.click(await screen.findByTestId(sel.projects.filterOption('status', 2)));
    await waitFor(() => expect(lastListQuery(stub).statusId).toBe('1,2'));
    await app.user.click(await screen.findByTestId(sel.projects.filterOption('status', 1)));
    await app.user.click(await screen.findByTestId(sel.projects.filterOption('status', 2)));
    await waitFor(() => expect(app.store.getState().projectFilters.status).toEqual([]));
    await waitFor(() => expect(lastListQuery(stub).statusId).toBe(''));
  });

  it('says so when no project matches', async () => {
    installFetchStub({ ...serverFor(), ...dashboardServer({ projects: [] }) });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    expect(await screen.findByTestId(sel.projects.empty)).toHaveTextContent('No projects are available');
  });

  it('offers the plus button only with tenant.project.detail.create', async () => {
    installFetchStub({ ...serverFor(), ...dashboardServer() });
    const first = await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    expect(await screen.findByTestId(sel.projects.create)).toHaveAttribute('href', '/main/project/createProject');
    expect(screen.getByRole('link', { name: 'Create Project' })).toBeInTheDocument();
    first.unmount();

    const withoutCreate = CUSTOMER_ADMIN_PERMISSIONS.filter((p) => p !== PERMISSION.TENANT_PROJECT_DETAIL_CREATE);
    installFetchStub({ ...serverFor({ user: userInfo({ permissions: withoutCreate }) }), ...dashboardServer() });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    await screen.findByTestId(sel.projects.card(11));
    expect(screen.queryByTestId(sel.projects.create)).not.toBeInTheDocument();
  });

  it('links a card name by the routing rule: results at execution for a results reader', async () => {
    const permissions = [
      PERMISSION.TENANT_PROJECT_DETAIL_READ,
      PERMISSION.TENANT_PROJECT_RESULTS_READ,
      PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ,
    ];
    installFetchStub({
      ...serverFor({ user: userInfo({ permissions, roleName: 'Analyst' }) }),
      ...dashboardServer({
        projects: [projectCard(), projectCard({ projectId: 12, name: 'Setup One', projectStageId: 1 })],
      }),
    });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const execution = await screen.findByTestId(sel.projects.card(11));
    expect(within(execution).getByTestId(sel.projects.nameLink)).toHaveAttribute('href', '/main/project/11/results');
    expect(within(screen.getByTestId(sel.projects.card(12))).getByTestId(sel.projects.nameLink)).toHaveAttribute(
      'href',
      '/main/project/12',
    );
  });

  it('Tenant Support always opens the project page', async () => {
    const permissions = [PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_PROJECT_RESULTS_READ];
    installFetchStub({
      ...serverFor({ user: userInfo({ permissions, roleName: 'Tenant Support' }) }),
      ...dashboardServer(),
    });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const card = await screen.findByTestId(sel.projects.card(11));
    expect(within(card).getByTestId(sel.projects.nameLink)).toHaveAttribute('href', '/main/project/11');
  });

  it('draws a card as plain elements under the list’s one class: its name a level-3 heading that links', async () => {
    installFetchStub({ ...serverFor(), ...dashboardServer() });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const card = await screen.findByTestId(sel.projects.card(11));
    const heading = within(card).getByRole('heading', { level: 3, name: 'Claims Integrity 2026' });
    expect(within(heading).getByRole('link', { name: 'Claims Integrity 2026' })).toBe(
      within(card).getByTestId(sel.projects.nameLink),
    );
    // No Chakra component (and so no class of its own) per card or per part: the list's class styles them all.
    expect(screen.getByTestId(sel.projects.cards).classList.length).toBe(1);
    for (const element of [card, ...card.querySelectorAll('[data-part]:not([data-part=plot] *)')]) {
      if (element.closest('[data-testid="stage-tracker"], [data-testid="project-overall-results"]')) continue;
      if (element.closest('[data-testid="chart-frame"]')) continue;
      expect(`${element.getAttribute('data-part')} ${element.className}`).toBe(`${element.getAttribute('data-part')} `);
    }
  });

  it('marks active and inactive projects and the current stage', async () => {
    installFetchStub({
      ...serverFor(),
      ...dashboardServer({
        projects: [projectCard(), projectCard({ projectId: 12, active: false, projectStageId: 2 })],
      }),
    });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const active = await screen.findByTestId(sel.projects.card(11));
    expect(within(active).getByTestId('project-active-marker')).toHaveAttribute('data-active', 'true');
    expect(active).toHaveTextContent('Active');
    const inactive = screen.getByTestId(sel.projects.card(12));
    expect(within(inactive).getByTestId('project-active-marker')).toHaveAttribute('data-active', 'false');
    expect(inactive).toHaveTextContent('Inactive');
    const states = within(within(inactive).getByTestId('stage-tracker'))
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.getAttribute('data-state')]);
    expect(states).toEqual([
      ['Setup', 'incomplete-before'],
      ['Testing', 'complete'],
      ['Execution', 'incomplete-after'],
      ['Complete', 'incomplete-after'],
    ]);
  });

  it('shows lifetime Calls Completed in the Overall Results doughnut, and No-Interviews when there are none', async () => {
    const none = projectCard({
      projectId: 12,
      overallHrCount: 0,
      overallPrCount: 0,
      overallArCount: 0,
      overallLrCount: 0,
      overallNcCount: 0,
      totalLifeTimeCompletedInterview: 0,
      questions: [],
    });
    installFetchStub({ ...serverFor(), ...dashboardServer({ projects: [projectCard(), none] }) });
    await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const withResults = within(await screen.findByTestId(sel.projects.card(11))).getByTestId('project-overall-results');
    expect(within(withResults).getByRole('row', { name: /Calls Completed/ })).toHaveTextContent('20');
    expect(within(withResults).getByRole('row', { name: /High/ })).toHaveTextContent('4');
    const empty = within(screen.getByTestId(sel.projects.card(12)));
    expect(empty.getByTestId('project-overall-results')).toHaveTextContent('No-Interviews');
    expect(empty.getByText('No questions yet')).toBeInTheDocument();
    // Question Results: Q1 counts Countermeasure and Admission as High.
    expect(within(screen.getByTestId(sel.projects.card(11))).getByRole('row', { name: /^Q1/ })).toHaveTextContent(
      'High 3, Potential 2, Average 3, Low 4, Non-Compliant 0',
    );
  });

  it("shows the server's message in a dismissible danger alert when the list fails", async () => {
    installFetchStub({
      ...serverFor(),
      ...dashboardServer(),
      [DASHBOARD_PATHS.listProjectCards]: { status: 422, body: { message: 'Project list is not available right now' } },
    });
    const app = await renderWithProviders({ route: '/main/project', preloadedState: signedInState() });
    const alert = await screen.findByTestId(sel.projects.error);
    expect(alert).toHaveTextContent('Project list is not available right now');
    expect(screen.queryByTestId(sel.projects.cards)).not.toBeInTheDocument();
    await app.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId(sel.projects.error)).not.toBeInTheDocument();
  });

  it("never shows the previous tenant's cards while the new tenant's load", async () => {
    let release: () => void = () => {};
    const globexAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stub = installFetchStub({ ...serverFor({ tenants: [ACME, GLOBEX] }), ...dashboardServer() });
    const app = await renderWithProviders({ route: '/main/project', preloadedState: signedInState(ACME) });
    expect(await screen.findByTestId(sel.projects.card(11))).toHaveTextContent('Claims Integrity 2026');

    stub.answer({
      [DASHBOARD_PATHS.listProjectCards]: async () => {
        await globexAnswered;
        return { body: { projects: [projectCard({ projectId: 31, name: 'Driver Onboarding' })], stages: [] } };
      },
    });
    act(() => {
      app.switchTenant({ tenantId: GLOBEX.tenantId, tenantName: GLOBEX.tenantName });
    });
    await waitFor(() => expect(screen.queryByTestId(sel.projects.card(11))).not.toBeInTheDocument());
    release();
    expect(await screen.findByTestId(sel.projects.card(31))).toHaveTextContent('Driver Onboarding');
    const calls = stub.callsTo(DASHBOARD_PATHS.listProjectCards);
    expect(calls[calls.length - 1]!.headers.get('operatingTenant')).toBe(String(GLOBEX.tenantId));
    expect(calls[calls.length - 1]!.query.has('operatingTenant')).toBe(false);
  });

  it('after a tenant switch, every request names the same tenant in its header and its parameters', async () => {
    // The switch lands on the dashboard, whose list renders once its place is reported near (ADR 0151).
    window.IntersectionObserver = observerReportingNear('[data-testid="after-first-paint"]');
    const stub = installFetchStub({ ...serverFor({ tenants: [ACME, GLOBEX] }), ...dashboardServer() });
    const app = await renderWithProviders({ route: '/main/project', preloadedState: signedInState(GLOBEX) });
    await screen.findByTestId(sel.projects.card(11));
    const before = stub.requests.length;

    await app.user.click(screen.getByTestId(sel.shell.switchTenant));
    const chooser = await screen.findByTestId(sel.tenantChooser.dialog);
    await app.user.selectOptions(within(chooser).getByTestId(sel.tenantChooser.select), ACME.tenantName);
    await app.user.click(within(chooser).getByTestId(sel.tenantChooser.selectButton));
    expect(await screen.findByTestId(sel.projects.card(11))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId(sel.dashboardTiles.activeProjects)).toBeInTheDocument());

    const after = stub.requests.slice(before);
    const naming = after.filter((request) => request.query.has('tenant_id') || request.query.has('tenantId'));
    expect(naming.map((request) => request.key)).toEqual(
      expect.arrayContaining([DASHBOARD_PATHS.listProjectAttributes, DASHBOARD_PATHS.getDashboardKpi]),
    );
    for (const request of naming) {
      expect(`${request.key} tenant ${request.query.get('tenant_id') ?? request.query.get('tenantId')}`).toBe(
        `${request.key} tenant ${request.headers.get('operatingTenant')}`,
      );
    }
    expect(after.every((request) => request.headers.get('operatingTenant') === String(ACME.tenantId))).toBe(true);
  });
});
