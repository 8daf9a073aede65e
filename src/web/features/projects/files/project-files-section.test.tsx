import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProjectFile } from '../../../api/generated/project-service';
import { installFetchStub } from '../../../testing/fetch-stub';
import { serverFor, signedInState, userInfo } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { sel } from '../../../../../test/e2e/selectors';
import { ProjectFilesSection } from './project-files-section';
// Rendered outside the shell, which registers the signed-in screens' recipes (ADR 0084).
import '../../../theme/signed-in-recipes';

const UUID = '6f1c2b8e-1d7a-4b5e-9f00-000000000021';
const API = {
  files: 'GET /api/project-service/v1/project/files',
  download: 'GET /api/project-service/v1/project/files/download',
  asset: 'GET /api/project-service/v1/project/assets/download',
  isw: 'POST /api/project-service/v1/project/isw/uploadxlsx',
  supervisor: 'POST /api/project-service/v1/project/guide/uploadJson',
  mobile: 'POST /api/project-service/v1/project-mobile/upload',
  uploadUrl: 'POST /api/project-service/v1/project-mobile/upload-url',
  signedPut: 'PUT /api/storage/upload',
  configuration: 'POST /api/project-service/v1/project/configuration-json',
  export: 'GET /api/project-service/v1/project/export/details',
};

const stored = (fileType: ProjectFile['fileType'], fileName: string): ProjectFile => ({
  fileType,
  fileName,
  mediaType: 'application/zip',
  sizeBytes: 120,
  uploadedAt: '2026-11-20T10:00:00.000Z',
});

const attachment = (name: string) => ({
  body: new Blob(['PK']),
  headers: { 'content-disposition': `attachment; filename="${name}"` },
});

function server() {
  return installFetchStub({
    ...serverFor({ user: userInfo() }),
    [API.files]: { body: [stored('ISW_XLSX', 'isw.xlsx'), stored('ASSETS_ZIP', 'assets.zip')] },
    [API.download]: attachment('isw.xlsx'),
    [API.asset]: attachment('assets.zip'),
    [API.isw]: { body: { message: 'File uploaded successfully' } },
    [API.supervisor]: { body: { message: 'File uploaded successfully' } },
    [API.mobile]: { body: { message: 'File Uploaded Successfully' } },
    [API.uploadUrl]: {
      body: { url: 'http://localhost/api/storage/upload?token=signed', method: 'PUT', expiresInSeconds: 900 },
    },
    [API.signedPut]: { status: 204 },
    [API.configuration]: { body: { message: 'File uploaded successfully', configurationJSON: { en: { a: 'b' } } } },
    [API.export]: attachment('Harbour Screening - Project Details.docx'),
  });
}

const onConfigurationJson = jest.fn();
const open = (readOnly = false) =>
  renderWithProviders({
    routes: [
      {
        path: '/',
        element: (
          <ProjectFilesSection
            projectId={21}
            projectUuid={UUID}
            readOnly={readOnly}
            onConfigurationJson={onConfigurationJson}
          />
        ),
      },
    ],
    preloadedState: signedInState(),
  });

const file = (name: string, type = 'application/octet-stream') => new File(['PK\u0003\u0004'], name, { type });
const f = sel.projectFiles;
/** Chooses a file as the browser would (user.upload would drop a file the input's accept list excludes). */
const choose = async (kind: string, chosen: File) =>
  fireEvent.change(await screen.findByTestId(f.input(kind)), { target: { files: [chosen] } });

let saved: string[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('project files section', () => {
  it('shows the stored names and downloads a file and an asset under their names', async () => {
    const stub = server();
    const { user } = await open();
    expect(await screen.findByTestId(f.name('ISW_XLSX'))).toHaveTextContent('isw.xlsx');
    expect(screen.getByTestId(f.name('SUPERVISOR_XLSX'))).toHaveTextContent('No file uploaded');
    expect(screen.queryByTestId(f.download('SUPERVISOR_XLSX'))).not.toBeInTheDocument();
    await user.click(screen.getByTestId(f.download('ISW_XLSX')));
    await user.click(screen.getByTestId(f.download('ASSETS_ZIP')));
    await waitFor(() => expect(saved).toEqual(['isw.xlsx', 'assets.zip']));
    expect(stub.callsTo(API.download)[0]!.query.get('file_type')).toBe('ISW_XLSX');
    expect(stub.callsTo(API.asset)[0]!.query.get('file_name')).toBe('assets.zip');
  });

  it('uploads the ISW and supervisor spreadsheets with the spec messages, refusing another extension', async () => {
    const stub = server();
    await open();
    await choose('ISW_XLSX', file('isw.xlsx'));
    expect(await screen.findByTestId(f.success('ISW_XLSX'))).toHaveTextContent('File uploaded successfully');
    expect(stub.callsTo(API.isw)[0]!.query.get('projectId')).toBe('21');

    await choose('SUPERVISOR_XLSX', file('guide.csv'));
    expect(await screen.findByTestId(f.error('SUPERVISOR_XLSX'))).toHaveTextContent('File type not supported');
    expect(stub.callsTo(API.supervisor)).toHaveLength(0);

    stub.answer({ [API.supervisor]: { status: 422, body: { message: 'File type not supported' } } });
    await choose('SUPERVISOR_XLSX', file('guide.xls'));
    expect(await screen.findByTestId(f.error('SUPERVISOR_XLSX'))).toHaveTextContent(
      'Error occurred in file upload please try again',
    );
  });

  it('sends the assets zip to its signed upload URL', async () => {
    const stub = server();
    await open();
    await choose('ASSETS_ZIP', file('new-assets.zip'));
    expect(await screen.findByTestId(f.success('ASSETS_ZIP'))).toHaveTextContent('File Uploaded Successfully');
    const grant = stub.callsTo(API.uploadUrl)[0]!;
    expect(grant.query.get('project_uuid')).toBe(UUID);
    expect(grant.query.get('file_name')).toBe('new-assets.zip');
    const put = stub.callsTo(API.signedPut)[0]!;
    expect(put.query.get('token')).toBe('signed');
    expect(put.headers.get('content-type')).toBe('application/zip');
  });

  it('reports a refused bucket upload and clears a mobile-app error after 8 seconds', async () => {
    const stub = server();
    stub.answer({
      [API.signedPut]: { status: 403, body: { message: 'The upload link is not valid or has expired.' } },
    });
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await open();
      await choose('ASSETS_ZIP', file('assets.zip'));
      expect(await screen.findByTestId(f.error('ASSETS_ZIP'))).toHaveTextContent(
        'Error while uploading the file on bucket',
      );
      act(() => jest.advanceTimersByTime(5_500));
      expect(screen.getByTestId(f.error('ASSETS_ZIP'))).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3_000));
      expect(screen.queryByTestId(f.error('ASSETS_ZIP'))).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('uploads the questions audio and the mobile xlsx, showing the server message on a refusal', async () => {
    const stub = server();
    await open();
    await choose('QUESTIONS_AUDIO', file('audio.zip'));
    expect(await screen.findByTestId(f.success('QUESTIONS_AUDIO'))).toHaveTextContent('File Uploaded Successfully');
    expect(stub.callsTo(API.mobile)[0]!.query.get('project_uuid')).toBe(UUID);

    stub.answer({ [API.mobile]: { status: 413, body: { message: 'The file is too large.' } } });
    await choose('MOBILE_APP_XLSX', file('config.xlsx'));
    expect(await screen.findByTestId(f.error('MOBILE_APP_XLSX'))).toHaveTextContent('The file is too large.');
    await choose('MOBILE_APP_XLSX', file('config.xls'));
    expect(await screen.findByTestId(f.error('MOBILE_APP_XLSX'))).toHaveTextContent('File type not supported');
  });

  it('reads the configuration JSON and hands it to the form, with the spec messages', async () => {
    const stub = server();
    await open();
    await choose('CONFIGURATION_JSON', file('labels.txt'));
    expect(await screen.findByTestId(f.error('CONFIGURATION_JSON'))).toHaveTextContent('Please select Json File');

    await choose('CONFIGURATION_JSON', file('labels.json', 'application/json'));
    expect(await screen.findByTestId(f.success('CONFIGURATION_JSON'))).toHaveTextContent('File uploaded successfully');
    expect(onConfigurationJson).toHaveBeenCalledWith({ en: { a: 'b' } });

    stub.answer({
      [API.configuration]: { status: 422, body: { message: 'JSON is not valid. Upload again after correction' } },
    });
    await choose('CONFIGURATION_JSON', file('labels.json', 'application/json'));
    expect(await screen.findByTestId(f.error('CONFIGURATION_JSON'))).toHaveTextContent(
      'JSON is not valid. Upload again after correction',
    );
  });

  it('exports the details as Word, and shows Error when the export fails', async () => {
    const stub = server();
    const { user } = await open();
    await user.click(await screen.findByTestId(f.exportDetails));
    await waitFor(() => expect(saved).toEqual(['Harbour Screening - Project Details.docx']));
    stub.answer({ [API.export]: { status: 404, body: { message: 'Project not found.' } } });
    await user.click(screen.getByTestId(f.exportDetails));
    expect(await screen.findByTestId(f.exportError)).toHaveTextContent('Error');
  });

  it('read-only: names and downloads, no uploads', async () => {
    server();
    await open(true);
    expect(await screen.findByTestId(f.download('ISW_XLSX'))).toBeInTheDocument();
    expect(screen.queryByTestId(f.upload('ISW_XLSX'))).not.toBeInTheDocument();
    expect(screen.queryByTestId(f.upload('CONFIGURATION_JSON'))).not.toBeInTheDocument();
  });

  it('shows a load failure with the server message', async () => {
    const stub = server();
    stub.answer({ [API.files]: { status: 404, body: { message: 'Project not found.' } } });
    await open();
    expect(await screen.findByTestId(f.loadError)).toHaveTextContent('Project not found.');
  });
});
