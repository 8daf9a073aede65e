import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDetail, ProjectQuestion, ProjectQuestionSet } from '../../../api/generated/project-service';
import { installFetchStub } from '../../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { sel } from '../../../../../test/e2e/selectors';
import { projectDetail } from '../../../testing/fixtures/project-detail-fixture';
import { PERMISSION } from '../../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  questions: 'GET /api/project-service/v1/project/21/questions',
  save: 'PUT /api/project-service/v1/project/21/questions',
  approve: 'PUT /api/project-service/v1/project/21/questions/approve',
  download: 'GET /api/project-service/v1/project/21/questions/download',
  remove: (questionId: number) => `DELETE /api/project-service/v1/project/21/questions/${questionId}`,
};

const EDITOR = [
  PERMISSION.TENANT_PROJECT_QUESTIONS_READ,
  PERMISSION.TENANT_PROJECT_QUESTIONS_CREATE,
  PERMISSION.TENANT_PROJECT_QUESTIONS_UPDATE,
  PERMISSION.TENANT_PROJECT_QUESTIONS_DELETE,
  PERMISSION.TENANT_PROJECT_QUESTIONS_APPROVE_UPDATE,
];

const project = (overrides: Partial<ProjectDetail> = {}): ProjectDetail =>
  projectDetail({
    questionnaireType: 'PRECISION_QUESTIONNAIRE',
    questionaire_type: 'PRECISION_QUESTIONNAIRE',
    projectLanguagesData: [{ value: 1, label: 'English' }],
    projectMultiLanguageConfig: [],
    ...overrides,
  });

const question = (id: number, sequence: number, questionText: string): ProjectQuestion => ({
  projectQuestionId: id,
  questionText,
  isPertinant: true,
  sequence,
  expectedAnswer: 'No',
  preInterview: false,
});

const TEXTS = ['Have you stolen from an employer?', 'Do you use illegal drugs?', 'Have you lied on a claim?'];

const questionSet = (overrides: Partial<ProjectQuestionSet> = {}): ProjectQuestionSet => ({
  questions: TEXTS.map((text, index) => question(101 + index, index + 1, text)),
  questionsApproved: false,
  questionsApprovedBy: null,
  questionApprovedDateTime: null,
  questionnaireType: 'PRECISION_QUESTIONNAIRE',
  ...overrides,
});

function server(
  options: {
    permissions?: string[];
    detail?: ProjectDetail;
    questions?: ProjectQuestionSet;
    isSystemTenant?: boolean;
    roleName?: string;
  } = {},
) {
  const set = options.questions ?? questionSet();
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options.permissions ?? EDITOR)],
        ...(options.isSystemTenant !== undefined && { isSystemTenant: options.isSystemTenant }),
        ...(options.roleName && { roleName: options.roleName }),
      }),
    }),
    [API.project]: { body: options.detail ?? project() },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.questions]: { body: set },
    [API.save]: ({ body }) => ({
      body: (body as { questions: { questionText: string }[] }).questions.map((q, index) =>
        question(201 + index, index + 1, q.questionText),
      ),
    }),
    [API.approve]: { body: { message: 'Questions Approved Successfully' } },
    [API.remove(102)]: { body: [question(101, 1, TEXTS[0]!), question(103, 2, TEXTS[2]!)] },
    [API.download]: {
      body: new Blob(['%PDF-1.7 questions'], { type: 'application/pdf' }),
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="Harbour Screening - Questions.pdf"; filename*=UTF-8''Harbour%20Screening%20-%20Questions.pdf`,
      },
    },
  });
}

const open = () => renderWithProviders({ route: '/main/project/21/questions', preloadedState: signedInState() });
const texts = () => screen.getAllByTestId(/^question-text-\d+$/).map((node) => node.textContent);

/** jsdom lays nothing out: give each row a box by its position so the keyboard sensor can move between them. */
function layOutRows() {
  return jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('[data-question-index]');
    const index = row ? Number(row.getAttribute('data-question-index')) : 0;
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, bottom: top + 50, right: 600, width: 600, height: 50, toJSON: () => ({}) };
  });
}

afterEach(() => jest.restoreAllMocks());

describe('questions tab', () => {
  it('lists the questions in order with their fields, and the tab is offered in the shell', async () => {
    server();
    await open();
    expect(await screen.findByTestId(sel.questions.list)).toBeInTheDocument();
    expect(texts()).toEqual(TEXTS);
    expect(screen.getByTestId(sel.questions.sequence(0))).toHaveTextContent('1');
    expect(screen.getByTestId(sel.project.tab('questions'))).toBeInTheDocument();
    expect(screen.getByTestId(sel.questions.note)).toHaveTextContent(
      'Questions are not editable when a project enters execution stage.',
    );
    expect(screen.queryByTestId(sel.questions.answerOption(0, 'Narr'))).not.toBeInTheDocument();
    expect(screen.getByTestId(sel.questions.answerOption(0, 'No'))).toBeChecked();
    expect(screen.getByTestId(sel.questions.save)).toBeDisabled();
    expect(screen.queryByTestId(sel.questions.approvalLine)).not.toBeInTheDocument();
  });

  it('adds a question first with the defaults, refuses an empty text and saves it', async () => {
    const stub = server();
    const { user } = await open();
    await screen.findByTestId(sel.questions.list);
    await user.click(screen.getByTestId(sel.questions.add));
    expect(screen.getByTestId(sel.questions.sequence(0))).toHaveTextContent('N');
    expect(screen.getByTestId(sel.questions.answerOption(0, 'No'))).toBeChecked();
    expect(within(screen.getByTestId(sel.questions.pertinent(0))).getByRole('checkbox')).toBeChecked();
    expect(screen.getByTestId(sel.questions.textError(0))).toHaveTextContent('Question text can not be empty');
    expect(screen.getByTestId(sel.questions.save)).toBeDisabled();

    await user.type(screen.getByTestId(sel.questions.textInput(0)), 'Have you ever been dismissed?');
    await user.click(screen.getByTestId(sel.questions.answerOption(0, 'Yes')));
    await user.click(screen.getByTestId(sel.questions.save));
    expect(await screen.findByTestId(sel.questions.success)).toHaveTextContent('Question Created Successfully');
    expect(stub.callsTo(API.save)[0]!.body).toEqual({
      projectId: 21,
      tenantId: 2,
      questions: [
        {
          projectQuestionId: null,
          questionText: 'Have you ever been dismissed?',
          isPertinant: true,
          sequence: 1,
          expectedAnswer: 'Yes',
        },
        ...TEXTS.map((text, index) => ({
          projectQuestionId: 101 + index,
          questionText: text,
          isPertinant: true,
          sequence: index + 2,
          expectedAnswer: 'No',
        })),
      ],
    });
  });

  it('reorders with the keyboard from a row handle, announcing each step, and saves the order', async () => {
    const stub = server();
    await open();
    await screen.findByTestId(sel.questions.list);
    layOutRows();
    const handle = screen.getByTestId(sel.questions.handle(0));
    handle.focus();
    // The announcements go to dnd-kit's live region (role status), the latest one replacing the one before.
    const announced = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent;
    fireEvent.keyDown(handle, { code: 'Space' });
    await waitFor(() => expect(announced()).toBe('Question 1 is over position 1 of 3.'));
    fireEvent.keyDown(handle, { code: 'ArrowDown' });
    await waitFor(() => expect(announced()).toBe('Question 1 is over position 2 of 3.'));
    fireEvent.keyDown(handle, { code: 'Space' });
    await waitFor(() => expect(texts()).toEqual([TEXTS[1], TEXTS[0], TEXTS[2]]));
    expect(announced()).toBe('Question 1 was dropped at position 2 of 3.');
    expect(screen.getByTestId(sel.questions.sequence(0))).toHaveTextContent('1');

    fireEvent.click(screen.getByTestId(sel.questions.save));
    expect(await screen.findByTestId(sel.questions.success)).toHaveTextContent('Questions Updated Successfully');
    const saved = (stub.callsTo(API.save)[0]!.body as { questions: { projectQuestionId: number; sequence: number }[] })
      .questions;
    expect(saved.map((q) => [q.projectQuestionId, q.sequence])).toEqual([
      [102, 1],
      [101, 2],
      [103, 3],
    ]);
  });

  it('edits a text in place and offers Narr for a hybrid questionnaire', async () => {
    const stub = server({ questions: questionSet({ questionnaireType: 'HYBRID_QUESTIONNAIRE' }) });
    const { user } = await open();
    await screen.findByTestId(sel.questions.list);
    await user.click(screen.getByTestId(sel.questions.text(1)));
    const input = screen.getByTestId(sel.questions.textInput(1));
    fireEvent.change(input, { target: { value: 'Do you use drugs at work?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId(sel.questions.text(1))).toHaveTextContent('Do you use drugs at work?');
    await user.click(screen.getByTestId(sel.questions.answerOption(1, 'Narr')));
    await user.click(screen.getByTestId(sel.questions.save));
    await screen.findByTestId(sel.questions.success);
    const saved = (stub.callsTo(API.save)[0]!.body as { questions: { questionText: string; expectedAnswer: string }[] })
      .questions[1];
    expect(saved).toMatchObject({ questionText: 'Do you use drugs at work?', expectedAnswer: 'Narr' });
  });

  it('deletes a question after confirmation', async () => {
    const stub = server();
    const { user } = await open();
    await screen.findByTestId(sel.questions.list);
    await user.click(screen.getByTestId(sel.questions.delete(1)));
    expect(await screen.findByTestId(sel.questions.deleteDialog)).toHaveTextContent(
      'Do you really want to delete this question?',
    );
    await user.click(screen.getByTestId(sel.questions.deleteConfirm));
    expect(await screen.findByTestId(sel.questions.success)).toHaveTextContent('Question Deleted Successfully');
    expect(stub.callsTo(API.remove(102))).toHaveLength(1);
    await waitFor(() => expect(texts()).toEqual([TEXTS[0], TEXTS[2]]));
  });

  it('approves after confirmation and downloads the PDF under its file name', async () => {
    const stub = server();
    const created = jest.fn((_blob: Blob) => 'blob:questions');
    URL.createObjectURL = created;
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = await open();
    await screen.findByTestId(sel.questions.list);
    await user.click(screen.getByTestId(sel.questions.approve));
    await user.click(await screen.findByTestId(sel.questions.approveConfirm));
    expect(await screen.findByTestId(sel.questions.success)).toHaveTextContent('Questions Approved Successfully');
    expect(stub.callsTo(API.approve)).toHaveLength(1);

    await user.click(screen.getByTestId(sel.questions.download));
    await waitFor(() =>
      expect(screen.getByTestId(sel.questions.success)).toHaveTextContent('Questions Downloaded Successfully'),
    );
    expect(saved).toEqual(['Harbour Screening - Questions.pdf']);
    expect(created.mock.calls[0]![0].type).toBe('application/pdf');
  });

  it('approved questions show the approver in Los Angeles time and lock the tenant, keeping Download', async () => {
    server({
      questions: questionSet({
        questionsApproved: true,
        questionsApprovedBy: 'Alicia Moreno',
        questionApprovedDateTime: '2026-01-15T17:05:00.000Z',
      }),
    });
    await open();
    expect(await screen.findByTestId(sel.questions.approvalLine)).toHaveTextContent(
      'Questions Approved by Alicia Moreno Jan 15, 2026, 9:05 AM PST',
    );
    expect(screen.getByTestId(sel.questions.lockReason)).toHaveTextContent(
      'Questions are approved and can no longer be changed.',
    );
    for (const id of [sel.questions.add, sel.questions.save, sel.questions.approve, sel.questions.delete(0)]) {
      expect(screen.getByTestId(id)).toBeDisabled();
    }
    expect(screen.getByTestId(sel.questions.handle(0))).toBeDisabled();
    expect(screen.getByTestId(sel.questions.download)).toBeEnabled();
  });

  it('a system-tenant user may still change approved questions', async () => {
    server({
      isSystemTenant: true,
      questions: questionSet({
        questionsApproved: true,
        questionsApprovedBy: 'A B',
        questionApprovedDateTime: '2026-01-15T17:05:00.000Z',
      }),
    });
    await open();
    await screen.findByTestId(sel.questions.list);
    expect(screen.getByTestId(sel.questions.add)).toBeEnabled();
    expect(screen.getByTestId(sel.questions.delete(0))).toBeEnabled();
    expect(screen.queryByTestId(sel.questions.lockReason)).not.toBeInTheDocument();
  });

  it('at the execution stage only Download is available, with the reason shown', async () => {
    server({ detail: project({ stageId: 3, stageSequence: 3 }), isSystemTenant: true });
    await open();
    await screen.findByTestId(sel.questions.list);
    expect(screen.getByTestId(sel.questions.lockReason)).toHaveTextContent(
      'Questions are not editable when a project enters execution stage.',
    );
    for (const id of [sel.questions.add, sel.questions.save, sel.questions.approve, sel.questions.delete(0)]) {
      expect(screen.getByTestId(id)).toBeDisabled();
    }
    expect(screen.getByTestId(sel.questions.download)).toBeEnabled();
  });

  it('a reader can only read and download', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_QUESTIONS_READ] });
    await open();
    await screen.findByTestId(sel.questions.list);
    for (const id of [sel.questions.add, sel.questions.approve, sel.questions.delete(0), sel.questions.handle(0)]) {
      expect(screen.getByTestId(id)).toBeDisabled();
    }
    expect(screen.getByTestId(sel.questions.download)).toBeEnabled();
  });

  it('shows the empty state', async () => {
    server({ questions: questionSet({ questions: [] }) });
    await open();
    expect(await screen.findByTestId(sel.questions.empty)).toHaveTextContent('No questions yet');
    expect(screen.getByTestId(sel.questions.approve)).toBeDisabled();
  });

  it('shows a load failure with the server message and retries', async () => {
    const stub = server();
    stub.answer({ [API.questions]: { status: 404, body: { message: 'Project not found.' } } });
    const { user } = await open();
    const failure = await screen.findByTestId(sel.questions.loadError);
    expect(failure).toHaveTextContent('Project not found.');
    expect(screen.queryByTestId(sel.questions.approve)).not.toBeInTheDocument();
    stub.answer({ [API.questions]: { body: questionSet() } });
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId(sel.questions.list)).toBeInTheDocument();
  });
});
