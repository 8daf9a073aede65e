import { screen, waitFor } from '@testing-library/react';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { installFetchStub } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { sel } from '../../../../test/e2e/selectors';
import { PERMISSION } from '../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/project-service/v1/project/21/participants',
  template: 'GET /api/participant-service/v1/participants/downloadTemplate',
  upload: 'POST /api/participant-service/v1/participants/uploadParticipants',
  export: 'POST /api/participant-service/v1/participants/exportParticipants',
  errorFile: 'POST /api/project-service/v1/project/error/file/download',
};

const attachment = (name: string) => ({
  body: new Blob(['x']),
  headers: { 'content-disposition': `attachment; filename="${name}"` },
});

const RESULT = {
  numberOfRecords: 3,
  columns: true,
  columnsErrors: 0,
  irnUnique: true,
  irnErrors: 0,
  emailValid: true,
  emailErrors: 0,
  phone: true,
  phoneErrors: 0,
  language: true,
  languageErrors: 0,
  message: 'Upload Completed',
};

function server(upload: Record<string, unknown>, permissions: string[]) {
  return installFetchStub({
    ...serverFor({ user: userInfo({ permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...permissions] }) }),
    [API.project]: { body: projectDetail({ stageSequence: 3, stageId: 3 }) },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: { body: { participants: [], totalRecords: 0, nextCursor: null } },
    [API.template]: attachment('ParticipantTemplate.xlsx'),
    [API.export]: attachment('participants_21.csv'),
    [API.errorFile]: attachment('participant-errors.txt'),
    [API.upload]: { body: upload },
  });
}

const ALL = [
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ,
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_CREATE,
  PERMISSION.TENANT_PROJECT_PARTICIPANTS_DELETE,
  PERMISSION.TENANT_PROJECT_PARTICIPANT_DOWNLOAD,
];
const open = () => renderWithProviders({ route: '/main/project/21/participants', preloadedState: signedInState() });
const csv = () => new File(['IRN,First Name\n'], 'participants.csv', { type: 'text/csv' });

describe('participants import and export', () => {
  it('downloads the template and appends a file, then reloads the list', async () => {
    const stub = server({ ...RESULT, uploadStatus: 'SUCCESS', error_file_name: null, replaced: 0 }, ALL);
    const { user } = await open();
    await waitFor(() => expect(stub.callsTo(API.list)).toHaveLength(1));
    await chooseMenuItem(user, sel.participants.options, sel.participants.optionTemplate);
    await waitFor(() => expect(stub.callsTo(API.template)).toHaveLength(1));
    await chooseMenuItem(user, sel.participants.options, sel.participants.optionUpload);
    expect(await screen.findByTestId(sel.participants.uploadDialog)).toBeInTheDocument();
    expect(screen.getByTestId(sel.participants.uploadSubmit)).toBeDisabled();
    await user.upload(screen.getByTestId(sel.participants.uploadInput), csv());
    await user.click(screen.getByTestId(sel.participants.uploadSubmit));
    expect(await screen.findByTestId(sel.participants.uploadStatus)).toHaveTextContent('Success!');
    expect(screen.getByText('Upload Completed')).toBeInTheDocument();
    expect(stub.callsTo(API.upload)[0]!.query.get('replaceAll')).toBe('false');
    await waitFor(() => expect(stub.callsTo(API.list).length).toBeGreaterThan(1));
    expect(screen.queryByTestId(sel.participants.uploadErrorFile)).not.toBeInTheDocument();
  });

  it('shows the failed checks and downloads the error file (Replace All)', async () => {
    const stub = server(
      {
        ...RESULT,
        uploadStatus: 'FAILED',
        emailValid: false,
        emailErrors: 2,
        error_file_name: 'participant-errors.txt',
        message: 'Upload Failed',
      },
      ALL,
    );
    const { user } = await open();
    await waitFor(() => expect(stub.callsTo(API.list)).toHaveLength(1));
    await chooseMenuItem(user, sel.participants.options, sel.participants.optionUpload);
    await user.selectOptions(await screen.findByTestId(sel.participants.uploadMode), 'replace');
    await user.upload(screen.getByTestId(sel.participants.uploadInput), csv());
    await user.click(screen.getByTestId(sel.participants.uploadSubmit));
    expect(await screen.findByTestId(sel.participants.uploadStatus)).toHaveTextContent('Errors Found!');
    expect(screen.getByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByTestId('participants-upload-email')).toHaveTextContent('Failed (2)');
    expect(screen.getByTestId('participants-upload-columns')).toHaveTextContent('Passed');
    expect(stub.callsTo(API.upload)[0]!.query.get('replaceAll')).toBe('true');
    await user.click(screen.getByTestId(sel.participants.uploadErrorFile));
    await waitFor(() => expect(stub.callsTo(API.errorFile)).toHaveLength(1));
    expect(stub.callsTo(API.errorFile)[0]!.body).toEqual({
      error_file_name: 'participant-errors.txt',
      error_type: 'participant',
    });
  });

  it('hides the items without their permissions; export needs a selection', async () => {
    server({}, [PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ, PERMISSION.TENANT_PROJECT_PARTICIPANT_DOWNLOAD]);
    const { user } = await open();
    await waitFor(() => expect(screen.getByTestId(sel.participants.options)).toBeInTheDocument());
    screen.getByTestId(sel.participants.options).focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByTestId(sel.participants.optionExport)).toHaveAttribute('data-disabled');
    expect(screen.queryByTestId(sel.participants.optionUpload)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.participants.optionTemplate)).not.toBeInTheDocument();
  });
});
