import { act, screen, waitFor } from '@testing-library/react';
import type { AccessCodeFile, AccessCodeRow, Participant } from '../../api/generated/project-service';
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
  codes: 'POST /api/project-service/v1/project/accessCodesList',
  participants: 'POST /api/project-service/v1/project/21/participants',
  creators: 'GET /api/participant-service/v1/project/21/participants/creators',
  refresh: 'GET /api/participant-service/v1/accesscode/refresh/501',
  files: 'GET /api/project-service/v1/project/accessCodeFiles',
  upload: 'POST /api/project-service/v1/project/uploadAccessCodes',
  burn: 'PUT /api/project-service/v1/project/burnCode',
};

const poolCode = (id: number, accessCode: string, status: AccessCodeRow['status']): AccessCodeRow => ({
  accessCodeId: id,
  participantId: null,
  irnCode: null,
  accessCode,
  status,
  originalFileName: 'codes.txt',
  is_backup: false,
  dateAdded: '2026-11-21T10:00:00.000Z',
  dateUsed: null,
});
const FILE: AccessCodeFile = {
  fileId: 4,
  originalFileName: 'codes.txt',
  projectCode: '12101',
  totalRecorded: 3,
  assigned: 0,
  available: 2,
  burned: 1,
  dateImported: '2026-11-21T10:00:00.000Z',
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

const participant = (id: number, accessCode: string): Participant =>
  participantRow(id, { last_name: 'Cruz', accessCode, email: null, phoneNumber: null });

function server(
  options: { permissions?: string[]; refreshFlag?: boolean; refreshStatus?: number; files?: AccessCodeFile[] } = {},
) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [
          ...CUSTOMER_ADMIN_PERMISSIONS,
          ...(options.permissions ?? [
            PERMISSION.TENANT_PROJECT_ACCESSCODE_READ,
            PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ,
            PERMISSION.TENANT_PROJECT_PARTICIPANTS_UPDATE,
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
    [API.files]: { body: { files: options.files ?? [] } },
    [API.burn]: { body: { message: '1 access code burnt.', burned: 1 } },
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
      expect(stub.callsTo(API.codes)[0]!.body).toEqual({ projectId: 21, page: 0, pageSize: 100 });
      expect(stub.callsTo(API.files)[0]!.query.get('projectId')).toBe('21');
      // Without a file, View Codes does nothing (docs/product/access-codes.md#list).
      expect(screen.getByTestId(sel.accessCodes.viewCodes)).toBeDisabled();
      await user.type(screen.getByTestId(sel.accessCodes.search), '123');
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
      expect(stub.callsTo(API.codes)).toHaveLength(1);
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      await waitFor(() => expect(stub.callsTo(API.codes)).toHaveLength(2));
      expect(stub.callsTo(API.codes)[1]!.body).toEqual({ projectId: 21, page: 0, pageSize: 100, search: '123' });
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

describe('access-code files, filters and burn', () => {
  it('lists the files with their counts and enables View Codes', async () => {
    server({ files: [FILE] });
    await open('/main/project/21/accesscode');
    expect(await screen.findByTestId(sel.accessCodes.file(4))).toHaveTextContent('codes.txt');
    expect(screen.getByTestId(sel.accessCodes.files)).toHaveTextContent('12101');
    await waitFor(() => expect(screen.getByTestId(sel.accessCodes.viewCodes)).toBeEnabled());
  });

  it('sends the status, type and test filters from page 0', async () => {
    const stub = server({
      permissions: [
        PERMISSION.TENANT_PROJECT_ACCESSCODE_READ,
        PERMISSION.TENANT_PROJECT_PARTICIPANTS_UPDATE,
        PERMISSION.TENANT_PROJECT_PARTICIPANT_TEST_READ,
      ],
    });
    const { user } = await open('/main/project/21/accesscode');
    await waitFor(() => expect(stub.callsTo(API.codes)).toHaveLength(1));
    await user.selectOptions(screen.getByTestId(sel.accessCodes.statusFilter), 'Available');
    await waitFor(() =>
      expect(stub.callsTo(API.codes).at(-1)!.body).toEqual({
        projectId: 21,
        page: 0,
        pageSize: 100,
        status: ['Available'],
      }),
    );
    await user.selectOptions(screen.getByTestId(sel.accessCodes.typeFilter), 'backup');
    await waitFor(() =>
      expect(stub.callsTo(API.codes).at(-1)!.body).toEqual({
        projectId: 21,
        page: 0,
        pageSize: 100,
        status: ['Available'],
        isBackup: true,
      }),
    );
    await chooseMenuItem(user, sel.accessCodes.options, sel.accessCodes.testToggle);
    await waitFor(() => expect(stub.callsTo(API.codes).at(-1)!.body).toMatchObject({ isTestAccessCode: true }));
  });

  it('offers a checkbox only on Available codes and burns the selected ones', async () => {
    const stub = server({ files: [FILE] });
    stub.answer({
      [API.codes]: {
        body: {
          accesscode_list: [
            poolCode(11, '100200300', 'Available'),
            poolCode(12, '100200301', 'Burned'),
            code(501, '123456789'),
          ],
          total_count: 3,
        },
      },
    });
    const { user } = await open('/main/project/21/accesscode');
    expect(await screen.findByTestId(sel.accessCodes.poolCode(11))).toHaveTextContent('100-200-300');
    expect(screen.queryByTestId(sel.accessCodes.select(12))).not.toBeInTheDocument();
    await user.click(screen.getByTestId(sel.accessCodes.select(11)));
    await chooseMenuItem(user, sel.accessCodes.options, sel.accessCodes.burn);
    await waitFor(() => expect(stub.callsTo(API.burn)).toHaveLength(1));
    expect(stub.callsTo(API.burn)[0]!.body).toEqual({ projectId: 21, accessCodeIds: [11] });
    // The list and the files reload (contract tags).
    await waitFor(() => expect(stub.callsTo(API.codes).length).toBeGreaterThan(1));
  });

  it('upload: shows the HTML error as text lines, then the success text and closes after 4 s', async () => {
    const stub = server();
    stub.answer({
      [API.upload]: {
        body: {
          status: 'FAILED',
          message: 'Error occurred in file upload please try again',
          erroCode:
            '<p>codes.txt: 1 error; no access code was stored.</p><ul><li>Line 2: Access code &#39;12&lt;b&gt;&#39; is bad</li></ul>',
          fileId: null,
          totalRecorded: 0,
        },
      },
    });
    const { user } = await open('/main/project/21/accesscode');
    await user.click(await screen.findByTestId(sel.accessCodes.upload));
    expect(screen.getByTestId(sel.accessCodes.uploadSubmit)).toBeDisabled();
    const file = new File(['12<b>\n'], 'codes.txt', { type: 'text/plain' });
    await user.upload(screen.getByTestId(sel.accessCodes.uploadInput), file);
    await user.click(screen.getByTestId(sel.accessCodes.uploadSubmit));
    const alert = await screen.findByTestId(sel.accessCodes.uploadError);
    expect(alert).toHaveTextContent("Line 2: Access code '12<b>' is bad");
    expect(alert.querySelector('b')).toBeNull();
    // The spec's form: the file and the project (docs/product/access-codes.md#upload "multipart file, projectId").
    expect(String(stub.callsTo(API.upload)[0]!.body)).toMatch(/name="projectId"\r\n\r\n21\r\n/);
    stub.answer({
      [API.upload]: {
        body: { status: 'SUCCESS', message: 'File uploaded successfully', erroCode: null, fileId: 5, totalRecorded: 1 },
      },
    });
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await user.click(screen.getByTestId(sel.accessCodes.uploadSubmit));
      expect(await screen.findByTestId(sel.accessCodes.uploadSuccess)).toHaveTextContent('File uploaded successfully');
      await act(async () => {
        jest.advanceTimersByTime(4000);
      });
      await waitFor(() => expect(screen.queryByTestId(sel.accessCodes.uploadDialog)).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('without participants.update there is no Upload and no Burn Code', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_ACCESSCODE_READ], files: [FILE] });
    const { user } = await open('/main/project/21/accesscode');
    expect(await screen.findByTestId(sel.accessCodes.file(4))).toBeInTheDocument();
    expect(screen.queryByTestId(sel.accessCodes.upload)).not.toBeInTheDocument();
    await user.click(screen.getByTestId(sel.accessCodes.options));
    expect(screen.queryByTestId(sel.accessCodes.burn)).not.toBeInTheDocument();
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
