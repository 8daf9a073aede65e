import { screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../../test/e2e/selectors';
import type { ResultsReportRow } from '../../../api/generated/execution-service';
import type { TenantWithProjects } from '../../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../../testing/fetch-stub';
import { serverFor, signedInState, tenant, userInfo } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PERMISSION } from '../../../../shared/permissions';
import { todayOf } from '../../../components/results/outcome-draft';
import { clock } from '../../../lib/clock';

const ACME = tenant(2, 'Acme Insurance');
const VOXSCREEN = tenant(1, 'Voxscreen');
const REPORT = 'POST /api/execution-service/v1/interview/results/report';
const REPORT_EXPORT = 'POST /api/execution-service/v1/interview/results/report/export';
const ACCOUNTS = 'GET /api/user-service/v1/tenant/projects';
const STATUS = 'PUT /api/execution-service/v1/interview/result/status';
const PDF = (id: number) => `GET /api/execution-service/v1/interview/result/${id}/pdf`;
const FOLLOW_UP_ADD = 'POST /api/execution-service/v1/interview/result/followup';
const FOLLOW_UPS = (id: number) => `GET /api/execution-service/v1/interview/result/followup/${id}`;
const FOLLOW_UP_OPTIONS = 'GET /api/execution-service/v1/interview/result/followup/options';

const ROW: ResultsReportRow = {
  interviewResultId: 41,
  interviewReferenceNumber: 'IRN41',
  participantName: 'Pat Doe',
  tenantId: 2,
  clientName: 'Acme Insurance',
  projectId: 11,
  projectName: 'Claims Integrity 2026',
  dateString: '11/20/2026 10:00:00',
  accessCode: '123456789',
  overallEvaluation: 'HR',
  interviewQuestionsResult: [{ sequence: 2, result: 'LR' }],
  released: true,
  reviewed: false,
};
const ACCOUNT_LIST: TenantWithProjects[] = [
  { tenantId: 2, tenantName: 'Acme Insurance', projects: [{ projectId: 11, name: 'Claims Integrity 2026' }] },
  { tenantId: 3, tenantName: 'Globex Logistics', projects: [{ projectId: 21, name: 'Fleet Review' }] },
];
const ALL = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_PROJECT_REPORT_CALL_READ,
  PERMISSION.TENANT_PROJECT_RESULTS_READ,
  PERMISSION.TENANT_PROJECT_RESULT_DOWNLOAD,
];

const server = (
  permissions: string[] = ALL,
  extra: Record<string, StubHandler> = {},
  system = false,
): ReturnType<typeof installFetchStub> =>
  installFetchStub({
    ...serverFor({
      user: userInfo({ permissions, isSystemTenant: system, ...(system && { roleName: 'Voxscreen Admin' }) }),
      tenants: [system ? VOXSCREEN : ACME],
    }),
    [ACCOUNTS]: { body: system ? ACCOUNT_LIST : ACCOUNT_LIST.slice(0, 1) },
    [REPORT]: { body: { results: [ROW], totalResults: 1 } },
    ...extra,
  });
const open = (route = '/main/reports/results', system = false) =>
  renderWithProviders({ route, preloadedState: signedInState(system ? VOXSCREEN : ACME) });

describe('the Results tab of Reports', () => {
  // A winter day (before the test session's sign-in): the default 30 days start at Pacific standard time (-08:00).
  beforeEach(() => jest.spyOn(clock, 'now').mockReturnValue(Date.UTC(2026, 0, 15, 20)));

  it('loads the account results at Pacific time with the default risk levels, then the applied filter', async () => {
    const stub = server();
    const app = await open();
    const list = await screen.findByTestId(sel.reports.results.list);
    expect(await within(list).findByText('IRN41')).toBeInTheDocument();
    expect(within(list).getByText('Pat Doe')).toBeInTheDocument();
    expect(within(list).getByText('HR')).toBeInTheDocument();
    // The IRN opens the result detail page in its project.
    expect(screen.getByTestId(sel.reports.results.irn(41))).toHaveAttribute(
      'href',
      '/main/project/11/results/resultdetail:IRN41',
    );
    expect(stub.callsTo(REPORT)[0]!.body).toMatchObject({
      tenantId: 2,
      displayTimeZone: '-08:00',
      timeZone: 'America/Los_Angeles',
      riskLevels: ['HR', 'LR', 'AR', 'PR', 'NC', 'RJ'],
      CM: false,
      AD: false,
      page: 0,
      pageSize: 25,
      sortBy: 'date',
      sortDirection: 'desc',
    });
    expect(screen.getByTestId(sel.reports.results.account)).toBeDisabled();

    await app.user.selectOptions(screen.getByTestId(sel.reports.results.project), '11');
    await app.user.click(screen.getByTestId(sel.reports.results.risk('CM')));
    await app.user.click(screen.getByTestId(sel.reports.results.risk('HR')));
    await app.user.type(screen.getByTestId(sel.reports.results.search), 'IRN41');
    await app.user.click(screen.getByTestId(sel.reports.results.apply));
    await waitFor(() => expect(stub.callsTo(REPORT).length).toBeGreaterThan(1));
    expect(stub.callsTo(REPORT).at(-1)!.body).toMatchObject({
      projectId: 11,
      search: 'IRN41',
      riskLevels: ['LR', 'AR', 'PR', 'NC', 'RJ'],
      CM: true,
    });
  });

  it('the provider chooses among every account; a new account clears the project', async () => {
    const stub = server(ALL, {}, true);
    const app = await open('/main/reports/results', true);
    expect(await within(await screen.findByTestId(sel.reports.results.list)).findByText('IRN41')).toBeInTheDocument();
    expect(stub.callsTo(REPORT)[0]!.body).not.toHaveProperty('tenantId');
    // The provider does not see participant names (docs/product/results-report.md#console).
    expect(screen.queryByText('Pat Doe')).not.toBeInTheDocument();
    await app.user.selectOptions(screen.getByTestId(sel.reports.results.project), '11');
    await app.user.selectOptions(screen.getByTestId(sel.reports.results.account), '3');
    await waitFor(() => expect(screen.getByTestId(sel.reports.results.project)).toHaveValue(''));
    await app.user.click(screen.getByTestId(sel.reports.results.apply));
    await waitFor(() => expect(stub.callsTo(REPORT).at(-1)!.body).toMatchObject({ tenantId: 3 }));
    expect(stub.callsTo(REPORT).at(-1)!.body).not.toHaveProperty('projectId');
  });

  it('Export Selected sends the ticked results and saves results.xlsx', async () => {
    const stub = server(ALL, {
      [REPORT_EXPORT]: {
        body: new Blob(['xlsx'], { type: 'application/octet-stream' }),
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="results.xlsx"',
        },
      },
    });
    URL.createObjectURL = jest.fn(() => 'blob:results');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const app = await open();
    expect(await screen.findByTestId(sel.reports.results.exportSelected)).toBeDisabled();
    await app.user.click(await screen.findByTestId(sel.reports.results.select(41)));
    await app.user.click(screen.getByTestId(sel.reports.results.exportSelected));
    await waitFor(() => expect(saved).toEqual(['results.xlsx']));
    expect(stub.callsTo(REPORT_EXPORT)[0]!.body).toMatchObject({ interviewResultIds: [41], tenantId: 2 });
  });

  it('none found says so; a failed call shows its message; a start after the end disables Apply', async () => {
    const stub = server(ALL, { [REPORT]: { body: { results: [], totalResults: 0 } } });
    const app = await open();
    const list = await screen.findByTestId(sel.reports.results.list);
    expect(await within(list).findByText('There are no results to show.')).toBeInTheDocument();
    stub.answer({ [REPORT]: { status: 403, body: { message: 'You do not have access to this tenant.' } } });
    await app.user.click(screen.getByTestId(sel.reports.results.apply));
    expect(await screen.findByTestId(sel.reports.results.error)).toHaveTextContent(
      'You do not have access to this tenant.',
    );
    const end = screen.getByTestId(sel.reports.results.end);
    await app.user.clear(end);
    await app.user.type(end, '2020-01-01');
    expect(await screen.findByTestId(sel.reports.results.rangeError)).toHaveTextContent(
      'End Date must be greater than Start Date',
    );
    expect(screen.getByTestId(sel.reports.results.apply)).toBeDisabled();
  });

  it('the panel needs the call report permission, the table the results permission', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_PROJECT_RESULTS_READ]);
    await open();
    expect(await screen.findByTestId(sel.reports.results.list)).toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.results.filters)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.results.exportAll)).not.toBeInTheDocument();
  });
});

describe('the actions of the Results tab of Reports (docs/product/results-report.md#actions)', () => {
  const HOLDER = [
    ...ALL,
    PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ,
    PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE,
  ];
  const OUTCOMES = [PERMISSION.RESULT_FOLLOW_UP_NOTE_READ, PERMISSION.RESULT_FOLLOW_UP_NOTE_ADD];
  const GLOBEX_ROW: ResultsReportRow = {
    ...ROW,
    interviewResultId: 52,
    interviewReferenceNumber: 'IRN52',
    tenantId: 3,
    clientName: 'Globex Logistics',
    projectId: 21,
    projectName: 'Fleet Review',
  };
  const held = (row: ResultsReportRow) => ({ ...row, released: false });

  it('the provider releases held results of two accounts: one call per account and project, naming the account', async () => {
    const stub = server(
      HOLDER,
      {
        [STATUS]: { body: { message: 'Results successfully updated!', updated: 1 } },
      },
      true,
    );
    const app = await open('/main/reports/results', true);
    await within(await screen.findByTestId(sel.reports.results.list)).findByText('IRN41');
    // Release and Delete act on held results: they show once the held ones are listed.
    expect(screen.queryByTestId(sel.reports.results.release)).not.toBeInTheDocument();
    stub.answer({ [REPORT]: { body: { results: [held(ROW), held(GLOBEX_ROW)], totalResults: 2 } } });
    await app.user.click(screen.getByTestId(sel.reports.results.onHold));
    await app.user.click(screen.getByTestId(sel.reports.results.apply));
    await waitFor(() => expect(stub.callsTo(REPORT).at(-1)!.body).toMatchObject({ released: false }));
    expect(await screen.findByTestId(sel.reports.results.release)).toBeDisabled();
    await app.user.click(await screen.findByTestId(sel.reports.results.selectPage));
    expect(screen.getByTestId(sel.reports.results.selection)).toHaveTextContent('2 selected');
    await app.user.click(screen.getByTestId(sel.reports.results.release));
    await app.user.click(await screen.findByTestId(sel.results.releaseConfirm));
    expect(await screen.findByTestId(sel.reports.results.success)).toHaveTextContent('Results successfully updated!');
    const calls = stub.callsTo(STATUS);
    expect(calls.map((c) => [c.query.get('tenantId'), c.body])).toEqual([
      ['2', [{ interviewResultId: 41, projectId: 11, released: true, deleted: false }]],
      ['3', [{ interviewResultId: 52, projectId: 21, released: true, deleted: false }]],
    ]);
    expect(screen.queryByTestId(sel.reports.results.selection)).not.toBeInTheDocument();
  });

  it('a refused delete shows the server message and keeps the ticks', async () => {
    const stub = server(HOLDER, {
      [REPORT]: { body: { results: [held(ROW)], totalResults: 1 } },
      [STATUS]: { status: 409, body: { message: 'Released results cannot be changed.' } },
    });
    const app = await open();
    await within(await screen.findByTestId(sel.reports.results.list)).findByText('IRN41');
    await app.user.click(screen.getByTestId(sel.reports.results.onHold));
    await app.user.click(screen.getByTestId(sel.reports.results.apply));
    await waitFor(() => expect(stub.callsTo(REPORT).at(-1)!.body).toMatchObject({ released: false }));
    await app.user.click(await screen.findByTestId(sel.reports.results.select(41)));
    await app.user.click(await screen.findByTestId(sel.reports.results.delete));
    await app.user.click(await screen.findByTestId(sel.results.deleteConfirm));
    expect(await screen.findByTestId(sel.reports.results.actionError)).toHaveTextContent(
      'Released results cannot be changed.',
    );
    expect(stub.callsTo(STATUS)[0]!.body).toEqual([
      { interviewResultId: 41, projectId: 11, released: false, deleted: true },
    ]);
    expect(screen.getByTestId(sel.reports.results.selection)).toHaveTextContent('1 selected');
  });

  it('the row’s PDF and outcome tracking name the result’s account', async () => {
    const stub = server(
      [...ALL, ...OUTCOMES],
      {
        [REPORT]: { body: { results: [GLOBEX_ROW], totalResults: 1 } },
        [PDF(52)]: { status: 404, body: { message: 'Result not found.' } },
        [FOLLOW_UP_OPTIONS]: {
          body: {
            OUTCOME_TRACKING_ACTION: [{ attributeId: 1, languageId: 1, description: 'Claim Denied', sequence: 1 }],
            RESULT_FOLLOW_UP_STATUS: [],
            CURRENCY: [],
          },
        },
        [FOLLOW_UPS(52)]: { body: [] },
        [FOLLOW_UP_ADD]: { body: [] },
      },
      true,
    );
    const app = await open('/main/reports/results', true);
    await app.user.click(await screen.findByTestId(sel.reports.results.pdf(52)));
    expect(await screen.findByTestId(sel.reports.results.actionError)).toHaveTextContent('Result not found.');
    expect(stub.callsTo(PDF(52))[0]!.query.get('tenantId')).toBe('3');
    expect(stub.callsTo(PDF(52))[0]!.query.get('displayTimeZone')).toBe('-08:00');
    expect(stub.callsTo(PDF(52))[0]!.query.get('timeZone')).toBe('America/Los_Angeles');
    expect(screen.getByTestId(sel.reports.results.detail(52))).toHaveAttribute(
      'href',
      '/main/project/21/results/resultdetail:IRN52',
    );

    await app.user.click(screen.getByTestId(sel.reports.results.outcome(52)));
    await app.user.selectOptions(await screen.findByTestId(sel.resultActions.outcomeAction), '1');
    await app.user.type(screen.getByTestId(sel.resultActions.outcomeDate), todayOf(clock.now()));
    await app.user.type(screen.getByTestId(sel.resultActions.outcomeNote), 'Checked from the report');
    await app.user.click(screen.getByTestId(sel.resultActions.outcomeSave));
    expect(await screen.findByTestId(sel.resultActions.outcomeSuccess)).toBeInTheDocument();
    expect(stub.callsTo(FOLLOW_UP_ADD)[0]!.query.get('tenantId')).toBe('3');
    expect(stub.callsTo(FOLLOW_UP_ADD)[0]!.body).toMatchObject({ resultId: 52, note: 'Checked from the report' });
    expect(stub.callsTo(FOLLOW_UP_OPTIONS)[0]!.query.get('tenantId')).toBe('3');
    expect(stub.callsTo(FOLLOW_UPS(52))[0]!.query.get('tenantId')).toBe('3');
  });

  it('each action shows only with its permission', async () => {
    const stub = server([...ALL, PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ], {
      [REPORT]: { body: { results: [held(ROW)], totalResults: 1 } },
    });
    const app = await open();
    await within(await screen.findByTestId(sel.reports.results.list)).findByText('IRN41');
    // Reading held results without the hold update permission: no Release or Delete; no outcome tracking without
    // result.follow.up.note.read; the PDF is part of reading results.
    await app.user.click(screen.getByTestId(sel.reports.results.onHold));
    await app.user.click(screen.getByTestId(sel.reports.results.apply));
    await waitFor(() => expect(stub.callsTo(REPORT).at(-1)!.body).toMatchObject({ released: false }));
    expect(await screen.findByTestId(sel.reports.results.pdf(41))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.results.outcome(41))).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.results.release)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.results.delete)).not.toBeInTheDocument();
  });

  it('without the hold read permission there is no On Hold choice', async () => {
    server();
    await open();
    await within(await screen.findByTestId(sel.reports.results.list)).findByText('IRN41');
    expect(screen.queryByTestId(sel.reports.results.onHold)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.reports.results.release)).not.toBeInTheDocument();
  });
});
