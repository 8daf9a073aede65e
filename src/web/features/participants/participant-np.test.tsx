import { screen, waitFor, within } from '@testing-library/react';
import type { Participant, ParticipantTrail } from '../../api/generated/participant-service';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { installFetchStub } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { sel } from '../../../../test/e2e/selectors';
import { participantRow } from '../../testing/fixtures/participant-fixture';
import { PERMISSION } from '../../../shared/permissions';

/** NP marking and reverse, and the participant detail modal (docs/product/participants.md#np, #detail). */
const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/project-service/v1/project/21/participants',
  marking: 'POST /api/participant-service/v1/participants/non-responsive/marking',
  npAction: 'POST /api/participant-service/v1/participants/np-action',
  trail: 'GET /api/participant-service/v1/participants/501/trail',
  backend: 'GET /api/participant-service/v1/participants/501/trail/backenddata',
};

const PERMISSIONS = [
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ,
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_UPDATE,
  PERMISSION.TENANT_PROJECT_PARTICIPANT_ACTION_LIST_READ,
];

const participant = (id: number, overrides: Partial<Participant> = {}): Participant =>
  participantRow(id, { status: 'INVITATION_SENT', ...overrides });

const ROWS = [
  participant(501),
  participant(502, { status: 'INTERVIEWED' }),
  participant(503, { status: 'NON_RESPONSIVE_PARTICIPANT' }),
];

const TRAIL: ParticipantTrail = {
  calls: [
    {
      interviewReferenceNumber: 'IRN501',
      callDateTime: '2026-11-20T09:58:00.000Z',
      accessCode: '123-456-501',
      dialInNumber: '+18005550901',
      durationSeconds: 125,
      dtmfs: '1#',
      providerName: 'Twilio',
      callerNumber: '+12133734253',
      destinationNumber: '+18005550901',
    },
  ],
  participantStatusTransitionLogs: [
    { status: 'NEW_PARTICIPANT', createTs: '2026-11-20T10:00:00.000Z' },
    { status: 'NON_RESPONSIVE_PARTICIPANT', createTs: '2026-11-21T10:00:00.000Z' },
  ],
  supervisorGuideTrackingLogs: [],
  sms_tracking: [],
  email_tracking: [
    {
      message_id: 'local:9',
      create_ts: '2026-11-20T10:05:00.000Z',
      value: 'delivered',
      event_data: '{"recipient":"ana501@example.test"}',
    },
  ],
};

function server(options: { reverse?: boolean; system?: boolean; permissions?: string[] } = {}) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options.permissions ?? PERMISSIONS)],
        isSystemTenant: options.system ?? false,
      }),
    }),
    [API.project]: {
      body: projectDetail({ stageSequence: 3, stageId: 3, reverse_np_configuration: options.reverse ?? true }),
    },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: { body: { participants: ROWS, totalRecords: 3, nextCursor: null } },
    [API.marking]: {
      body: {
        message: '1 participants marked as Non-Responsive',
        changed: 1,
        noAction: [{ participantId: 502, interviewRefNum: 'IRN502', status: 'INTERVIEWED' }],
      },
    },
    [API.npAction]: { body: { message: '1 participants reversed from Non-Responsive', changed: 1, noAction: [] } },
    [API.trail]: { body: TRAIL },
    [API.backend]: {
      body: {
        backendData: [
          { id: 4, kind: 'CALL_RECORD', runId: 'run-4', uploadedAt: '2026-11-20T10:00:00.000Z', uploadedResult: '{}' },
        ],
      },
    },
  });
}

const open = () => renderWithProviders({ route: '/main/project/21/participants', preloadedState: signedInState() });
const openMenu = async (user: Awaited<ReturnType<typeof open>>['user']) => {
  screen.getByTestId(sel.participants.options).focus();
  await user.keyboard('{ArrowDown}');
  return screen.findByTestId(sel.participantNp.optionMark);
};

describe('NP marking', () => {
  it('marks the ticked rows, lists the ineligible ones first and shows the no-action report', async () => {
    const stub = server();
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participants.select(501)));
    await user.click(screen.getByTestId(sel.participants.select(502)));
    await chooseMenuItem(user, sel.participants.options, sel.participantNp.optionMark);
    const dialog = await screen.findByTestId(sel.participantNp.dialog);
    expect(dialog).toHaveTextContent('Mark 2 selected participants as Non-Responsive?');
    expect(within(dialog).getByTestId(sel.participantNp.noAction)).toHaveTextContent(
      'IRNs not valid to be marked as NPIRN502: Interviewed',
    );
    await user.click(screen.getByTestId(sel.participantNp.confirm));
    expect(await screen.findByTestId(sel.participants.success)).toHaveTextContent(
      '1 participants marked as Non-Responsive',
    );
    expect(stub.callsTo(API.marking)[0]!.body).toEqual({ action: 'NP', projectId: 21, participantIds: [501, 502] });
    const report = await screen.findByTestId(sel.participantNp.errorDialog);
    expect(report).toHaveTextContent('IRNs not valid to be marked as NP');
    expect(report).toHaveTextContent('IRN502: Interviewed');
    // The list reloads from page 0 (the mutation refreshes the Participant reads).
    await waitFor(() => expect(stub.callsTo(API.list).length).toBeGreaterThan(1));
  });

  it('disables both entries with no selection or a mixed selection', async () => {
    server();
    const { user } = await open();
    await screen.findByTestId(sel.participants.select(501));
    expect(await openMenu(user)).toHaveAttribute('data-disabled');
    expect(screen.getByTestId(sel.participantNp.optionReverse)).toHaveAttribute('data-disabled');
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId(sel.participants.select(501)));
    await user.click(screen.getByTestId(sel.participants.select(503)));
    expect(await openMenu(user)).toHaveAttribute('data-disabled');
    expect(screen.getByTestId(sel.participantNp.optionReverse)).toHaveAttribute('data-disabled');
    await user.keyboard('{Escape}');
    // Only the non-responsive one: reverse is possible, marking is not.
    await user.click(screen.getByTestId(sel.participants.select(501)));
    expect(await openMenu(user)).toHaveAttribute('data-disabled');
    expect(screen.getByTestId(sel.participantNp.optionReverse)).not.toHaveAttribute('data-disabled');
  });

  it('hides the reverse entry and the row icon when reverse_np_configuration is off', async () => {
    server({ reverse: false });
    const { user } = await open();
    await screen.findByTestId(sel.participants.select(501));
    expect(screen.queryByTestId(sel.participantNp.rowIcon(503))).not.toBeInTheDocument();
    await openMenu(user);
    expect(screen.queryByTestId(sel.participantNp.optionReverse)).not.toBeInTheDocument();
  });

  it('reverses one row from its icon through np-action', async () => {
    const stub = server();
    const { user } = await open();
    expect(screen.queryByTestId(sel.participantNp.rowIcon(502))).not.toBeInTheDocument();
    await user.click(await screen.findByTestId(sel.participantNp.rowIcon(503)));
    expect(await screen.findByTestId(sel.participantNp.dialog)).toHaveTextContent(
      'Reverse the Non-Responsive marking of 1 selected participants?',
    );
    await user.click(screen.getByTestId(sel.participantNp.confirm));
    expect(await screen.findByTestId(sel.participants.success)).toHaveTextContent(
      '1 participants reversed from Non-Responsive',
    );
    expect(stub.callsTo(API.npAction)[0]!.body).toEqual({ action: 'REVERSE_NP', projectId: 21, participantIds: [503] });
  });

  it('opens the confirm-error dialog on a 409 with the IRNs', async () => {
    const stub = server();
    stub.answer({
      [API.npAction]: {
        status: 409,
        body: {
          message: 'IRNs not valid to be marked as NP',
          code: 'NP_NOT_VALID',
          errors: [{ field: 'participantIds', message: 'IRN501: INTERVIEWED' }],
        },
      },
    });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participantNp.rowIcon(501)));
    await user.click(await screen.findByTestId(sel.participantNp.confirm));
    const dialog = await screen.findByTestId(sel.participantNp.errorDialog);
    expect(dialog).toHaveTextContent('IRNs not valid to be marked as NP');
    expect(dialog).toHaveTextContent('IRN501: INTERVIEWED');
    await user.click(screen.getByTestId(sel.participantNp.errorClose));
    await waitFor(() => expect(screen.queryByTestId(sel.participantNp.errorDialog)).not.toBeInTheDocument());
  });
});

describe('participant detail modal', () => {
  it('opens from the date with the spec’s tabs, call logs first, status history and empty states', async () => {
    server();
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participantDetail.open(501)));
    const modal = await screen.findByTestId(sel.participantDetail.modal);
    expect(
      within(modal)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Call Logs', 'Participant Guide', 'Participant status', 'SMS Tracking', 'Email Tracking']);
    const calls = await within(modal).findByTestId(sel.participantDetail.table('calls'));
    expect(calls).toHaveTextContent('02:05');
    expect(calls).toHaveTextContent('Twilio');
    await user.click(within(modal).getByTestId(sel.participantDetail.tab('status')));
    const status = await within(modal).findByTestId(sel.participantDetail.table('status'));
    expect(status).toHaveTextContent('New Participant');
    expect(status).toHaveTextContent('Non-Responsive Participant');
    await user.click(within(modal).getByTestId(sel.participantDetail.tab('sms')));
    expect(await within(modal).findByTestId(sel.participantDetail.empty('sms'))).toHaveTextContent(
      'There are no records to show.',
    );
    await user.click(within(modal).getByTestId(sel.participantDetail.tab('email')));
    expect(await within(modal).findByTestId(sel.participantDetail.table('email'))).toHaveTextContent('delivered');
    await user.click(within(modal).getByTestId(sel.participantDetail.tab('guide')));
    expect(await within(modal).findByTestId(sel.participantDetail.empty('guide'))).toBeInTheDocument();
  });

  it('lists the guide logs posted by the telephony platform; the IP address column for the system tenant only', async () => {
    const guide = {
      ...TRAIL,
      supervisorGuideTrackingLogs: [
        {
          sessionId: 'S-77',
          createTs: '2026-11-20T09:58:10.000Z',
          ipAddress: null,
          buttonName: null,
          pageName: 'Welcome',
        },
        {
          sessionId: 'S-77',
          createTs: '2026-11-20T09:59:00.000Z',
          ipAddress: null,
          buttonName: 'Next',
          pageName: 'Questions',
        },
      ],
    };
    const stub = server();
    stub.answer({ [API.trail]: { body: guide } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participantDetail.open(501)));
    const modal = await screen.findByTestId(sel.participantDetail.modal);
    await user.click(await within(modal).findByTestId(sel.participantDetail.tab('guide')));
    const table = await within(modal).findByTestId(sel.participantDetail.table('guide'));
    expect(table).toHaveTextContent('S-77');
    expect(table).toHaveTextContent('Welcome');
    expect(table).toHaveTextContent('Next');
    expect(table).toHaveTextContent('Questions');
    expect(table).not.toHaveTextContent('IP Address');
  });

  it('shows the guide logs’ IP addresses to the system tenant', async () => {
    const stub = server({ system: true });
    stub.answer({
      [API.trail]: {
        body: {
          ...TRAIL,
          supervisorGuideTrackingLogs: [
            {
              sessionId: 'S-78',
              createTs: '2026-11-20T09:58:10.000Z',
              ipAddress: '198.51.100.9',
              buttonName: null,
              pageName: 'Welcome',
            },
          ],
        },
      },
    });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participantDetail.open(501)));
    const modal = await screen.findByTestId(sel.participantDetail.modal);
    await user.click(await within(modal).findByTestId(sel.participantDetail.tab('guide')));
    const table = await within(modal).findByTestId(sel.participantDetail.table('guide'));
    expect(table).toHaveTextContent('IP Address');
    expect(table).toHaveTextContent('198.51.100.9');
  });

  it('shows Backend Data to the system tenant only', async () => {
    const stub = server({ system: true });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participantDetail.open(501)));
    const modal = await screen.findByTestId(sel.participantDetail.modal);
    await user.click(await within(modal).findByTestId(sel.participantDetail.tab('backend')));
    expect(await within(modal).findByTestId(sel.participantDetail.table('backend'))).toHaveTextContent('run-4');
    expect(stub.callsTo(API.backend)).toHaveLength(1);
  });

  it('has no date link without action.list.read', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ] });
    await open();
    await screen.findByTestId(sel.participants.select(501));
    expect(screen.queryByTestId(sel.participantDetail.open(501))).not.toBeInTheDocument();
  });
});
