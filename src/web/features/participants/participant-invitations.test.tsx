import { screen, waitFor } from '@testing-library/react';
import type { InvitationJob, Participant } from '../../api/generated/participant-service';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { sel } from '../../../../test/e2e/selectors';
import { participantRow } from '../../testing/fixtures/participant-fixture';
import { PERMISSION } from '../../../shared/permissions';
import { everyTagApi } from '../../api/all-tag-types';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/project-service/v1/project/21/participants',
  verify: 'POST /api/participant-service/v1/bulk/verify',
  invite: 'POST /api/participant-service/v1/bulk/invite',
  job: 'GET /api/participant-service/v1/bulk/jobs/77',
  reinvite: 'GET /api/participant-service/v1/reinvite/501',
};

const participant = (id: number): Participant => participantRow(id);

const job = (overrides: Partial<InvitationJob>): InvitationJob => ({
  id: 77,
  projectId: 21,
  channel: 'email',
  kind: 'invite',
  status: 'running',
  total: 58,
  processed: 0,
  sent: 0,
  undelivered: 0,
  noAction: 2,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

function server(verify: StubHandler) {
  let reads = 0;
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [
          ...CUSTOMER_ADMIN_PERMISSIONS,
          PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ,
          PERMISSION.TENANT_PROJECT_PARTICIPANT_INVITE_CREATE,
        ],
      }),
    }),
    [API.project]: {
      body: {
        ...projectDetail({ stageSequence: 3, stageId: 3 }),
        enableEmailCommunication: true,
        enableSMSCommunication: false,
      },
    },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: {
      body: { participants: Array.from({ length: 25 }, (_, i) => participant(501 + i)), totalRecords: 60 },
    },
    [API.verify]: verify,
    [API.invite]: {
      status: 202,
      body: {
        message:
          'Email inivitation have been scheduled for 58 selected participants (Participant status will update approximately in 10 minutes)',
        job: job({ status: 'queued' }),
      },
    },
    [API.reinvite]: {
      body: {
        message: 'Invitation email has been sent to participant',
        outboxMessageId: 9,
        recipient: 'ana501@example.test',
        participantId: 501,
        status: 'INVITATION_RESENT',
      },
    },
    [API.job]: () => {
      reads += 1;
      return {
        body: reads === 1 ? job({ processed: 20 }) : job({ status: 'done', processed: 58, sent: 58, finishedAt: 'x' }),
      };
    },
  });
}

const open = () => renderWithProviders({ route: '/main/project/21/participants', preloadedState: signedInState() });

async function selectAllAcrossPages(user: Awaited<ReturnType<typeof open>>['user']) {
  await screen.findByTestId(sel.participants.select(501));
  await user.click(screen.getByTestId(sel.participants.selectPage).querySelector('[data-part="control"]')!);
  await user.click(await screen.findByTestId(sel.participants.selectAll));
  expect(screen.getByTestId(sel.participants.selection)).toHaveTextContent('All 60 records selected');
}

describe('participants: e-mail invitations', () => {
  it('selects all across pages, verifies (417: the message inside the confirmation), invites and shows the progress bar until done', async () => {
    const stub = server({
      status: 417,
      body: { message: '2 of the 60 selected participants cannot be invited by Email and will get no action.' },
    });
    const { user, store } = await open();
    await selectAllAcrossPages(user);
    await chooseMenuItem(user, sel.participants.options, sel.participants.optionSendEmail);
    expect(await screen.findByTestId(sel.participants.inviteConfirmText)).toHaveTextContent(
      '2 of the 60 selected participants cannot be invited by Email and will get no action.',
    );
    expect(stub.callsTo(API.verify)[0]!.body).toEqual({ projectId: 21, allRecords: true, invitationType: 'email' });
    await user.click(screen.getByTestId(sel.participants.inviteConfirmSend));
    expect(await screen.findByTestId(sel.participants.inviteSuccess)).toHaveTextContent(
      'Email inivitation have been scheduled for 58 selected participants (Participant status will update approximately in 10 minutes)',
    );
    expect(stub.callsTo(API.invite)[0]!.body).toEqual({ projectId: 21, allRecords: true, invitationType: 'email' });
    const progress = await screen.findByTestId(sel.participants.inviteProgress);
    expect(progress.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(screen.getByTestId(sel.participants.inviteProgressText)).toHaveTextContent('20 of 58 invitations queued');
    // No polling: the progress is read again when the tenant's event stream names the Invitation tag.
    expect(stub.callsTo(API.job)).toHaveLength(1);
    store.dispatch(everyTagApi.util.invalidateTags(['Invitation']));
    await waitFor(() => expect(progress).toHaveAttribute('data-status', 'done'));
    expect(screen.getByTestId(sel.participants.inviteProgressText)).toHaveTextContent(
      '58 of 58 invitations queued, 58 sent, 2 no action',
    );
    // The list reloads once the job is done.
    await waitFor(() => expect(stub.callsTo(API.list).length).toBeGreaterThan(1));
  });

  it('409 on verify opens the error dialog with the server message and sends nothing', async () => {
    const stub = server({
      status: 409,
      body: { message: 'None of the 60 selected participants can be invited by Email.', code: 'X' },
    });
    const { user } = await open();
    await selectAllAcrossPages(user);
    await chooseMenuItem(user, sel.participants.options, sel.participants.optionSendEmail);
    expect(await screen.findByTestId(sel.participants.inviteConflictText)).toHaveTextContent(
      'None of the 60 selected participants can be invited by Email.',
    );
    expect(stub.callsTo(API.invite)).toHaveLength(0);
  });

  it("the row's send e-mail icon sends that participant's invitation", async () => {
    const stub = server({ status: 200, body: { message: 'x', eligible: 1, noAction: 0 } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.participants.sendInvitation('email', 501)));
    expect(await screen.findByTestId(sel.participants.success)).toHaveTextContent(
      'Invitation email has been sent to participant',
    );
    expect(stub.callsTo(API.reinvite)[0]!.query.get('invitation_type')).toBe('email');
    // The participant has a phone, but the project's SMS setting is off: no SMS icon.
    expect(screen.queryByTestId(sel.participants.sendInvitation('sms', 501))).toBeNull();
  });
});
