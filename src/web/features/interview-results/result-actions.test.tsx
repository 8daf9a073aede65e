import { screen, waitFor, within } from '@testing-library/react';
import type {
  FollowUp,
  FollowUpOptions,
  InterviewResultRow,
  ListProjectResultsApiResponse,
  QuestionResultDetail,
  ResultDisplay,
} from '../../api/generated/execution-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import { installFetchStub } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { clock } from '../../lib/clock';
import { sel } from '../../../../test/e2e/selectors';
import { todayOf } from '../../components/results/outcome-draft';
import { PERMISSION } from '../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/execution-service/v1/interview/results',
  mark: 'POST /api/execution-service/v1/interview/result/mark/action',
  note: (id: number) => `POST /api/execution-service/v1/interview/result/${id}/note`,
  followUpAdd: 'POST /api/execution-service/v1/interview/result/followup',
  followUps: (id: number) => `GET /api/execution-service/v1/interview/result/followup/${id}`,
  options: 'GET /api/execution-service/v1/interview/result/followup/options',
  detail: (id: number) => `GET /api/execution-service/v1/interview/question/result/${id}`,
  email: 'POST /api/execution-service/v1/interview/result/email',
  recording: (id: number) => `GET /api/execution-service/v1/interview/interviewrecordings/${id}`,
};

const READER = [PERMISSION.TENANT_PROJECT_RESULTS_READ];
const HOLDER = [
  ...READER,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ,
  PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE,
];
const OUTCOMES = [PERMISSION.RESULT_FOLLOW_UP_NOTE_READ, PERMISSION.RESULT_FOLLOW_UP_NOTE_ADD];

const shown = (code: ResultDisplay['code'], text: string): ResultDisplay => ({ code, badge: code, text, iconId: 1 });

const row = (id: number, released: boolean, overrides: Partial<InterviewResultRow> = {}): InterviewResultRow => ({
  interviewResultId: id,
  projectId: 21,
  interviewReferenceNumber: `IRN${id}`,
  participantName: `Person ${id}`,
  participantLanguage: 'English',
  completedAt: '2026-11-20T18:30:00.000Z',
  accessCode: '1234567890',
  overallEvaluation: shown('HR', 'High Risk'),
  interviewQuestionsResult: [],
  released,
  reviewed: false,
  created_by: null,
  audioQualityControlError: null,
  followedUp: false,
  outcomeTrackingActionId: null,
  resultEmailStatus: null,
  interviewRecordingExist: false,
  ...overrides,
});

const page = (results: InterviewResultRow[], recordingsEnabled = false): ListProjectResultsApiResponse => ({
  results,
  totalResults: results.length,
  questions: [],
  questionnaireType: 'HYBRID_QUESTIONNAIRE',
  resultEmailEnabled: true,
  recordingsEnabled,
});

const options: FollowUpOptions = {
  OUTCOME_TRACKING_ACTION: [
    { attributeId: 1, languageId: 1, description: 'Claim Denied', sequence: 1 },
    { attributeId: 4, languageId: 1, description: 'Claim Paid', sequence: 4 },
  ],
  RESULT_FOLLOW_UP_STATUS: [{ attributeId: 1, languageId: 1, description: 'Open', sequence: 1 }],
  CURRENCY: [{ attributeId: 1, languageId: 1, description: 'USD - US Dollar', sequence: 1 }],
};

const history: FollowUp[] = [
  {
    id: 7,
    resultId: 1,
    outcomeTrackingActionId: 1,
    outcomeTrackingAction: 'Claim Denied',
    followUpStatusId: null,
    followUpStatus: null,
    followUpDate: Date.UTC(2026, 10, 20),
    note: 'First outcome',
    currency: 1,
    amount: 1234567,
    currencyString: 'USD - US Dollar',
    createTs: Date.UTC(2026, 10, 20, 12),
    user: { firstName: 'Ada', lastName: 'Admin' },
  },
];

function server(
  options_: {
    permissions?: string[];
    isSystemTenant?: boolean;
    rows?: InterviewResultRow[];
    questionnaireType?: string;
    recordingsEnabled?: boolean;
  } = {},
) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options_.permissions ?? [...HOLDER, ...OUTCOMES])],
        ...(options_.isSystemTenant !== undefined && { isSystemTenant: options_.isSystemTenant }),
      }),
    }),
    [API.project]: {
      body: projectDetail({
        questionnaireType: options_.questionnaireType ?? 'PRECISION_QUESTIONNAIRE',
        questionaire_type: options_.questionnaireType ?? 'PRECISION_QUESTIONNAIRE',
        projectLanguagesData: [{ value: 1, label: 'English' }],
        projectMultiLanguageConfig: [],
      } as Partial<ProjectDetail>),
    },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: {
      body: page(
        options_.rows ?? [row(1, true, { followedUp: true, outcomeTrackingActionId: 1 }), row(2, true)],
        options_.recordingsEnabled,
      ),
    },
    [API.options]: { body: options },
    [API.followUps(1)]: { body: history },
    [API.followUpAdd]: { body: history },
    [API.mark]: {
      body: {
        message: 'Results successfully updated!',
        updated: [{ interviewResultId: 3, interviewReferenceNumber: 'IRN3' }],
        noAction: [{ interviewResultId: 4, interviewReferenceNumber: 'IRN4' }],
      },
    },
    [API.note(1)]: { body: { message: 'Notes Updated Successfully', audioQualityControlError: 'Clear audio.' } },
  });
}

const open = () => renderWithProviders({ route: '/main/project/21/results', preloadedState: signedInState() });

describe('review marking', () => {
  it('marks the selected results after the confirmation and reports those already reviewed as no action', async () => {
    const stub = server({ rows: [row(3, false), row(4, false, { reviewed: true })] });
    const { user } = await open();
    await screen.findByTestId(sel.results.select(3));
    expect(screen.getByTestId(sel.resultActions.reviewed(4))).toHaveTextContent('Reviewed');
    await user.click(screen.getByTestId(sel.results.selectAll));
    await chooseMenuItem(user, sel.resultActions.menu, sel.resultActions.markReviewed);
    const dialog = await screen.findByTestId(sel.resultActions.reviewDialog);
    expect(dialog).toHaveTextContent('Are you sure you want to mark the 2 selected results as reviewed?');
    await user.click(screen.getByTestId(sel.resultActions.reviewConfirm));
    expect(await screen.findByTestId(sel.results.success)).toHaveTextContent('Results successfully updated!');
    expect(screen.getByTestId(sel.resultActions.noAction)).toHaveTextContent(
      'No action for 1 results already Reviewed: IRN4',
    );
    expect(stub.callsTo(API.mark)[0]!.body).toEqual({ action: 'Reviewed', projectId: 21, interviewResultIds: [3, 4] });
  });

  it('is not offered without the hold update permission (the menu keeps the downloads)', async () => {
    server({ permissions: [...READER, ...OUTCOMES] });
    const { user } = await open();
    await screen.findByTestId(sel.results.irn(1));
    await user.click(screen.getByTestId(sel.resultActions.menu));
    expect(await screen.findByTestId(sel.resultActions.downloadResults)).toBeInTheDocument();
    expect(screen.queryByTestId(sel.resultActions.markReviewed)).not.toBeInTheDocument();
  });
});

describe('outcome tracking', () => {
  it('shows the history and the badge; the amount follows the currency; saves the outcome', async () => {
    const stub = server();
    const { user } = await open();
    expect(await screen.findByTestId(sel.resultActions.outcomeBadge(1))).toHaveTextContent('Claim Denied');
    await user.click(screen.getByTestId(sel.resultActions.outcome(1)));
    const modal = await screen.findByTestId(sel.resultActions.outcomeModal);
    expect(await within(modal).findByText('First outcome')).toBeInTheDocument();
    expect(within(modal).getByText('USD - US Dollar 1,234,567')).toBeInTheDocument();

    await user.click(screen.getByTestId(sel.resultActions.outcomeSave));
    expect(await screen.findByTestId(sel.resultActions.outcomeError)).toHaveTextContent(
      'Please fill all mandatory fileds',
    );
    expect(within(modal).getAllByText('This field is required').length).toBe(3);
    expect(stub.callsTo(API.followUpAdd)).toHaveLength(0);

    const amount = screen.getByTestId(sel.resultActions.outcomeAmount);
    expect(amount).toBeDisabled();
    await user.selectOptions(screen.getByTestId(sel.resultActions.outcomeCurrency), '1');
    expect(amount).toBeEnabled();
    await user.type(amount, '2500.5');
    await user.selectOptions(screen.getByTestId(sel.resultActions.outcomeCurrency), '');
    expect(amount).toHaveValue('');
    expect(amount).toBeDisabled();
    await user.selectOptions(screen.getByTestId(sel.resultActions.outcomeCurrency), '1');
    await user.type(amount, '2500.5');
    await user.tab();
    expect(amount).toHaveValue('2,500.50');

    const today = todayOf(clock.now());
    await user.selectOptions(screen.getByTestId(sel.resultActions.outcomeAction), '4');
    await user.type(screen.getByTestId(sel.resultActions.outcomeDate), today);
    await user.type(screen.getByTestId(sel.resultActions.outcomeNote), '  Paid in part ');
    await user.click(screen.getByTestId(sel.resultActions.outcomeSave));
    expect(await screen.findByTestId(sel.resultActions.outcomeSuccess)).toHaveTextContent('Outcome saved.');
    const [y, m, d] = today.split('-').map(Number);
    expect(stub.callsTo(API.followUpAdd)[0]!.body).toEqual({
      resultId: 1,
      outcomeTrackingActionId: 4,
      followUpStatusId: null,
      followUpDate: Date.UTC(y!, m! - 1, d!),
      note: 'Paid in part',
      currency: 1,
      amount: 2500.5,
    });
  });

  it('a failed save shows the spec message; without the add permission the form is read-only', async () => {
    const stub = server();
    stub.answer({ [API.followUpAdd]: { status: 422, body: { message: 'Nope' } } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.resultActions.outcome(1)));
    await user.selectOptions(await screen.findByTestId(sel.resultActions.outcomeAction), '1');
    await user.type(screen.getByTestId(sel.resultActions.outcomeDate), todayOf(clock.now()));
    await user.type(screen.getByTestId(sel.resultActions.outcomeNote), 'x');
    await user.click(screen.getByTestId(sel.resultActions.outcomeSave));
    expect(await screen.findByTestId(sel.resultActions.outcomeError)).toHaveTextContent(
      'We are unable to process this request!',
    );
  });

  it('read-only without result.follow.up.note.add; no icon without .read', async () => {
    server({ permissions: [...HOLDER, PERMISSION.RESULT_FOLLOW_UP_NOTE_READ] });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.resultActions.outcome(1)));
    const modal = await screen.findByTestId(sel.resultActions.outcomeModal);
    expect(await within(modal).findByText('First outcome')).toBeInTheDocument();
    expect(screen.queryByTestId(sel.resultActions.outcomeSave)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.resultActions.outcomeAction)).not.toBeInTheDocument();
  });

  it('no outcome icon without result.follow.up.note.read', async () => {
    server({ permissions: HOLDER });
    await open();
    await screen.findByTestId(sel.results.irn(1));
    expect(screen.queryByTestId(sel.resultActions.outcome(1))).not.toBeInTheDocument();
  });
});

describe('notes and question detail', () => {
  it('system-tenant users write a note; the message shows on the tab', async () => {
    const stub = server({ isSystemTenant: true });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.resultActions.notes(1)));
    await user.click(await screen.findByTestId(sel.resultActions.notesSave));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByTestId(sel.resultActions.notesText), ' Clear audio. ');
    await user.click(screen.getByTestId(sel.resultActions.notesSave));
    expect(await screen.findByTestId(sel.results.success)).toHaveTextContent('Notes Updated Successfully');
    expect(stub.callsTo(API.note(1))[0]!.body).toEqual({ text: 'Clear audio.' });
  });

  it('system-tenant users e-mail a released result; the email status column shows', async () => {
    const stub = server({
      isSystemTenant: true,
      permissions: [...HOLDER, PERMISSION.TENANT_PROJECT_RESULTS_EMAIL_CREATE],
      rows: [row(1, true, { resultEmailStatus: 'sent' }), row(2, false)],
    });
    stub.answer({ [API.email]: { body: { message: 'Results e-mailed to the recipients.', queued: 1 } } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.resultActions.email(1)));
    expect(await screen.findByTestId(sel.results.success)).toHaveTextContent('Results e-mailed to the recipients.');
    expect(stub.callsTo(API.email)[0]!.body).toEqual({ interviewResultsId: [1] });
    expect(screen.queryByTestId(sel.resultActions.email(2))).not.toBeInTheDocument();
    expect(screen.getByText('Email Status')).toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
  });

  it('customer users see no notes action', async () => {
    server({ isSystemTenant: false });
    await open();
    await screen.findByTestId(sel.results.irn(1));
    expect(screen.queryByTestId(sel.resultActions.notes(1))).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.resultActions.email(1))).not.toBeInTheDocument();
    expect(screen.queryByText('Email Status')).not.toBeInTheDocument();
  });

  it('the IRN of a hybrid result opens the question detail', async () => {
    const stub = server({ questionnaireType: 'HYBRID_QUESTIONNAIRE' });
    const detail: QuestionResultDetail[] = [
      {
        sequence: 1,
        questionText: 'Were you at home?',
        expectedAnswer: 'Narr',
        pertinent: true,
        result: shown('LR', 'Low Risk'),
        transcription: 'Yes I was.',
      },
    ];
    stub.answer({ [API.detail(1)]: { body: detail } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.results.irn(1)));
    const modal = await screen.findByTestId(sel.resultActions.detailModal);
    expect(await within(modal).findByText('Were you at home?')).toBeInTheDocument();
    expect(within(modal).getByText('Yes I was.')).toBeInTheDocument();
    expect(screen.getByTestId(sel.resultActions.detailResult(1))).toBeInTheDocument();
  });

  it('the IRN of other questionnaires is plain text', async () => {
    server();
    await open();
    const irn = await screen.findByTestId(sel.results.irn(1));
    expect(irn.tagName).toBe('SPAN');
    await waitFor(() => expect(screen.queryByTestId(sel.resultActions.detailModal)).not.toBeInTheDocument());
  });
});

describe('recording', () => {
  const recorded = () => [row(1, true, { interviewRecordingExist: true }), row(2, true)];
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:recording');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('with the permission and the project flag, a recorded row downloads its recording', async () => {
    const stub = server({
      permissions: [...READER, PERMISSION.TENANT_PROJECT_CM_RECORDING_READ],
      recordingsEnabled: true,
      rows: recorded(),
    });
    stub.answer({
      [API.recording(1)]: {
        body: new Blob(['RIFF'], { type: 'audio/wav' }),
        headers: { 'content-type': 'audio/wav', 'content-disposition': 'attachment; filename="recording_IRN1.wav"' },
      },
    });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.resultActions.recording(1)));
    await waitFor(() => expect(saved).toEqual(['recording_IRN1.wav']));
    expect(stub.callsTo(API.recording(1))).toHaveLength(1);
    // A row without a recording has no action.
    expect(screen.queryByTestId(sel.resultActions.recording(2))).not.toBeInTheDocument();
    // Every row with an IRN links to its result detail page, where the recording plays.
    expect(screen.getByTestId(sel.resultActions.detail(1))).toHaveAttribute(
      'href',
      '/main/project/21/results/resultdetail:IRN1',
    );
  });

  it('a failed download shows the server message', async () => {
    const stub = server({
      permissions: [...READER, PERMISSION.TENANT_PROJECT_CM_RECORDING_READ],
      recordingsEnabled: true,
      rows: recorded(),
    });
    stub.answer({ [API.recording(1)]: { status: 404, body: { message: 'This result has no recording.' } } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.resultActions.recording(1)));
    expect(await screen.findByText('This result has no recording.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('hidden without the project flag, and without the permission', async () => {
    server({
      permissions: [...READER, PERMISSION.TENANT_PROJECT_CM_RECORDING_READ],
      recordingsEnabled: false,
      rows: recorded(),
    });
    const first = await open();
    await screen.findByTestId(sel.results.irn(1));
    expect(screen.queryByTestId(sel.resultActions.recording(1))).not.toBeInTheDocument();
    first.unmount();

    server({ permissions: READER, recordingsEnabled: true, rows: recorded() });
    await open();
    await screen.findByTestId(sel.results.irn(1));
    expect(screen.queryByTestId(sel.resultActions.recording(1))).not.toBeInTheDocument();
  });

  it('system-tenant users see it without the permission or the flag', async () => {
    server({ isSystemTenant: true, permissions: READER, recordingsEnabled: false, rows: recorded() });
    await open();
    expect(await screen.findByTestId(sel.resultActions.recording(1))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.resultActions.recording(2))).not.toBeInTheDocument();
  });
});
