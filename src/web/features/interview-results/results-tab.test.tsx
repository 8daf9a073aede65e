import { screen, waitFor, within } from '@testing-library/react';
import type {
  InterviewResultRow,
  ListProjectResultsApiResponse,
  ResultDisplay,
  ResultFilter,
} from '../../api/generated/execution-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { sel } from '../../../../test/e2e/selectors';
import { PERMISSION } from '../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/execution-service/v1/interview/results',
  status: 'PUT /api/execution-service/v1/interview/result/status',
  pdf: (id: number) => `GET /api/execution-service/v1/interview/result/${id}/pdf`,
};

const READER = [PERMISSION.TENANT_PROJECT_RESULTS_READ];
const HOLDER = [
  ...READER,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE,
];

const project = (overrides: Partial<ProjectDetail> = {}): ProjectDetail =>
  projectDetail({
    questionnaireType: 'PRECISION_QUESTIONNAIRE',
    questionaire_type: 'PRECISION_QUESTIONNAIRE',
    projectLanguagesData: [
      { value: 1, label: 'English' },
      { value: 2, label: 'Spanish' },
    ],
    projectMultiLanguageConfig: [],
    ...overrides,
  });

const shown = (code: ResultDisplay['code'], text: string, iconId = 1): ResultDisplay => ({
  code,
  badge: code,
  text,
  iconId,
});

const row = (id: number, irn: string, released: boolean, overrides: Partial<InterviewResultRow> = {}) =>
  ({
    interviewResultId: id,
    projectId: 21,
    interviewReferenceNumber: irn,
    participantName: `Person ${id}`,
    participantLanguage: 'English',
    completedAt: '2026-11-20T18:30:00.000Z',
    accessCode: '1234567890',
    overallEvaluation: shown('HR', 'High Risk'),
    interviewQuestionsResult: [
      { sequence: 1, result: shown('LR', 'Low Risk', 5) },
      { sequence: 2, result: shown('HR', 'High Risk') },
    ],
    released,
    reviewed: false,
    created_by: null,
    audioQualityControlError: null,
    followedUp: false,
    outcomeTrackingActionId: null,
    resultEmailStatus: null,
    interviewRecordingExist: false,
    ...overrides,
  }) satisfies InterviewResultRow;

const page = (results: InterviewResultRow[], questions = 2): ListProjectResultsApiResponse => ({
  results,
  totalResults: results.length,
  questions: Array.from({ length: questions }, (_, i) => ({ sequence: i + 1, questionText: `Question ${i + 1}` })),
  questionnaireType: 'PRECISION_QUESTIONNAIRE',
  resultEmailEnabled: false,
  recordingsEnabled: false,
});

function server(options: { permissions?: string[]; list?: StubHandler; isSystemTenant?: boolean } = {}) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options.permissions ?? HOLDER)],
        ...(options.isSystemTenant !== undefined && { isSystemTenant: options.isSystemTenant }),
      }),
    }),
    [API.project]: { body: project() },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]:
      options.list ??
      (({ body }) => {
        const filter = body as ResultFilter;
        return {
          body: page(
            filter.released === false
              ? [row(3, 'IRN3', false), row(4, 'IRN4', false)]
              : [row(1, 'IRN1', true), row(2, 'IRN2', true)],
          ),
        };
      }),
    [API.status]: { body: { message: 'Results successfully updated!', updated: 1 } },
    [API.pdf(1)]: {
      body: new Blob(['%PDF-1.7 result'], { type: 'application/pdf' }),
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="result_IRN1.pdf"; filename*=UTF-8''result_IRN1.pdf`,
      },
    },
  });
}

const open = () => renderWithProviders({ route: '/main/project/21/results', preloadedState: signedInState() });
const lastFilter = (stub: ReturnType<typeof server>) => stub.callsTo(API.list).at(-1)!.body as ResultFilter;

afterEach(() => jest.restoreAllMocks());

describe('results tab', () => {
  it('lists released results with their columns, 100 a page from 2020-01-01 in Pacific time', async () => {
    const stub = server();
    await open();
    expect(await screen.findByTestId(sel.results.irn(1))).toHaveTextContent('IRN1');
    expect(screen.getByTestId(sel.project.tab('results'))).toBeInTheDocument();
    expect(screen.getByTestId(sel.results.overall(1))).toHaveAttribute('data-code', 'HR');
    expect(screen.getByTestId(sel.results.question(1, 2))).toHaveAttribute('data-code', 'HR');
    expect(screen.getByText('Person 1')).toBeInTheDocument();
    expect(screen.getAllByText('123 456 7890').length).toBeGreaterThan(0);
    expect(screen.getByTestId(sel.results.lock(1))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.results.select(1))).not.toBeInTheDocument();
    expect(lastFilter(stub)).toMatchObject({
      projectId: 21,
      page: 0,
      pageSize: 100,
      released: true,
      startDate: '2020-01-01',
      displayTimeZone: '-08:00',
      timeZone: 'America/Los_Angeles',
      sortBy: 'date',
      sortDirection: 'desc',
    });
  });

  it('question columns are 250 px, or 60 px each when there are more than 4', async () => {
    server({ list: { body: page([row(1, 'IRN1', true)], 5) } });
    await open();
    await screen.findByTestId(sel.results.irn(1));
    const header = (colId: string) => document.querySelector(`.ag-header-cell[col-id="${colId}"]`) as HTMLElement;
    expect(header('q1').style.width).toBe('60px');
    expect(header('q5').style.width).toBe('60px');
  });

  it('without the hold permissions there is no On Hold switch, selection or release', async () => {
    server({ permissions: READER });
    await open();
    await screen.findByTestId(sel.results.irn(1));
    expect(screen.queryByTestId(sel.results.onHold)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.results.release)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.results.selectAll)).not.toBeInTheDocument();
  });

  it('the system tenant does not see the participant name', async () => {
    server({ isSystemTenant: true });
    await open();
    await screen.findByTestId(sel.results.irn(1));
    expect(screen.queryByText('Person 1')).not.toBeInTheDocument();
  });

  it('filters are sent with Apply and reset with Reset filters; search applies at once', async () => {
    const stub = server();
    const { user } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await user.selectOptions(screen.getByTestId(sel.results.filterQuestion), '2');
    await user.clear(screen.getByTestId(sel.results.filterFrom));
    await user.type(screen.getByTestId(sel.results.filterFrom), '2026-01-01');
    await user.click(screen.getByTestId(sel.results.apply));
    await waitFor(() => expect(lastFilter(stub).startDate).toBe('2026-01-01'));
    await user.type(screen.getByTestId(sel.results.search), 'IRN2{Enter}');
    await waitFor(() => expect(lastFilter(stub).search).toBe('IRN2'));
    await user.click(screen.getByTestId(sel.results.reset));
    await waitFor(() => expect(lastFilter(stub).startDate).toBe('2020-01-01'));
  });

  it('On Hold lists held results; selected ones are released after the confirmation', async () => {
    const stub = server();
    const { user } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await user.click(within(screen.getByTestId(sel.results.onHold)).getByRole('checkbox'));
    await screen.findByTestId(sel.results.select(3));
    expect(lastFilter(stub).released).toBe(false);
    expect(screen.getByTestId(sel.results.release)).toBeDisabled();
    await user.click(screen.getByTestId(sel.results.select(3)));
    await user.click(screen.getByTestId(sel.results.release));
    await user.click(await screen.findByTestId(sel.results.releaseConfirm));
    expect(await screen.findByTestId(sel.results.success)).toHaveTextContent('Results successfully updated!');
    expect(stub.callsTo(API.status)[0]!.body).toEqual([
      { interviewResultId: 3, projectId: 21, released: true, deleted: false },
    ]);
  });

  it('select all and Delete send every held row of the page; a refusal shows the server message', async () => {
    const stub = server();
    stub.answer({ [API.status]: { status: 409, body: { message: 'Released results cannot be changed.' } } });
    const { user } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await user.click(within(screen.getByTestId(sel.results.onHold)).getByRole('checkbox'));
    await screen.findByTestId(sel.results.select(3));
    await user.click(screen.getByTestId(sel.results.selectAll));
    await user.click(screen.getByTestId(sel.results.delete));
    await user.click(await screen.findByTestId(sel.results.deleteConfirm));
    expect(await screen.findByTestId(sel.results.error)).toHaveTextContent('Released results cannot be changed.');
    expect(stub.callsTo(API.status)[0]!.body).toEqual([
      { interviewResultId: 3, projectId: 21, released: false, deleted: true },
      { interviewResultId: 4, projectId: 21, released: false, deleted: true },
    ]);
  });

  it('downloads the PDF of a row as result_{irn}.pdf', async () => {
    server();
    URL.createObjectURL = jest.fn(() => 'blob:result');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.results.pdf(1)));
    await waitFor(() => expect(saved).toEqual(['result_IRN1.pdf']));
  });

  it('sorting a column asks the server', async () => {
    const stub = server();
    const { user } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await user.click(screen.getByText('Overall'));
    await waitFor(() => expect(lastFilter(stub).sortBy).toBe('overallScore'));
  });

  it('shows the empty text', async () => {
    const stub = server({ list: { body: page([]) } });
    await open();
    expect(await screen.findByText('There are no results to show.')).toBeInTheDocument();
    stub.answer({
      [API.list]: { status: 403, body: { message: 'You do not have permission to perform this action.' } },
    });
  });

  it('without tenant.project.results.read the tab is not offered and leads back to the project list', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_TEAM_READ] });
    await open();
    await waitFor(() => expect(screen.queryByTestId(sel.results.tab)).not.toBeInTheDocument());
    expect(screen.queryByTestId(sel.project.tab('results'))).not.toBeInTheDocument();
  });
});

describe('results tab failures', () => {
  it('a failed list shows the server message', async () => {
    server({ list: { status: 409, body: { message: 'Database busy' } } });
    await open();
    expect(await screen.findByTestId(sel.results.error)).toHaveTextContent('Database busy');
  });
});
