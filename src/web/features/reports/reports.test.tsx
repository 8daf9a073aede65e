import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import type { AuditRecord } from '../../api/generated/authz-service';
import type { TenantWithProjects, UserReportRecord } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { serverFor, signedInState, tenant, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';
import { clock } from '../../lib/clock';

const VOXSCREEN = tenant(1, 'Voxscreen');
const AUDIT = 'POST /api/authz-service/audit-log';
const AUDIT_EXPORT = 'POST /api/authz-service/audit-log/export';
const ACTIVITIES = 'GET /api/authz-service/audit-log/activities';
const ACCOUNTS = 'GET /api/user-service/v1/tenant/projects';
const ATTRIBUTES = 'GET /api/user-service/v1/tenant/attributes';
const USERS = 'POST /api/user-service/v1/user/userData';
const USERS_EXPORT = 'POST /api/user-service/v1/user/export/userData';

const RECORD: AuditRecord = {
  id: 41,
  tenantName: 'Voxscreen',
  email: 'admin@voxscreen.test',
  activity: 'LOGIN_SUCCESS',
  ip: '127.0.0.1',
  event_time: Date.parse('2026-11-26T18:00:00Z'),
  eventTimeString: '11/26/2026 10:00:00',
  tokenIssueTime: Date.parse('2026-11-26T18:00:00Z'),
  tokenIssueTimeString: '11/26/2026 11:00:00',
  complete_msg: JSON.stringify({ audit_msg: { tenantName: 'Voxscreen', sessionId: 9 } }),
};
const USER: UserReportRecord = {
  userId: 5,
  tenantId: 2,
  username: 'Ada Admin',
  roleName: 'Customer Admin',
  title: 'Head of Risk',
  email: 'admin@acme.test',
  userStatus: 'Active',
  login_ts: null,
  lastLoginString: null,
  create_ts: Date.parse('2026-01-02T00:00:00Z'),
  accountType: null,
  accountStatus: 'Active',
  accountName: 'Acme Insurance',
};
const ACCOUNT_LIST: TenantWithProjects[] = [
  { tenantId: 1, tenantName: 'Voxscreen', projects: [] },
  { tenantId: 2, tenantName: 'Acme Insurance', projects: [] },
];
const ALL = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_AUDIT_LOG_READ,
  PERMISSION.TENANT_USERS_ACTIVITY_READ,
];

const server = (permissions: string[] = ALL, extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({
      user: userInfo({ permissions, isSystemTenant: true, roleName: 'Voxscreen Admin' }),
      tenants: [VOXSCREEN],
    }),
    [ACCOUNTS]: { body: ACCOUNT_LIST },
    [ACTIVITIES]: { body: { activities: ['LOGIN_FAILURE', 'LOGIN_SUCCESS'] } },
    [AUDIT]: { body: { data: [RECORD], totalResults: 1 } },
    [ATTRIBUTES]: {
      body: { tenantAttributes: { ACCOUNT_TYPE: [{ attributeId: 1, description: 'Enterprise', sequence: 1 }] } },
    },
    [USERS]: { body: { userRecords: [USER], totalRecords: 1 } },
    ...extra,
  });
const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(VOXSCREEN) });

describe('Reports', () => {
  // Today is 2026-11-26 in Pacific time, at standard time (-08:00).
  beforeEach(() => jest.spyOn(clock, 'now').mockReturnValue(Date.UTC(2026, 10, 26, 20)));

  it('opens the first tab the user may see; the tab strip lists only permitted tabs', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_USERS_ACTIVITY_READ]);
    await open('/main/reports');
    expect(await screen.findByTestId(sel.reports.users.root)).toBeInTheDocument();
    expect(screen.getByTestId(sel.reports.tab('users'))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.tab('auditlog'))).not.toBeInTheDocument();
  });

  it('a tab the user may not see, or an unknown one, goes to the first permitted tab', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_AUDIT_LOG_READ]);
    await open('/main/reports/users');
    expect(await screen.findByTestId(sel.reports.audit.root)).toBeInTheDocument();
  });

  it('shows "No Page Found" without any report permission', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ]);
    await open('/main/reports');
    expect(await screen.findByText('No Page Found')).toBeInTheDocument();
  });

  it('audit log: today at Pacific for the own account, then the applied filter; the payload with Copy', async () => {
    const stub = server();
    const app = await open('/main/reports/auditlog');
    const list = await screen.findByTestId(sel.reports.audit.list);
    expect(await within(list).findByText('admin@voxscreen.test')).toBeInTheDocument();
    expect(within(list).getByText('11/26/2026 11:00:00 -07:00')).toBeInTheDocument();
    const first = stub.callsTo(AUDIT)[0]!.body as Record<string, unknown>;
    expect(first).toMatchObject({
      tenantId: 1,
      displayTimeZone: '-08:00',
      timeZone: 'America/Los_Angeles',
      lastEvaluatedKey: 'None',
      page: 0,
      limit: 10,
    });
    expect((first.end_event_time as number) - (first.start_event_time as number)).toBe(86_400);
    expect(first).toMatchObject({ sortBy: 'event_time', sortDirection: 'desc' });

    await app.user.selectOptions(screen.getByTestId(sel.reports.audit.account), '2');
    await app.user.type(screen.getByTestId(sel.reports.audit.email), 'acme');
    await app.user.selectOptions(screen.getByTestId(sel.reports.audit.activity), 'LOGIN_FAILURE');
    fireEvent.change(screen.getByTestId(sel.reports.audit.start), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId(sel.reports.audit.end), { target: { value: '2026-11-02' } });
    await app.user.click(screen.getByTestId(sel.reports.audit.apply));
    await waitFor(() => expect(stub.callsTo(AUDIT).length).toBeGreaterThan(1));
    expect(stub.callsTo(AUDIT).at(-1)!.body).toMatchObject({
      tenantId: 2,
      email: 'acme',
      activity: 'LOGIN_FAILURE',
      // Pacific days by the zone's rules: 2026-11-01 starts at daylight time and has 25 hours.
      start_event_time: Date.parse('2026-11-01T07:00:00Z') / 1000,
      end_event_time: Date.parse('2026-11-03T08:00:00Z') / 1000,
      displayTimeZone: '-07:00',
      timeZone: 'America/Los_Angeles',
    });

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await app.user.click(await screen.findByTestId(sel.reports.audit.payload(41)));
    const dialog = await screen.findByTestId(sel.reports.audit.payloadDialog);
    expect(within(dialog).getByTestId(sel.reports.audit.payloadJson).textContent).toContain('"sessionId": 9');
    await app.user.click(within(dialog).getByTestId(sel.reports.audit.payloadCopy));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(within(dialog).getByTestId(sel.reports.audit.payloadCopied)).toHaveTextContent('Text Copied to Clipboard');
  });

  it("audit log: a start after the end says 'End Date must be greater than Start Date' and disables Apply", async () => {
    server();
    await open('/main/reports/auditlog');
    await screen.findByTestId(sel.reports.audit.list);
    fireEvent.change(screen.getByTestId(sel.reports.audit.start), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByTestId(sel.reports.audit.end), { target: { value: '2026-11-04' } });
    expect(await screen.findByTestId(sel.reports.audit.rangeError)).toHaveTextContent(
      'End Date must be greater than Start Date',
    );
    expect(screen.getByTestId(sel.reports.audit.apply)).toBeDisabled();
  });

  it('audit log: no records is a success alert; a failed call shows its message and an empty table', async () => {
    const stub = server(ALL, { [AUDIT]: { body: { data: [], totalResults: 0 } } });
    const app = await open('/main/reports/auditlog');
    expect(await screen.findByTestId(sel.reports.audit.empty)).toHaveTextContent('There are no records to show.');
    stub.answer({ [AUDIT]: { status: 403, body: { message: 'You do not have access to this tenant.' } } });
    await app.user.click(screen.getByTestId(sel.reports.audit.apply));
    expect(await screen.findByTestId(sel.reports.audit.error)).toHaveTextContent(
      'You do not have access to this tenant.',
    );
  });

  it('audit log: Export saves the xlsx under the exact server name (filename*); a failure shows its message', async () => {
    const stub = server(ALL, {
      [AUDIT_EXPORT]: {
        body: new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition':
            'attachment; filename="Voxscreen_11-26-2026_auditlog.xlsx"; filename*=UTF-8\'\'Voxscreen_11%2F26%2F2026_auditlog.xlsx',
        },
      },
    });
    URL.createObjectURL = jest.fn(() => 'blob:audit');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const app = await open('/main/reports/auditlog');
    await screen.findByTestId(sel.reports.audit.list);
    await app.user.click(screen.getByTestId(sel.reports.audit.export));
    // docs/product/reports.md#exports's name; the browser makes the slashes safe when it writes the file.
    await waitFor(() => expect(saved).toEqual(['Voxscreen_11/26/2026_auditlog.xlsx']));
    expect(stub.callsTo(AUDIT_EXPORT)[0]!.body).toMatchObject({ tenantId: 1, sortBy: 'event_time' });
    stub.answer({ [AUDIT_EXPORT]: { status: 422, body: { message: 'Validation failed.' } } });
    await app.user.click(screen.getByTestId(sel.reports.audit.export));
    expect(await screen.findByTestId(sel.reports.audit.exportError)).toHaveTextContent('Validation failed.');
  });

  it('users report: 2020-01-01 to today, every account; status filter and Export Records', async () => {
    const stub = server(ALL, {
      [USERS_EXPORT]: {
        body: new Blob(['User Name\r\n'], { type: 'text/csv' }),
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="usersreport.csv"' },
      },
    });
    URL.createObjectURL = jest.fn(() => 'blob:users');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const app = await open('/main/reports/users');
    const list = await screen.findByTestId(sel.reports.users.list);
    expect(await within(list).findByText('admin@acme.test')).toBeInTheDocument();
    expect(within(list).getByText('Head of Risk')).toBeInTheDocument();
    const first = stub.callsTo(USERS)[0]!.body as Record<string, unknown>;
    expect(first).toMatchObject({
      from_date: '2020-01-01',
      displayTimeZone: '-08:00',
      timeZone: 'America/Los_Angeles',
      page: 0,
      page_size: 10,
    });
    expect(first).not.toHaveProperty('tenant_id');

    await app.user.click(screen.getByTestId(sel.reports.users.status('Inactive')));
    await app.user.click(screen.getByTestId(sel.reports.users.apply));
    await waitFor(() => expect(stub.callsTo(USERS).at(-1)!.body).toMatchObject({ user_status: ['Inactive'] }));
    await app.user.click(screen.getByTestId(sel.reports.users.export));
    await waitFor(() => expect(stub.callsTo(USERS_EXPORT)).toHaveLength(1));
    expect(stub.callsTo(USERS_EXPORT)[0]!.body).toMatchObject({ user_status: ['Inactive'], sortBy: 'accountName' });
  });
});
