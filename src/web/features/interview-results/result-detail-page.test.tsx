import { screen, waitFor, within } from '@testing-library/react';
import type {
  FollowUp,
  InterviewResultRow,
  ListProjectResultsApiResponse,
  QuestionResultDetail,
  ResultDisplay,
} from '../../api/generated/execution-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import { installFetchStub, type FetchStub } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { sel } from '../../../../test/e2e/selectors';
import { PERMISSION } from '../../../shared/permissions';

jest.setTimeout(90_000);

const D = sel.resultDetail;
const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/execution-service/v1/interview/results',
  followUps: (id: number) => `GET /api/execution-service/v1/interview/result/followup/${id}`,
  questions: (id: number) => `GET /api/execution-service/v1/interview/question/result/${id}`,
  recording: (id: number) => `GET /api/execution-service/v1/interview/interviewrecordings/${id}`,
  pdf: (id: number) => `GET /api/execution-service/v1/interview/result/pdf/${id}`,
};
const READER = [PERMISSION.TENANT_PROJECT_RESULTS_READ];
const HOLDER = [
  ...READER,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE,
];
const OUTCOMES = [PERMISSION.RESULT_FOLLOW_UP_NOTE_READ, PERMISSION.RESULT_FOLLOW_UP_NOTE_ADD];
const RECORDINGS = PERMISSION.TENANT_PROJECT_CM_RECORDING_READ;
const shown = (code: ResultDisplay['code'], text: string): ResultDisplay => ({ code, badge: code, text, iconId: 1 });

const row = (id: number, overrides: Partial<InterviewResultRow> = {}): InterviewResultRow => ({
  interviewResultId: id,
  projectId: 21,
  interviewReferenceNumber: `IRN${id}`,
  participantName: `Person ${id}`,
  participantLanguage: 'English',
  completedAt: '2026-11-20T18:30:00.000Z',
  accessCode: '1234567890',
  overallEvaluation: shown('HR', 'High Risk'),
  interviewQuestionsResult: [],
  released: true,
  reviewed: false,
  created_by: 'Ada Admin',
  audioQualityControlError: 'Background noise at question 3.',
  followedUp: false,
  outcomeTrackingActionId: null,
  resultEmailStatus: null,
  interviewRecordingExist: true,
  ...overrides,
});
const page = (results: InterviewResultRow[], recordingsEnabled = true): ListProjectResultsApiResponse => ({
  results,
  totalResults: results.length,
  questions: [],
  questionnaireType: 'PRECISION_QUESTIONNAIRE',
  resultEmailEnabled: false,
  recordingsEnabled,
});
const questions: QuestionResultDetail[] = [
  {
    sequence: 1,
    questionText: 'Did you read the claim form?',
    expectedAnswer: 'Yes',
    pertinent: true,
    result: shown('LR', 'Low Risk'),
    transcription: 'yes',
  },
  {
    sequence: 2,
    questionText: 'Was anyone else involved?',
    expectedAnswer: 'No',
    pertinent: true,
    result: shown('HR', 'High Risk'),
    transcription: 'no',
  },
];
const history: FollowUp[] = [
  {
    id: 7,
    resultId: 5,
    outcomeTrackingActionId: 1,
    outcomeTrackingAction: 'Claim Denied',
    followUpStatusId: null,
    followUpStatus: null,
    followUpDate: Date.UTC(2026, 10, 20),
    note: 'First outcome',
    currency: null,
    amount: null,
    currencyString: null,
    createTs: Date.UTC(2026, 10, 20, 12),
    user: { firstName: 'Ada', lastName: 'Admin' },
  },
];

function server(
  o: {
    permissions?: string[];
    released?: InterviewResultRow[];
    held?: InterviewResultRow[];
    recordings?: boolean;
  } = {},
): FetchStub {
  const stub = installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(o.permissions ?? [...HOLDER, ...OUTCOMES, RECORDINGS])],
      }),
    }),
    [API.project]: { body: projectDetail({} as Partial<ProjectDetail>) },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: (request) => ({
      body: page(
        (request.body as { released: boolean }).released ? (o.released ?? [row(4), row(5)]) : (o.held ?? []),
        o.recordings,
      ),
    }),
    [API.questions(5)]: { body: questions },
    [API.followUps(5)]: { body: history },
    [API.recording(5)]: {
      body: new Blob(['RIFF'], { type: 'audio/wav' }),
      headers: { 'content-type': 'audio/wav', 'content-disposition': 'inline; filename="recording_IRN5.wav"' },
    },
  });
  return stub;
}

const open = (irn = 'IRN5') =>
  renderWithProviders({ route: `/main/project/21/results/resultdetail:${irn}`, preloadedState: signedInState() });

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:recording-5');
  URL.revokeObjectURL = jest.fn();
});

it('shows the result with that IRN: facts, question risks, notes, the player and the outcome history', async () => {
  const stub = server();
  const { unmount } = await open();
  expect(await screen.findByTestId(D.irn, {}, { timeout: 15_000 })).toHaveTextContent('Result IRN5');
  expect(screen.getByTestId(D.overall)).toHaveTextContent('High Risk');
  expect(screen.getByTestId(D.fact('name'))).toHaveTextContent('Person 5');
  expect(screen.getByTestId(D.fact('access-code'))).toHaveTextContent('123 456 7890');
  expect(screen.getByTestId(D.fact('created-by'))).toHaveTextContent('Ada Admin');
  expect(screen.getByTestId(D.note)).toHaveTextContent('Background noise at question 3.');
  const risks = within(screen.getByTestId(D.questions));
  expect(await risks.findByText('Was anyone else involved?', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(risks.getByTestId('question-detail-result-2')).toHaveTextContent('High Risk');
  expect(
    await within(screen.getByTestId(D.outcomes)).findByText('First outcome', {}, { timeout: 10_000 }),
  ).toBeInTheDocument();

  // The player asks for the file inline and plays its object URL, with the spec's fallback text.
  const player = await screen.findByTestId(D.player, {}, { timeout: 10_000 });
  expect(player.tagName).toBe('AUDIO');
  expect(player).toHaveAttribute('src', 'blob:recording-5');
  expect(player).toHaveTextContent('Your browser does not support the audio element.');
  expect(stub.callsTo(API.recording(5))[0]!.query.get('play')).toBe('true');
  // The lookup searched the IRN, released first.
  expect(stub.callsTo(API.list)[0]!.body).toMatchObject({ projectId: 21, search: 'IRN5', released: true });
  unmount();
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording-5');
});

it('finds a held result with the hold permission and marks it On Hold', async () => {
  server({ released: [], held: [row(5, { released: false })] });
  await open();
  expect(await screen.findByTestId(D.held, {}, { timeout: 15_000 })).toHaveTextContent('On Hold');
});

it('an IRN the project does not have says so, with a way back to the results', async () => {
  server({ released: [row(55, { interviewReferenceNumber: 'IRN55' })] });
  await open('IRN5');
  expect(await screen.findByTestId(D.missing, {}, { timeout: 15_000 })).toHaveTextContent(
    'No result with the IRN IRN5 in this project.',
  );
});

it('no player without the recording permission or the project flag; the server refusing the file shows its message', async () => {
  server({ permissions: [...READER, ...OUTCOMES] });
  const first = await open();
  await screen.findByTestId(D.irn, {}, { timeout: 15_000 });
  expect(screen.queryByTestId(D.recording)).not.toBeInTheDocument();
  first.unmount();

  const stub = server({ permissions: [...READER, PERMISSION.TENANT_PROJECT_CM_RECORDING_READ] });
  stub.answer({ [API.recording(5)]: { status: 404, body: { message: 'This result has no recording.' } } });
  await open();
  expect(await screen.findByTestId(D.playerError, {}, { timeout: 15_000 })).toHaveTextContent(
    'This result has no recording.',
  );
  // Without result.follow.up.note.read, no outcome history.
  expect(screen.queryByTestId(D.outcomes)).not.toBeInTheDocument();
});

it('a failed lookup shows the error with a retry, and a segment without resultdetail: is No Page Found', async () => {
  const stub = server();
  stub.answer({ [API.list]: { status: 500, body: { message: 'boom' } } });
  const first = await open();
  expect(await screen.findByTestId(D.error, {}, { timeout: 15_000 })).toBeInTheDocument();
  first.unmount();

  server();
  await renderWithProviders({ route: '/main/project/21/results/other:IRN5', preloadedState: signedInState() });
  expect(await screen.findByText('No Page Found', {}, { timeout: 15_000 })).toBeInTheDocument();
});

it('without tenant.project.results.read the page leads back to the project list', async () => {
  server({ permissions: [] });
  await open();
  await waitFor(() => expect(screen.queryByTestId(D.root)).not.toBeInTheDocument());
  expect(await screen.findByTestId('projects-page', {}, { timeout: 15_000 })).toBeInTheDocument();
});
