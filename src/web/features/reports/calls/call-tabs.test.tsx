import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../../test/e2e/selectors';
import type { BackendLogRecord, CallRecordRow, IncompleteCallRow } from '../../../api/generated/execution-service';
import type { TenantWithProjects } from '../../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../../testing/fetch-stub';
import { serverFor, signedInState, tenant, userInfo } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PERMISSION } from '../../../../shared/permissions';
import { clock } from '../../../lib/clock';

const ACME = tenant(2, 'Acme Insurance');
const CALLS = 'POST /api/execution-service/v1/call/directdial';
const CALLS_EXPORT = 'POST /api/execution-service/v1/call/directdial/export';
const INCOMPLETE = 'POST /api/execution-service/v1/call/incomplete';
const LOGS = 'POST /api/execution-service/v1/interview/result/audit/logs';
const ACCOUNTS = 'GET /api/user-service/v1/tenant/projects';

const CALL: CallRecordRow = {
  id: 7,
  callId: 'call-7',
  interviewReferenceNumber: 'IRN7',
  tenantName: 'Acme Insurance',
  callDateTimeString: '11/20/2026 10:00:00',
  accessCode: '123456789',
  dialInNumber: '+1 800 555 0101',
  durationSeconds: 305,
  dtmfs: null,
  providerName: 'Twilio',
  callerNumber: '+1 555 0100',
  destinationNumber: null,
  status: 'COMPLETED',
};
const INCOMPLETE_ROW: IncompleteCallRow = {
  id: 3,
  interviewReferenceNumber: 'IRN3',
  clientName: 'Acme Insurance',
  callerId: '+1 555 0101',
  dialInNumber: '+1 800 555 0101',
  accessCode: '987654321',
  phoneCallInterruptCode: 'HANGUP',
  date: '11/20/2026 11:00:00',
  phoneCallDuration: 45,
  interviewResultId: null,
};
const LOG: BackendLogRecord = {
  id: 9,
  kind: 'RESULT',
  uploadedResult: JSON.stringify({ requestId: 'r-9', overallEvaluation: 'LR' }),
  uploadedAt: '11/20/2026 10:05:00',
  runId: '',
};
const ACCOUNT_LIST: TenantWithProjects[] = [
  { tenantId: 2, tenantName: 'Acme Insurance', projects: [{ projectId: 11, name: 'Claims Integrity 2026' }] },
];
const ALL = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_PROJECT_REPORT_CALL_READ,
  PERMISSION.TENANT_BACKEND_DATA_READ,
];

const server = (permissions: string[] = ALL, extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({ user: userInfo({ permissions }), tenants: [ACME] }),
    [ACCOUNTS]: { body: ACCOUNT_LIST },
    [CALLS]: { body: { calls: [CALL], totalResults: 1 } },
    [INCOMPLETE]: { body: { calls: [INCOMPLETE_ROW], totalResults: 1 } },
    [LOGS]: { body: { resultAuditLogs: [LOG], totalResults: 1 } },
    ...extra,
  });
const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(ACME) });

describe('the call tabs of Reports', () => {
  // A winter day (before the test session's sign-in): the default 30 days start at Pacific standard time (-08:00).
  beforeEach(() => jest.spyOn(clock, 'now').mockReturnValue(Date.UTC(2026, 0, 15, 20)));

  it('are offered by permission: the backend log only with the internal permission', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_PROJECT_REPORT_CALL_READ]);
    await open('/main/reports');
    expect(await screen.findByTestId(sel.reports.calls.list('call-records'))).toBeInTheDocument();
    expect(screen.getByTestId(sel.reports.tab('incompletecalls'))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.tab('backenddata'))).not.toBeInTheDocument();
  });

  it('call records: the last 30 days of the account at Pacific time, then the applied filter', async () => {
    const stub = server();
    const app = await open('/main/reports/callRecords');
    const list = await screen.findByTestId(sel.reports.calls.list('call-records'));
    expect(await within(list).findByText('Twilio')).toBeInTheDocument();
    expect(within(list).getByText('5:05')).toBeInTheDocument();
    expect(within(list).getByText('Completed')).toBeInTheDocument();
    expect(stub.callsTo(CALLS)[0]!.body).toMatchObject({
      tenantId: 2,
      displayTimeZone: '-08:00',
      timeZone: 'America/Los_Angeles',
      page: 0,
      pageSize: 10,
      minDuration: 0,
      maxDuration: 0,
    });

    await app.user.selectOptions(screen.getByTestId(sel.reports.calls.project('call-records')), '11');
    await app.user.selectOptions(screen.getByTestId(sel.reports.calls.duration('call-records')), '3');
    await app.user.type(screen.getByTestId(sel.reports.calls.search('call-records')), 'IRN7');
    // The carrier is a select of the four carriers' fixed keys (docs/product/call-reports.md#carrier), every carrier by
    // default.
    const carrier = screen.getByTestId(sel.reports.calls.carrier);
    expect([...carrier.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All carriers'],
      ['TOLL_FREE_FORWARDING', 'Toll-Free Forwarding'],
      ['TWILIO', 'Twilio'],
      ['VONAGE', 'Vonage'],
      ['BANDWIDTH', 'Bandwidth'],
    ]);
    expect(stub.callsTo(CALLS)[0]!.body).not.toHaveProperty('telcoProvider');
    await app.user.selectOptions(carrier, 'TOLL_FREE_FORWARDING');
    fireEvent.change(screen.getByTestId(sel.reports.calls.start('call-records')), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId(sel.reports.calls.end('call-records')), { target: { value: '2026-11-02' } });
    await app.user.click(screen.getByTestId(sel.reports.calls.apply('call-records')));
    await waitFor(() => expect(stub.callsTo(CALLS).length).toBeGreaterThan(1));
    expect(stub.callsTo(CALLS).at(-1)!.body).toMatchObject({
      projectId: 11,
      search: 'IRN7',
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      minDuration: 241,
      maxDuration: 0,
      telcoProvider: 'TOLL_FREE_FORWARDING',
      // 2026-11-01 starts at Pacific daylight time; the change back to -08:00 is that night.
      displayTimeZone: '-07:00',
      timeZone: 'America/Los_Angeles',
    });
    expect(screen.getByTestId(sel.reports.calls.offset('call-records'))).toHaveTextContent(
      'On these dates: UTC-07:00, then UTC-08:00 from 11/01/2026 01:00',
    );
  });

  it('call records: a Pacific range across 2026-03-08 is sent with its zone and start offset, times as written', async () => {
    const stub = server();
    const app = await open('/main/reports/callRecords');
    await screen.findByTestId(sel.reports.calls.list('call-records'));
    expect(screen.getByTestId(sel.reports.calls.offset('call-records'))).toHaveTextContent('On these dates: UTC-08:00');
    stub.answer({
      [CALLS]: {
        body: {
          calls: [
            { ...CALL, id: 1, callId: 'before', callDateTimeString: '03/07/2026 11:00:00' },
            { ...CALL, id: 2, callId: 'after', callDateTimeString: '03/10/2026 12:00:00' },
          ],
          totalResults: 2,
        },
      },
    });
    fireEvent.change(screen.getByTestId(sel.reports.calls.start('call-records')), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId(sel.reports.calls.end('call-records')), { target: { value: '2026-03-10' } });
    expect(await screen.findByTestId(sel.reports.calls.offset('call-records'))).toHaveTextContent(
      'On these dates: UTC-08:00, then UTC-07:00 from 03/08/2026 03:00',
    );
    await app.user.click(screen.getByTestId(sel.reports.calls.apply('call-records')));
    await waitFor(() => expect(stub.callsTo(CALLS).length).toBeGreaterThan(1));
    expect(stub.callsTo(CALLS).at(-1)!.body).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-10',
      displayTimeZone: '-08:00',
      timeZone: 'America/Los_Angeles',
    });
    const list = screen.getByTestId(sel.reports.calls.list('call-records'));
    // The server reads the days and writes each time by the zone's rules (ADR 0101): shown as written.
    expect(await within(list).findByText('03/10/2026 12:00:00')).toBeInTheDocument();
    expect(within(list).getByText('03/07/2026 11:00:00')).toBeInTheDocument();
  });

  it('the provider chooses any one account (no "All accounts"); a new account clears the project', async () => {
    const VOXSCREEN = tenant(1, 'Voxscreen');
    const accounts: TenantWithProjects[] = [
      { tenantId: 1, tenantName: 'Voxscreen', projects: [] },
      ...ACCOUNT_LIST,
      { tenantId: 3, tenantName: 'Globex Logistics', projects: [{ projectId: 21, name: 'Fleet Review' }] },
    ];
    const stub = installFetchStub({
      ...serverFor({
        user: userInfo({ permissions: ALL, isSystemTenant: true, roleName: 'Voxscreen Admin' }),
        tenants: [VOXSCREEN],
      }),
      [ACCOUNTS]: { body: accounts },
      [INCOMPLETE]: { body: { calls: [INCOMPLETE_ROW], totalResults: 1 } },
    });
    const app = await renderWithProviders({
      route: '/main/reports/incompletecalls',
      preloadedState: signedInState(VOXSCREEN),
    });
    await screen.findByTestId(sel.reports.calls.list('incomplete-calls'));
    const account = screen.getByTestId(sel.reports.calls.account('incomplete-calls'));
    await waitFor(() => expect(account).toBeEnabled());
    expect(stub.callsTo(INCOMPLETE)[0]!.body).toMatchObject({ tenantId: 1 });
    await waitFor(() =>
      expect([...account.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        'Voxscreen',
        'Acme Insurance',
        'Globex Logistics',
      ]),
    );
    await app.user.selectOptions(account, '2');
    await app.user.selectOptions(screen.getByTestId(sel.reports.calls.project('incomplete-calls')), '11');
    await app.user.selectOptions(account, '3');
    await waitFor(() => expect(screen.getByTestId(sel.reports.calls.project('incomplete-calls'))).toHaveValue(''));
    await app.user.click(screen.getByTestId(sel.reports.calls.apply('incomplete-calls')));
    await waitFor(() => expect(stub.callsTo(INCOMPLETE).length).toBeGreaterThan(1));
    expect(stub.callsTo(INCOMPLETE).at(-1)!.body).toMatchObject({ tenantId: 3 });
    expect(stub.callsTo(INCOMPLETE).at(-1)!.body).not.toHaveProperty('projectId');
  });

  it('a customer user sees the operating account, fixed', async () => {
    server();
    await open('/main/reports/callRecords');
    await screen.findByTestId(sel.reports.calls.list('call-records'));
    expect(screen.getByTestId(sel.reports.calls.account('call-records'))).toBeDisabled();
  });

  it('call records: Export Selected sends the ticked calls and saves callrecords.xlsx', async () => {
    const stub = server(ALL, {
      [CALLS_EXPORT]: {
        body: new Blob(['xlsx'], { type: 'application/octet-stream' }),
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="callrecords.xlsx"',
        },
      },
    });
    URL.createObjectURL = jest.fn(() => 'blob:calls');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const app = await open('/main/reports/callRecords');
    expect(await screen.findByTestId(sel.reports.calls.exportSelected)).toBeDisabled();
    await app.user.click(await screen.findByTestId(sel.reports.calls.selectCall(7)));
    await app.user.click(screen.getByTestId(sel.reports.calls.exportSelected));
    await waitFor(() => expect(saved).toEqual(['callrecords.xlsx']));
    expect(stub.callsTo(CALLS_EXPORT)[0]!.body).toMatchObject({ callIdsToExport: [7] });
  });

  it('call records: the selection column is headed by a checkbox that ticks every call of the page', async () => {
    const stub = server(ALL, {
      [CALLS]: { body: { calls: [CALL, { ...CALL, id: 8, callId: 'c-8' }], totalResults: 2 } },
      [CALLS_EXPORT]: { body: new Blob(['xlsx']), headers: { 'content-disposition': 'attachment; filename="x.xlsx"' } },
    });
    URL.createObjectURL = jest.fn(() => 'blob:calls');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = await open('/main/reports/callRecords');
    await screen.findByTestId(sel.reports.calls.selectCall(8));
    // Queried once the rows are in: the header is re-rendered with them.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select every call on this page' })).toBeEnabled());
    await app.user.click(screen.getByRole('checkbox', { name: 'Select every call on this page' }));
    await waitFor(() => expect(screen.getByTestId(sel.reports.calls.selectCall(7))).toBeChecked());
    expect(screen.getByTestId(sel.reports.calls.selectCall(8))).toBeChecked();
    expect(screen.getByTestId(sel.reports.calls.selectPage)).toBeChecked();
    await app.user.click(screen.getByTestId(sel.reports.calls.exportSelected));
    await waitFor(() => expect(stub.callsTo(CALLS_EXPORT)).toHaveLength(1));
    expect(stub.callsTo(CALLS_EXPORT)[0]!.body).toMatchObject({ callIdsToExport: [7, 8] });
    await app.user.click(screen.getByTestId(sel.reports.calls.selectPage));
    expect(screen.getByTestId(sel.reports.calls.selectCall(7))).not.toBeChecked();
    expect(screen.getByTestId(sel.reports.calls.exportSelected)).toBeDisabled();
  });

  it('call records: none found says so; a failed call shows its message', async () => {
    const stub = server(ALL, { [CALLS]: { body: { calls: [], totalResults: 0 } } });
    const app = await open('/main/reports/callRecords');
    const list = await screen.findByTestId(sel.reports.calls.list('call-records'));
    expect(await within(list).findByText('There are no records to show.')).toBeInTheDocument();
    stub.answer({ [CALLS]: { status: 422, body: { message: 'End Date must be greater than Start Date' } } });
    await app.user.click(screen.getByTestId(sel.reports.calls.apply('call-records')));
    expect(await screen.findByTestId(sel.reports.calls.error('call-records'))).toHaveTextContent(
      'End Date must be greater than Start Date',
    );
  });

  it('incomplete calls: the spec columns, the project as a badge after Apply', async () => {
    const stub = server();
    const app = await open('/main/reports/incompletecalls');
    const list = await screen.findByTestId(sel.reports.calls.list('incomplete-calls'));
    expect(await within(list).findByText('HANGUP')).toBeInTheDocument();
    expect(within(list).getByText('0:45')).toBeInTheDocument();
    expect(stub.callsTo(INCOMPLETE)[0]!.body).toMatchObject({ sortBy: 'date', sortDirection: 'desc' });
    await app.user.selectOptions(screen.getByTestId(sel.reports.calls.project('incomplete-calls')), '11');
    await app.user.click(screen.getByTestId(sel.reports.calls.apply('incomplete-calls')));
    expect(
      await within(screen.getByTestId(sel.reports.calls.incompleteBadges)).findByText('Claims Integrity 2026'),
    ).toBeInTheDocument();
  });

  it('backend data log: NA without a run id; the payload opens formatted', async () => {
    server();
    const app = await open('/main/reports/backenddata');
    const list = await screen.findByTestId(sel.reports.calls.list('backend-data'));
    expect(await within(list).findByText('NA')).toBeInTheDocument();
    await app.user.click(screen.getByTestId(sel.reports.calls.payload(9)));
    const dialog = await screen.findByTestId(sel.reports.audit.payloadDialog);
    expect(within(dialog).getByTestId(sel.reports.audit.payloadJson).textContent).toContain('"requestId": "r-9"');
  });

  it('backend data log: a refused post shows its run id and why it was refused', async () => {
    const refused = { ...LOG, id: 10, runId: 'run-late', refusal: 'Unknown access code.' };
    server(ALL, { [LOGS]: { body: { resultAuditLogs: [refused], totalResults: 1 } } });
    await open('/main/reports/backenddata');
    const list = await screen.findByTestId(sel.reports.calls.list('backend-data'));
    expect(await within(list).findByText('run-late · Refused: Unknown access code.')).toBeInTheDocument();
  });

  it('backend data log: Repost asks first, posts the parsed payload and says so', async () => {
    const REPOST = 'POST /api/execution-service/v1/interview/result/repost';
    const stub = server([...ALL, PERMISSION.TENANT_RESULT_REPOST_CREATE], {
      [REPOST]: { body: { message: 'Result Reposted Sucessfully', replayed: true, id: 5 } },
    });
    const app = await open('/main/reports/backenddata');
    await app.user.click(await screen.findByTestId(sel.reports.calls.payload(9)));
    await app.user.click(await screen.findByTestId(sel.reports.calls.repost));
    expect(await screen.findByText('Do you really want to repost result?')).toBeInTheDocument();
    await app.user.click(screen.getByTestId(sel.reports.calls.repostConfirm));
    expect(await screen.findByTestId(sel.reports.calls.reposted)).toHaveTextContent('Result Reposted Sucessfully');
    expect(stub.callsTo(REPOST)[0]!.body).toEqual({ requestId: 'r-9', overallEvaluation: 'LR' });
  });

  it('backend data log: no Repost without its permission', async () => {
    server();
    const app = await open('/main/reports/backenddata');
    await app.user.click(await screen.findByTestId(sel.reports.calls.payload(9)));
    expect(await screen.findByTestId(sel.reports.audit.payloadDialog)).toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.calls.repost)).not.toBeInTheDocument();
  });
});
