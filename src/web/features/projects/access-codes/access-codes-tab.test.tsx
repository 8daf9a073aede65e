import { act, screen, waitFor } from '@testing-library/react';
import type { AccessCodeRow, Participant } from '../../../api/generated/participant-service';
import { installFetchStub } from '../../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../../testing/factories';
import { projectDetail } from '../../../testing/fixtures/project-detail-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { sel } from '../../../../../test/e2e/selectors';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  codes: 'POST /api/participant-service/v1/project/21/accessCodesList',
  participants: 'POST /api/participant-service/v1/project/21/participants',
  creators: 'GET /api/participant-service/v1/project/21/participants/creators',
  refresh: 'POST /api/participant-service/v1/accesscode/refresh/501',
};

const code = (id: number, accessCode: string): AccessCodeRow => ({
  accessCodeId: null,
  participantId: id,
  irnCode: `IRN${id}`,
  accessCode,
  status: 'Assigned',
  originalFileName: null,
  is_backup: false,
  dateAdded: '2026-11-20T10:00:00.000Z',
  dateUsed: null,
});

const participant = (id: number, accessCode: string): Participant => ({
  participantId: id,
  projectId: 21,
  interviewRefNum: `IRN${id}`,
  first_name: 'Ana',
  last_name: 'Cruz',
  accessCode,
  email: null,
  phoneNumber: null,
  participantLanguageId: 1,
  participantLanguage: 'English',
  status: 'NEW_PARTICIPANT',
  isActive: true,
  is_test_participant: false,
  updateTs: '2026-11-20T10:00:00.000Z',
  isAllowedQuestionnaire: true,
  create_ts: '2026-11-20T10:00:00.000Z',
  createdById: 7,
  created_by: 'Ada Reyes',
  accessCodeUpdateTs: null,
  sms_sent: null,
  email_sent: null,
  email_pending: false,
  sms_pending: false,
  uuid: `uuid-${id}`,
  date: null,
  timezone_id: null,
  additional_description: null,
});

function server(options: { permissions?: string[]; refreshFlag?: boolean; refreshStatus?: number } = {}) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [
          ...CUSTOMER_ADMIN_PERMISSIONS,
          ...(options.permissions ?? [
            'tenant.project.accesscode.read',
            'tenant.project.participants.read',
            'tenant.project.participants.update',
          ]),
        ],
      }),
    }),
    [API.project]: {
      body: projectDetail({ stageSequence: 3, stageId: 3, enable_refresh_accesscode: options.refreshFlag ?? true }),
    },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.codes]: { body: { accesscode_list: [code(501, '123456789'), code(502, '987-654-3210')], total_count: 150 } },
    [API.participants]: {
      body: { participants: [participant(501, '123-456-789')], totalRecords: 1, nextCursor: null },
    },
    [API.creators]: { body: { creators: [] } },
    [API.refresh]:
      options.refreshStatus && options.refreshStatus !== 200
        ? { status: options.refreshStatus, body: { message: 'Access code can not be refreshed for this participant' } }
        : {
            body: {
              message: 'Acess Code Refreshed',
              participantId: 501,
              accessCode: '555-666-777',
              accessCodeUpdateTs: '2026-11-26T10:00:00.000Z',
            },
          },
  });
}

const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState() });

describe('access codes tab', () => {
  it('lists a page of 100 with the codes grouped 3-3-rest and searches 1.5 s after the last key', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const stub = server();
      const { user } = await open('/main/project/21/accesscode');
      await waitFor(() => expect(screen.getByTestId(sel.accessCodes.code(501))).toHaveTextContent('123-456-789'));
      expect(screen.getByTestId(sel.accessCodes.code(502))).toHaveTextContent('987-654-3210');
      expect(screen.getByTestId('access-codes-page')).toHaveTextContent('Page 1 of 2 (150 access codes)');
      expect(stub.callsTo(API.codes)[0]!.body).toEqual({ page: 0, pageSize: 100 });
      await user.type(screen.getByTestId(sel.accessCodes.search), '123');
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
      expect(stub.callsTo(API.codes)).toHaveLength(1);
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      await waitFor(() => expect(stub.callsTo(API.codes)).toHaveLength(2));
      expect(stub.callsTo(API.codes)[1]!.body).toEqual({ page: 0, pageSize: 100, search: '123' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the failure of the list', async () => {
    const stub = server();
    stub.answer({ [API.codes]: { status: 500, body: { message: 'Database down' } } });
    await open('/main/project/21/accesscode');
    expect(await screen.findByTestId('access-codes-failure')).toBeInTheDocument();
  });
});

describe('refresh access code icon on the participants list', () => {
  it('refreshes the code, says so and reloads the list', async () => {
    const stub = server();
    const { user } = await open('/main/project/21/participants');
    await user.click(await screen.findByTestId(sel.accessCodes.refresh(501)));
    await waitFor(() => expect(stub.callsTo(API.refresh)).toHaveLength(1));
    expect(await screen.findByText('Acess Code Refreshed')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo(API.participants).length).toBeGreaterThan(1));
  });

  it('shows the refusal', async () => {
    server({ refreshStatus: 409 });
    const { user } = await open('/main/project/21/participants');
    await user.click(await screen.findByTestId(sel.accessCodes.refresh(501)));
    expect(await screen.findByText('Access code can not be refreshed for this participant')).toBeInTheDocument();
  });

  it('is not offered when the project setting is off', async () => {
    server({ refreshFlag: false });
    await open('/main/project/21/participants');
    expect(await screen.findByTestId(sel.participants.irn(501))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.accessCodes.refresh(501))).not.toBeInTheDocument();
  });
});
