import { screen, waitFor } from '@testing-library/react';
import type { InterviewResultRow, ListProjectResultsApiResponse } from '../../api/generated/execution-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import { everyTagApi, invalidateAllTags } from '../../api/all-tag-types';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { sel } from '../../../../test/e2e/selectors';
import { PERMISSION } from '../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/execution-service/v1/interview/results',
  export: 'POST /api/execution-service/v1/interview/result/exportResults',
  pdfs: 'POST /api/execution-service/v1/interview/result/pdfs',
  zipStart: 'POST /api/execution-service/v1/interview/result/pdfs/jobs',
  zip: 'GET /api/execution-service/v1/interview/result/pdfs/jobs/9',
  zipFile: 'GET /api/execution-service/v1/interview/result/pdfs/jobs/9/file',
};

const HOLDER = [
  PERMISSION.TENANT_PROJECT_RESULTS_READ,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE,
];

const row = (id: number, released: boolean): InterviewResultRow => ({
  interviewResultId: id,
  projectId: 21,
  interviewReferenceNumber: `IRN${id}`,
  participantName: `Person ${id}`,
  participantLanguage: 'English',
  completedAt: '2026-11-20T18:30:00.000Z',
  accessCode: '1234567890',
  overallEvaluation: { code: 'HR', badge: 'HR', text: 'High Risk', iconId: 1 },
  interviewQuestionsResult: [],
  released,
  reviewed: false,
  created_by: null,
  audioQualityControlError: null,
  followedUp: false,
  outcomeTrackingActionId: null,
  resultEmailStatus: null,
  interviewRecordingExist: false,
});

const page = (results: InterviewResultRow[]): ListProjectResultsApiResponse => ({
  results,
  totalResults: results.length,
  questions: [],
  questionnaireType: 'HYBRID_QUESTIONNAIRE',
  resultEmailEnabled: false,
  recordingsEnabled: false,
});

const file = (name: string, type: string): StubHandler => ({
  body: new Blob(['bytes'], { type: 'application/octet-stream' }),
  headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
});

function server(rows: InterviewResultRow[], more: Record<string, StubHandler> = {}) {
  return installFetchStub({
    ...serverFor({ user: userInfo({ permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...HOLDER] }) }),
    [API.project]: {
      body: projectDetail({
        questionnaireType: 'PRECISION_QUESTIONNAIRE',
        questionaire_type: 'PRECISION_QUESTIONNAIRE',
        projectLanguagesData: [{ value: 1, label: 'English' }],
        projectMultiLanguageConfig: [],
      } as Partial<ProjectDetail>),
    },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: { body: page(rows) },
    [API.export]: file('results.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    [API.pdfs]: file('Claims_11_20_2026.zip', 'application/zip'),
    ...more,
  });
}

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const open = () => renderWithProviders({ route: '/main/project/21/results', preloadedState: signedInState() });

describe('Download Results and Download PDFs', () => {
  it('without a selection export every result of the filters, with the same filter as the list', async () => {
    const stub = server([row(1, true), row(2, true)]);
    const { user } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await chooseMenuItem(user, sel.resultActions.menu, sel.resultActions.downloadResults);
    await waitFor(() => expect(saved).toEqual(['results.xlsx']));
    const listed = stub.callsTo(API.list).at(-1)!.body;
    expect(stub.callsTo(API.export)[0]!.body).toEqual({ filter: listed, allRecords: true, format: 'xlsx' });

    await chooseMenuItem(user, sel.resultActions.menu, sel.resultActions.downloadCsv);
    await waitFor(() => expect(stub.callsTo(API.export)).toHaveLength(2));
    expect(stub.callsTo(API.export)[1]!.body).toMatchObject({ allRecords: true, format: 'csv' });
  });

  it('a saved file is never fetched and saved again when the data changes (a live update, a write)', async () => {
    const stub = server([row(1, true), row(2, true)]);
    const { user, store } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await chooseMenuItem(user, sel.resultActions.menu, sel.resultActions.downloadResults);
    await waitFor(() => expect(saved).toEqual(['results.xlsx']));
    // What a live update of every kind does (ADR 0078): the list is read again, the download is not.
    const lists = stub.callsTo(API.list).length;
    store.dispatch(invalidateAllTags());
    await waitFor(() => expect(stub.callsTo(API.list).length).toBeGreaterThan(lists));
    expect(stub.callsTo(API.export)).toHaveLength(1);
    expect(saved).toEqual(['results.xlsx']);
  });

  it('with a selection the zip of PDFs holds the selected results and saves under the server name', async () => {
    const stub = server([row(3, false), row(4, false)]);
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.results.select(4)));
    await chooseMenuItem(user, sel.resultActions.menu, sel.resultActions.downloadPdfs);
    await waitFor(() => expect(saved).toEqual(['Claims_11_20_2026.zip']));
    expect(stub.callsTo(API.pdfs)[0]!.body).toMatchObject({ interviewResultIds: [4] });
  });

  it('more than 50 results start a zip job: a progress bar, then the zip downloads', async () => {
    const zip = (status: string, done: number) => ({ id: 9, status, total: 60, done, fileName: 'Big_11_20_2026.zip' });
    let reads = 0;
    const stub = server([row(1, true)], {
      [API.list]: { body: { ...page([row(1, true)]), totalResults: 60 } },
      [API.zipStart]: { status: 202, body: zip('queued', 0) },
      [API.zip]: () => {
        reads += 1;
        return { body: reads < 2 ? zip('running', 25) : zip('succeeded', 60) };
      },
      [API.zipFile]: file('Big_11_20_2026.zip', 'application/zip'),
    });
    const { user, store } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await chooseMenuItem(user, sel.resultActions.menu, sel.resultActions.downloadPdfs);
    expect(await screen.findByTestId(sel.resultActions.zipProgressText)).toHaveTextContent('25 of 60 PDFs zipped');
    // No polling: the progress is read again when the tenant's event stream names the ResultFile tag.
    expect(reads).toBe(1);
    store.dispatch(everyTagApi.util.invalidateTags(['ResultFile']));
    await waitFor(() => expect(saved).toEqual(['Big_11_20_2026.zip']));
    expect(stub.callsTo(API.pdfs)).toHaveLength(0);
    expect(stub.callsTo(API.zipStart)[0]!.body).toMatchObject({ allRecords: true });
    await waitFor(() => expect(screen.queryByTestId(sel.resultActions.zipProgress)).not.toBeInTheDocument());
  });

  it("a refusal shows the server's message", async () => {
    server([row(1, true)], {
      [API.pdfs]: {
        status: 409,
        body: { message: 'More than 50 results: the zip is built as a job.', code: 'RESULT_ZIP_TOO_LARGE' },
      },
    });
    const { user } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await chooseMenuItem(user, sel.resultActions.menu, sel.resultActions.downloadPdfs);
    expect(await screen.findByTestId(sel.results.error)).toHaveTextContent(
      'More than 50 results: the zip is built as a job.',
    );
    expect(saved).toEqual([]);
  });
});
