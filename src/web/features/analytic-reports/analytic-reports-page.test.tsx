import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import type { AnalyticReport, AnalyticReportType } from '../../api/generated/data-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { ACME, clientConfiguration, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { dayOf } from './wizard-rules';
import { PERMISSION } from '../../../shared/permissions';

const HISTORY = 'GET /api/data-service/v1/report-history';
const TYPES = 'GET /api/data-service/v1/tabledetails';
const PROJECTS = 'GET /api/data-service/v1/projectListNew';
const SUBMIT = 'POST /api/data-service/v1/submit/report';
const DOWNLOAD = 'GET /api/data-service/v1/report/5';

const TYPE: AnalyticReportType = {
  reportType: 'call-records',
  name: 'Call Records',
  description: 'One row per call made in the date range.',
  attributes: [
    { key: 'projectName', label: 'Project' },
    { key: 'callId', label: 'Call Id' },
  ],
};
const report = (overrides: Partial<AnalyticReport> = {}): AnalyticReport => ({
  id: 5,
  reportType: 'call-records',
  reportName: 'call-records-20261120101010-123456',
  projectIds: [4],
  startDate: '2026-11-01',
  endDate: '2026-11-20',
  attributes: ['callId'],
  fileFormat: 'xlsx',
  status: 'succeeded',
  is_succeeded: true,
  is_processing: false,
  rowCount: 12,
  error: null,
  requestedBy: 'admin@voxscreen.test',
  requestedAt: '2026-11-20T10:10:10.000Z',
  finishedAt: '2026-11-20T10:10:12.000Z',
  ...overrides,
});

const PROVIDER_ADMIN = userInfo({
  roleName: 'voxscreen ADMIN',
  isSystemTenant: true,
  permissions: [PERMISSION.TENANT_CREATE],
});

const server = (extra: Record<string, StubHandler> = {}, user = PROVIDER_ADMIN, analyticReports = true) =>
  installFetchStub({
    ...serverFor({ user, configuration: clientConfiguration({ analyticReports }) }),
    [HISTORY]: { body: { response: { data: [] } } },
    [TYPES]: { body: { response: { data: [TYPE] } } },
    [PROJECTS]: { body: { projects: [{ projectId: 4, projectName: 'Claims Review' }] } },
    ...extra,
  });
const open = () => renderWithProviders({ route: '/main/analytic-reports', preloadedState: signedInState(ACME) });

const checkboxState = (testId: string) => screen.getByTestId(testId).getAttribute('data-state');

describe('Analytic Reports', () => {
  it('is "No Page Found" for anyone but the provider administrator, and with the flag off', async () => {
    server({}, userInfo({ roleName: 'Customer Admin' }));
    const first = await open();
    expect(await screen.findByTestId(sel.notFound)).toBeInTheDocument();
    first.unmount();
    server({}, PROVIDER_ADMIN, false);
    await open();
    expect(await screen.findByTestId(sel.notFound)).toBeInTheDocument();
  });

  it('the wizard enables Continue step by step and submits the request', async () => {
    const stub = server({ [SUBMIT]: { status: 201, body: report({ id: 6, status: 'requested' }) } });
    const { user } = await open();
    expect(await screen.findByText('No reports have been requested yet.')).toBeInTheDocument();
    await user.click(screen.getByTestId(sel.analyticReports.newReport));

    const wizard = await screen.findByTestId(sel.analyticReports.wizard.root);
    const next = () => within(wizard).getByTestId(sel.analyticReports.wizard.continue);
    expect(next()).toBeDisabled();
    await user.click(await within(wizard).findByTestId(sel.analyticReports.wizard.type('call-records')));
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(next()).toBeDisabled();
    const today = dayOf(Date.now());
    fireEvent.change(screen.getByTestId(sel.analyticReports.wizard.startDate), { target: { value: today } });
    fireEvent.change(screen.getByTestId(sel.analyticReports.wizard.endDate), { target: { value: today } });
    expect(next()).toBeDisabled();
    await user.click(within(screen.getByTestId(sel.analyticReports.wizard.project(4))).getByText('Claims Review'));
    expect(next()).toBeEnabled();
    // Changing the start date clears the end date.
    fireEvent.change(screen.getByTestId(sel.analyticReports.wizard.startDate), { target: { value: '2026-01-01' } });
    expect(screen.getByTestId(sel.analyticReports.wizard.endDate)).toHaveValue('');
    expect(next()).toBeDisabled();
    fireEvent.change(screen.getByTestId(sel.analyticReports.wizard.startDate), { target: { value: today } });
    fireEvent.change(screen.getByTestId(sel.analyticReports.wizard.endDate), { target: { value: today } });
    await user.click(next());
    expect(
      within(within(wizard).getByTestId(sel.analyticReports.wizard.step(0))).getByLabelText('Completed'),
    ).toBeInTheDocument();

    expect(next()).toBeDisabled();
    await user.click(within(screen.getByTestId(sel.analyticReports.wizard.selectAll)).getByText('Select All'));
    expect(checkboxState(sel.analyticReports.wizard.selectAll)).toBe('checked');
    await user.click(
      within(screen.getByTestId(sel.analyticReports.wizard.attribute('projectName'))).getByText('Project'),
    );
    expect(checkboxState(sel.analyticReports.wizard.selectAll)).toBe('indeterminate');
    expect(next()).toBeEnabled();
    await user.click(next());

    const name = within(wizard).getByTestId(sel.analyticReports.wizard.name);
    expect((name as HTMLInputElement).value).toMatch(/^call-records-\d{14}-\d{6}$/);
    const submit = within(wizard).getByTestId(sel.analyticReports.wizard.submit);
    await user.clear(name);
    expect(submit).toBeDisabled();
    await user.type(name, 'weekly calls');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByTestId(sel.analyticReports.success)).toHaveTextContent('added successfully');
    expect(stub.callsTo(SUBMIT)[0]!.body).toEqual({
      reportType: 'call-records',
      reportName: 'weekly calls',
      projectId: [4],
      startDate: today,
      endDate: today,
      attributes: ['callId'],
    });
  });

  it('keeps the entries when the history arrives after the wizard opened and when a submit fails', async () => {
    let release = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const stub = server({
      [HISTORY]: async () => {
        await arrived;
        return { body: { response: { data: [report()] } } };
      },
      [SUBMIT]: { status: 422, body: { message: 'Project 4 is not in this account' } },
    });
    const { user, store } = await open();
    await user.click(await screen.findByTestId(sel.analyticReports.newReport));
    const wizard = await screen.findByTestId(sel.analyticReports.wizard.root);
    const next = () => within(wizard).getByTestId(sel.analyticReports.wizard.continue);
    await user.click(await within(wizard).findByTestId(sel.analyticReports.wizard.type('call-records')));
    await user.click(next());
    const today = dayOf(Date.now());
    fireEvent.change(screen.getByTestId(sel.analyticReports.wizard.startDate), { target: { value: today } });
    fireEvent.change(screen.getByTestId(sel.analyticReports.wizard.endDate), { target: { value: today } });
    await user.click(within(screen.getByTestId(sel.analyticReports.wizard.project(4))).getByText('Claims Review'));
    expect(next()).toBeEnabled();

    // The page re-renders with the history under the open wizard (the journey's race on a loaded machine).
    release();
    await waitFor(() =>
      expect(
        Object.values(store.getState().api?.queries ?? {}).some(
          (query) => query?.endpointName === 'listAnalyticReports' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(screen.getByTestId(sel.analyticReports.wizard.endDate)).toHaveValue(today);
    expect(checkboxState(sel.analyticReports.wizard.project(4))).toBe('checked');
    expect(next()).toBeEnabled();

    await user.click(next());
    await user.click(within(screen.getByTestId(sel.analyticReports.wizard.selectAll)).getByText('Select All'));
    await user.click(next());
    const name = within(wizard).getByTestId(sel.analyticReports.wizard.name);
    await user.clear(name);
    await user.type(name, 'weekly calls');
    await user.click(within(wizard).getByTestId(sel.analyticReports.wizard.submit));
    expect(await screen.findByText('Project 4 is not in this account')).toBeInTheDocument();
    expect(name).toHaveValue('weekly calls');

    stub.answer({ [SUBMIT]: { status: 201, body: report({ id: 6, status: 'requested' }) } });
    await user.click(within(wizard).getByTestId(sel.analyticReports.wizard.submit));
    expect(await screen.findByTestId(sel.analyticReports.success)).toHaveTextContent('added successfully');
    expect(stub.callsTo(SUBMIT).map((call) => call.body)).toEqual([
      expect.objectContaining({ reportName: 'weekly calls', projectId: [4], startDate: today, endDate: today }),
      expect.objectContaining({ reportName: 'weekly calls', projectId: [4], startDate: today, endDate: today }),
    ]);
  });

  it('shows each state, the popover, and downloads after confirmation; refresh waits 30 s', async () => {
    const stub = server({
      [HISTORY]: {
        body: {
          response: {
            data: [
              report(),
              report({ id: 7, status: 'processing', is_succeeded: false, is_processing: true, reportName: 'busy' }),
              report({ id: 8, status: 'failed', is_succeeded: false, is_processing: false, reportName: 'broken' }),
            ],
          },
        },
      },
      [DOWNLOAD]: {
        body: new Blob(['xlsx']),
        headers: { 'content-disposition': 'attachment; filename="calls.xlsx"' },
      },
    });
    URL.createObjectURL = jest.fn(() => 'blob:report');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = await open();
    expect(await screen.findByTestId(sel.analyticReports.status(7))).toHaveTextContent('In progress...');
    expect(screen.getByTestId(sel.analyticReports.status(8))).toHaveTextContent('Failed');
    expect(await within(screen.getByTestId(sel.analyticReports.list)).findAllByText('Call Records')).toHaveLength(3);

    await user.click(screen.getByTestId(sel.analyticReports.info(5)));
    expect(await screen.findByTestId(sel.analyticReports.popover)).toHaveTextContent('admin@voxscreen.test');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId(sel.analyticReports.popover)).not.toBeInTheDocument());

    await user.click(screen.getByTestId(sel.analyticReports.download(5)));
    await user.click(await screen.findByTestId(sel.analyticReports.downloadConfirm));
    expect(await screen.findByTestId(sel.analyticReports.success)).toHaveTextContent('File downloaded successfully');
    expect(stub.callsTo(DOWNLOAD)).toHaveLength(1);
    expect(saved).toEqual(['calls.xlsx']);

    const refresh = screen.getByTestId(sel.analyticReports.refresh);
    const before = stub.callsTo(HISTORY).length;
    await user.click(refresh);
    await waitFor(() => expect(refresh).toHaveTextContent('Refresh (30)'));
    expect(refresh).toBeDisabled();
    await waitFor(() => expect(refresh).toHaveTextContent('Refresh (29)'));
    expect(stub.callsTo(HISTORY).length).toBe(before + 1);
  });

  it('shows the load failure with a retry', async () => {
    server({ [HISTORY]: { status: 500, body: { message: 'Broken history' } } });
    await open();
    expect(await screen.findByTestId(sel.analyticReports.error)).toBeInTheDocument();
  });
});
