import { act, screen, waitFor, within } from '@testing-library/react';
import type { Participant } from '../../api/generated/participant-service';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { installFetchStub } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { sel } from '../../../../test/e2e/selectors';
import { participantRow } from '../../testing/fixtures/participant-fixture';
import { PERMISSION } from '../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/project-service/v1/project/21/participants',
  get: 'GET /api/participant-service/v1/participants/501',
  create: 'POST /api/participant-service/v1/participants',
  update: 'PUT /api/participant-service/v1/participants/501',
  remove: 'DELETE /api/participant-service/v1/participants/deleteParticipants',
  creators: 'GET /api/participant-service/v1/project/21/participants/creators',
};

const MANAGER = [
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ,
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_CREATE,
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_UPDATE,
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_DELETE,
  PERMISSION.TENANT_PROJECT_PARTICIPANT_TEST_READ,
];

const participant = (id: number, overrides: Partial<Participant> = {}): Participant =>
  participantRow(id, { email_sent: true, sms_pending: true, ...overrides });

const PAGE = Array.from({ length: 25 }, (_, i) => participant(501 + i));

function server(
  options: { permissions?: string[]; stageSequence?: number; rows?: Participant[]; total?: number } = {},
) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({ permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options.permissions ?? MANAGER)] }),
    }),
    [API.project]: { body: projectDetail({ stageSequence: options.stageSequence ?? 3, stageId: 3 }) },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: {
      body: {
        participants: options.rows ?? PAGE,
        totalRecords: options.total ?? 60,
        nextCursor: 'cursor-1',
      },
    },
    [API.get]: { body: participant(501) },
    [API.create]: { status: 201, body: { message: 'Participant Added Successfully!', participantIds: [900] } },
    [API.update]: { body: { message: 'Participant Updated Successfully!', participant: participant(501) } },
    [API.remove]: { body: { message: 'Participants Delete Successfully!', deleted: 1 } },
    [API.creators]: { body: { creators: [{ userId: 7, name: 'Ada Reyes' }] } },
  });
}

const open = (route = '/main/project/21/participants') =>
  renderWithProviders({ route, preloadedState: signedInState() });
const irns = () =>
  within(screen.getByTestId(sel.participants.list))
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('col-id') === 'irn')
    .map((cell) => cell.textContent);

describe('participants tab', () => {
  it('lists a page with the columns, the total and the keyset cursor for the next page', async () => {
    const stub = server();
    const { user } = await open();
    await waitFor(() => expect(irns()[0]).toBe('IRN501'));
    expect(irns()[0]).toBe('IRN501');
    expect(screen.getByTestId(sel.participants.irn(501))).toHaveAttribute(
      'href',
      '/main/project/21/participants/edit/501',
    );
    expect(screen.getByTestId('participants-page')).toHaveTextContent('Page 1 of 3 (60 participants)');
    expect(screen.getAllByTitle('MAIL_SENT')[0]).toBeInTheDocument();
    expect(screen.getAllByTitle('SMS_SCHEDULED')[0]).toBeInTheDocument();
    expect(stub.callsTo(API.list)[0]!.body).toEqual({ pageSize: 25, page: 0 });
    await user.click(screen.getByTestId('participants-next'));
    await waitFor(() => expect(stub.callsTo(API.list)).toHaveLength(2));
    expect(stub.callsTo(API.list)[1]!.body).toEqual({ pageSize: 25, page: 1, after: 'cursor-1' });
  });

  it('searches 1 s after the last key and filters by status and language', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const stub = server();
      const { user } = await open();
      await waitFor(() => expect(irns()[0]).toBe('IRN501'));
      await user.type(screen.getByTestId(sel.participants.search), 'cruz');
      expect(stub.callsTo(API.list)).toHaveLength(1);
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
      await waitFor(() => expect(stub.callsTo(API.list)).toHaveLength(2));
      expect(stub.callsTo(API.list)[1]!.body).toEqual({ pageSize: 25, page: 0, search: 'cruz' });
      await user.click(screen.getByTestId(sel.participants.filter));
      await user.click(
        screen.getByTestId(sel.participants.filterStatus('INVITATION_SENT')).querySelector('[data-part="control"]')!,
      );
      await waitFor(() =>
        expect(stub.callsTo(API.list).at(-1)!.body).toEqual({
          pageSize: 25,
          page: 0,
          search: 'cruz',
          participantStatus: ['INVITATION_SENT'],
        }),
      );
      await user.click(
        (await screen.findByTestId(sel.participants.filterCreator(7))).querySelector('[data-part="control"]')!,
      );
      await waitFor(() =>
        expect(stub.callsTo(API.list).at(-1)!.body).toMatchObject({
          participantStatus: ['INVITATION_SENT'],
          createdBy: [7],
        }),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('deletes a row after the one confirmation dialog', async () => {
    const stub = server();
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participants.remove(501)));
    await user.click(await screen.findByTestId(sel.participants.deleteConfirm));
    expect(await screen.findByTestId(sel.participants.success)).toHaveTextContent('Participants Delete Successfully!');
    expect(stub.callsTo(API.remove)[0]!.body).toEqual({ projectId: 21, allRecords: false, participants: [501] });
  });

  it('selects all records across pages and deletes them as the filter, never as ids', async () => {
    const stub = server();
    const { user } = await open();
    await waitFor(() => expect(irns()[0]).toBe('IRN501'));
    await user.click(screen.getByTestId(sel.participants.selectPage).querySelector('[data-part="control"]')!);
    await user.click(await screen.findByTestId(sel.participants.selectAll));
    expect(screen.getByTestId(sel.participants.selection)).toHaveTextContent('All 60 records selected');
    await chooseMenuItem(user, sel.participants.options, sel.participants.optionDelete);
    await user.click(await screen.findByTestId(sel.participants.deleteConfirm));
    await screen.findByTestId(sel.participants.success);
    expect(stub.callsTo(API.remove)[0]!.body).toEqual({ projectId: 21, allRecords: true });
  });

  it('blocks deleting a ticked participant that was interviewed, without calling the server', async () => {
    const stub = server({ rows: [participant(501, { status: 'INTERVIEWED' }), participant(502)], total: 2 });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participants.select(501)));
    await user.click(screen.getByTestId(sel.participants.select(502)));
    await chooseMenuItem(user, sel.participants.options, sel.participants.optionDelete);
    await user.click(await screen.findByTestId(sel.participants.deleteConfirm));
    expect(await screen.findByTestId(sel.participants.error)).toHaveTextContent(
      'Please deselect Result Published and Interviewed participants',
    );
    expect(stub.callsTo(API.remove)).toHaveLength(0);
    expect(screen.queryByTestId(sel.participants.remove(501))).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    server({ rows: [], total: 0 });
    await open();
    expect(await screen.findByTestId('data-grid-empty')).toHaveTextContent('There are no records to show.');
  });

  it('shows a load failure with the server message', async () => {
    const stub = server();
    stub.answer({ [API.list]: { status: 404, body: { message: 'Project not found.' } } });
    await open();
    expect(await screen.findByText('Project not found.')).toBeInTheDocument();
  });

  it('is read-only without create, update and delete', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ] });
    await open();
    await waitFor(() => expect(irns()[0]).toBe('IRN501'));
    expect(screen.queryByTestId(sel.participants.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.participants.edit(501))).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.participants.remove(501))).not.toBeInTheDocument();
  });
});

describe('participant form', () => {
  it('adds a participant with the shared rules, then says so', async () => {
    const stub = server();
    const { user } = await open('/main/project/21/participants/add');
    const form = await screen.findByTestId(sel.participants.form);
    await user.type(within(form).getByTestId(sel.participants.formEmail), 'not-an-email');
    await user.type(within(form).getByTestId(sel.participants.formPhone), '+63 917');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByTestId(sel.participants.formSave)).toBeDisabled();
    await user.clear(within(form).getByTestId(sel.participants.formEmail));
    await user.type(within(form).getByTestId(sel.participants.formEmail), 'ana@example.test');
    await user.clear(within(form).getByTestId(sel.participants.formPhone));
    await user.type(within(form).getByTestId(sel.participants.formPhone), '213 373 4253');
    await user.type(within(form).getByTestId(sel.participants.formIrn), 'NEW-1');
    await user.selectOptions(within(form).getByTestId(sel.participants.formLanguage), '2');
    await user.click(screen.getByTestId(sel.participants.formSave));
    expect(await screen.findByTestId(sel.participants.formSuccess)).toHaveTextContent(
      'Participant Added Successfully!',
    );
    const call = stub.callsTo(API.create)[0]!;
    expect(call.query.get('is_test_participant')).toBe('false');
    expect(call.body).toEqual({
      tenantId: 2,
      projectId: 21,
      participants: [
        {
          interviewRefNum: 'NEW-1',
          first_name: null,
          last_name: null,
          email: 'ana@example.test',
          phoneNumber: '213 373 4253',
          participant_language_id: 2,
          timezone_id: null,
          additional_description: null,
        },
      ],
    });
  });

  it('shows the server field errors of a refused add', async () => {
    const stub = server();
    stub.answer({
      [API.create]: {
        status: 409,
        body: {
          message: 'This IRN is already used in this project.',
          errors: [{ field: 'participants[0].interviewRefNum', message: 'This IRN is already used in this project.' }],
        },
      },
    });
    const { user } = await open('/main/project/21/participants/add');
    const form = await screen.findByTestId(sel.participants.form);
    await user.type(within(form).getByTestId(sel.participants.formIrn), 'DUP');
    await user.selectOptions(within(form).getByTestId(sel.participants.formLanguage), '1');
    await user.click(screen.getByTestId(sel.participants.formSave));
    expect(await screen.findAllByText('This IRN is already used in this project.')).toHaveLength(2);
  });

  it('edits a participant: the IRN is fixed, the rest saved', async () => {
    const stub = server();
    const { user } = await open('/main/project/21/participants/edit/501');
    const form = await screen.findByTestId(sel.participants.form);
    expect(within(form).getByTestId(sel.participants.formIrn)).toBeDisabled();
    await user.clear(within(form).getByTestId(sel.participants.formFirstName));
    await user.type(within(form).getByTestId(sel.participants.formFirstName), 'Bea');
    await user.click(screen.getByTestId(sel.participants.formSave));
    expect(await screen.findByTestId(sel.participants.formSuccess)).toHaveTextContent(
      'Participant Updated Successfully!',
    );
    expect(stub.callsTo(API.update)[0]!.body).toMatchObject({
      interviewRefNum: 'IRN501',
      first_name: 'Bea',
      sent_invite_on_update: false,
    });
  });

  it('a changed e-mail asks for the invitation again (sent_invite_on_update)', async () => {
    const stub = server();
    const { user } = await open('/main/project/21/participants/edit/501');
    const form = await screen.findByTestId(sel.participants.form);
    await user.clear(within(form).getByTestId(sel.participants.formEmail));
    await user.type(within(form).getByTestId(sel.participants.formEmail), 'new.address@example.test');
    await user.click(screen.getByTestId(sel.participants.formSave));
    await screen.findByTestId(sel.participants.formSuccess);
    expect(stub.callsTo(API.update)[0]!.body).toMatchObject({
      email: 'new.address@example.test',
      sent_invite_on_update: true,
    });
  });

  it('locks name, e-mail, phone and language of an interviewed participant', async () => {
    const stub = server();
    stub.answer({ [API.get]: { body: participant(501, { status: 'INTERVIEWED' }) } });
    await open('/main/project/21/participants/edit/501');
    const form = await screen.findByTestId(sel.participants.form);
    expect(within(form).getByTestId(sel.participants.formFirstName)).toBeDisabled();
    expect(within(form).getByTestId(sel.participants.formLanguage)).toBeDisabled();
    expect(within(form).getByTestId(sel.participants.formDescription)).toBeEnabled();
  });
});

describe('participants tab states', () => {
  it('is blocked in the setup stage', async () => {
    server({ stageSequence: 1 });
    await open();
    expect(await screen.findByTestId(sel.participants.setupBlocked)).toHaveTextContent(
      'you cannot use participants feature when project is still in setup stage',
    );
  });
});
