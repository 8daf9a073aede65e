import { fireEvent, screen, waitFor } from '@testing-library/react';
import { chooseMenuItem } from '../../testing/choose-menu-item';
import { installFetchStub } from '../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../testing/factories';
import { projectDetail } from '../../testing/fixtures/project-detail-fixture';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  list: 'POST /api/execution-service/v1/interview/results',
  upload: 'POST /api/execution-service/v1/interview/uploadResults',
  errorFile: 'POST /api/project-service/v1/project/error/file/download',
};

const PAGE = {
  results: [],
  totalResults: 0,
  questions: [],
  questionnaireType: 'PRECISION_QUESTIONNAIRE',
  resultEmailEnabled: false,
};

function server(upload: { status?: number; body: unknown }, permissions = [PERMISSION.TENANT_PROJECT_RESULTS_CREATE]) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [...CUSTOMER_ADMIN_PERMISSIONS, PERMISSION.TENANT_PROJECT_RESULTS_READ, ...permissions],
      }),
    }),
    [API.project]: {
      body: projectDetail({ questionnaireType: 'PRECISION_QUESTIONNAIRE', projectMultiLanguageConfig: [] }),
    },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.list]: { body: PAGE },
    [API.upload]: upload,
    [API.errorFile]: {
      body: new Blob(['Row,IRN,Error\n']),
      headers: { 'content-disposition': 'attachment; filename="result-errors.csv"' },
    },
  });
}

const open = () => renderWithProviders({ route: '/main/project/21/results', preloadedState: signedInState() });
const csv = () => new File(['IRN,Overall Result,Completed At\n'], 'results.csv', { type: 'text/csv' });

async function uploadFile(stub: ReturnType<typeof server>) {
  const { user } = await open();
  await waitFor(() => expect(stub.callsTo(API.list)).toHaveLength(1));
  await chooseMenuItem(user, 'results-actions', 'results-upload');
  expect(await screen.findByTestId('results-upload-dialog')).toBeInTheDocument();
  expect(screen.getByTestId('results-upload-submit')).toBeDisabled();
  expect(screen.getByTestId('results-upload-input')).toHaveAttribute('accept', '.xlsx,.csv');
  await user.upload(screen.getByTestId('results-upload-input'), csv());
  await user.click(screen.getByTestId('results-upload-submit'));
  return user;
}

describe('Upload Results', () => {
  it('uploads a file and reloads the list', async () => {
    const stub = server({
      body: {
        uploadStatus: 'SUCCESS',
        numberOfRecords: 2,
        duplicates: 0,
        duplicateFileName: null,
        runId: 'upload-1',
        message: 'Results Uploaded Successfully',
      },
    });
    await uploadFile(stub);
    expect(await screen.findByTestId('results-upload-success')).toHaveTextContent('Results uploaded: 2');
    expect(stub.callsTo(API.upload)[0]!.query.get('projectId')).toBe('21');
    await waitFor(() => expect(stub.callsTo(API.list).length).toBeGreaterThan(1));
  });

  it('shows the duplicates dialog whose link downloads the error file (error_type result)', async () => {
    const stub = server({
      body: {
        uploadStatus: 'FAILED',
        numberOfRecords: 3,
        duplicates: 1,
        duplicateFileName: 'result-errors.csv',
        runId: 'upload-2',
        message: 'Duplicate results: nothing was stored.',
      },
    });
    const user = await uploadFile(stub);
    expect(await screen.findByTestId('results-upload-duplicates')).toHaveTextContent('1 duplicate results');
    await user.click(screen.getByTestId('results-upload-error-file'));
    await waitFor(() => expect(stub.callsTo(API.errorFile)).toHaveLength(1));
    expect(stub.callsTo(API.errorFile)[0]!.body).toEqual({
      error_file_name: 'result-errors.csv',
      error_type: 'result',
    });
  });

  it('shows the server message of a refused file through the error alert', async () => {
    const stub = server({ status: 422, body: { message: 'The file is empty.', code: 'WRONG_COLUMNS' } });
    await uploadFile(stub);
    expect(await screen.findByTestId('results-upload-error')).toHaveTextContent('The file is empty.');
  });

  it('offers Upload Results only with tenant.project.results.create', async () => {
    const stub = server({ body: {} }, []);
    await open();
    await waitFor(() => expect(stub.callsTo(API.list)).toHaveLength(1));
    // The Actions menu is there for the downloads; its Upload Results item is not.
    fireEvent.click(screen.getByTestId('results-actions'));
    expect(await screen.findByTestId('results-download')).toBeInTheDocument();
    expect(screen.queryByTestId('results-upload')).not.toBeInTheDocument();
  });
});
