import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Document } from '../../api/generated/user-service';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub, type RecordedRequest, type StubHandler } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const D = sel.documents;
const READ = [PERMISSION.TENANT_DOCUMENT_READ];
const ALL = [...READ, PERMISSION.TENANT_DOCUMENT_CREATE, PERMISSION.TENANT_DOCUMENT_DELETE];
const API = {
  list: 'POST /api/user-service/v1/tenant/documents',
  upload: 'POST /api/user-service/v1/docs/add',
  one: (id: number) => `/api/user-service/v1/docs/${id}`,
};

const doc = (documentId: number, documentName: string, comment: string | null = null): Document => ({
  documentId,
  documentName,
  documentUploadTS: '2026-11-20T10:00:00.000Z',
  documentType: documentName.split('.').pop()!,
  uploadedBy: 'Ada Lovelace',
  comment,
  sizeBytes: 1200,
});

/** A server holding documents, paged as the call asks; deletes and comment changes apply to it. */
function documentServer(initial: Document[]) {
  let documents = [...initial];
  const list: StubHandler = (request: RecordedRequest) => {
    const { page, pageSize, search } = request.body as { page: number; pageSize: number; search?: string };
    const matching = documents.filter((d) => !search || d.documentName.toLowerCase().includes(search.toLowerCase()));
    return {
      body: {
        totalDocuments: matching.length,
        documents: matching.slice(page * pageSize, (page + 1) * pageSize),
      },
    };
  };
  const remove: StubHandler = (request) => {
    const id = Number(request.path.split('/').at(-1));
    documents = documents.filter((d) => d.documentId !== id);
    return { body: { message: 'Document deleted successfully!' } };
  };
  const comment: StubHandler = (request) => {
    const id = Number(request.path.split('/').at(-1));
    const text = (request.body as { comment: string }).comment;
    documents = documents.map((d) => (d.documentId === id ? { ...d, comment: text } : d));
    return { body: { message: 'comment updated successfully!' } };
  };
  const upload: StubHandler = () => {
    const added = doc(99, 'policy.pdf');
    documents = [added, ...documents];
    return { status: 201, body: { message: 'Document uploaded successfully!', document: added } };
  };
  return { list, remove, comment, upload };
}

const LONG = 'A description longer than twenty characters';

function server(permissions: string[], documents = [doc(1, 'Contract.pdf', LONG), doc(2, 'Logo.png', 'Short')]) {
  const docs = documentServer(documents);
  return installFetchStub({
    ...serverFor({ user: userInfo({ permissions }) }),
    [API.list]: docs.list,
    [API.upload]: docs.upload,
    [`DELETE ${API.one(1)}`]: docs.remove,
    [`PUT ${API.one(1)}`]: docs.comment,
    [`GET ${API.one(1)}`]: {
      body: new Blob(['%PDF-1.4']),
      headers: { 'content-disposition': `attachment; filename="Contract.pdf"; filename*=UTF-8''Contract.pdf` },
    },
  });
}

const open = () => renderWithProviders({ route: '/main/documents', preloadedState: signedInState(ACME) });
const listBodies = (stub: ReturnType<typeof installFetchStub>) => stub.callsTo(API.list).map((r) => r.body);

let saved: string[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('Documents page', () => {
  it('lists the documents with the spec columns, the 20-character preview and the paging', async () => {
    const stub = server(ALL);
    await open();
    expect(await screen.findByTestId(sel.shell.sidebarEntry('documents'))).toBeInTheDocument();
    const list = await screen.findByTestId(D.list);
    expect(await within(list).findByText('Contract.pdf')).toBeInTheDocument();
    for (const header of ['File Name', 'Date', 'File Type', 'Uploaded By', 'Description'])
      expect(within(list).getByText(header)).toBeInTheDocument();
    expect(within(list).getByText('PDF')).toBeInTheDocument();
    expect(screen.getByTestId(D.comment(1))).toHaveTextContent('A description longer ...');
    expect(screen.getByTestId(D.comment(2))).toHaveTextContent(/^Short$/);
    expect(screen.getByTestId(D.page)).toHaveTextContent('Page 1 of 1 (2 documents)');
    expect(listBodies(stub)[0]).toEqual({ page: 0, pageSize: 10, sortBy: 'documentUploadTS', sortOrder: 'desc' });
    expect(screen.getByRole('heading', { name: 'Documents' })).toBeInTheDocument();
  });

  it('shows the empty text, and a load failure with its message and a retry', async () => {
    const stub = server(ALL, []);
    await open();
    expect(await screen.findByText('There are no records to show.')).toBeInTheDocument();
    stub.answer({ [API.list]: { status: 500, body: { message: 'Database unavailable' } } });
    fireEvent.change(screen.getByTestId(D.search), { target: { value: 'x' } });
    expect(await screen.findByTestId(D.failure)).toHaveTextContent(/./);
  });

  it('searches only after a one-second pause, from the first page', async () => {
    const stub = server(ALL);
    const { user } = await open();
    await screen.findByText('Contract.pdf');
    await user.type(screen.getByTestId(D.search), 'logo');
    expect(listBodies(stub).some((body) => (body as { search?: string }).search)).toBe(false);
    await waitFor(() => expect(listBodies(stub).at(-1)).toEqual(expect.objectContaining({ search: 'logo', page: 0 })));
    expect(listBodies(stub).filter((body) => (body as { search?: string }).search)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Contract.pdf')).not.toBeInTheDocument());
  });

  it('without create and delete: no Add Document, no delete buttons, the description only shown', async () => {
    server(READ);
    await open();
    await screen.findByText('Contract.pdf');
    expect(screen.queryByTestId(D.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(D.delete(1))).not.toBeInTheDocument();
    expect(screen.getByTestId(D.comment(1)).tagName).not.toBe('BUTTON');
  });

  it('uploads a valid file: Select stays disabled for a wrong type or a file over 10 MB', async () => {
    const stub = server(ALL);
    const { user } = await open();
    await screen.findByText('Contract.pdf');
    await user.click(screen.getByTestId(D.add));
    const dialog = await screen.findByTestId(D.uploadDialog);
    const choose = (file: File) =>
      fireEvent.change(within(dialog).getByTestId(D.uploadInput), { target: { files: [file] } });
    expect(within(dialog).getByTestId(D.uploadSelect)).toBeDisabled();

    choose(new File(['MZ'], 'tool.exe'));
    expect(await within(dialog).findByTestId(D.uploadError)).toHaveTextContent(
      'Invalid file type. Please upload a valid file.',
    );
    expect(within(dialog).getByTestId(D.uploadSelect)).toBeDisabled();

    const big = new File(['%PDF'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    expect(await within(dialog).findByTestId(D.uploadError)).toHaveTextContent(
      'File size should be less than or equal to 10 MB',
    );
    expect(within(dialog).getByTestId(D.uploadSelect)).toBeDisabled();

    choose(new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(within(dialog).getByTestId(D.uploadSelect)).toBeEnabled());
    expect(within(dialog).queryByTestId(D.uploadError)).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId(D.uploadSelect));

    expect(await screen.findByTestId(D.success)).toHaveTextContent('Document uploaded successfully!');
    await waitFor(() => expect(screen.queryByTestId(D.uploadDialog)).not.toBeInTheDocument());
    expect(stub.callsTo(API.upload)).toHaveLength(1);
    expect(await within(screen.getByTestId(D.list)).findByText('policy.pdf')).toBeInTheDocument();
  });

  it('a refused upload keeps the dialog open with the server message', async () => {
    const stub = server(ALL);
    stub.answer({
      [API.upload]: { status: 422, body: { message: 'Invalid file type. Please upload a valid file.' } },
    });
    const { user } = await open();
    await screen.findByText('Contract.pdf');
    await user.click(screen.getByTestId(D.add));
    const dialog = await screen.findByTestId(D.uploadDialog);
    fireEvent.change(within(dialog).getByTestId(D.uploadInput), {
      target: { files: [new File(['not a pdf'], 'fake.pdf')] },
    });
    await user.click(within(dialog).getByTestId(D.uploadSelect));
    expect(await within(dialog).findByTestId(D.uploadError)).toHaveTextContent(
      'Invalid file type. Please upload a valid file.',
    );
  });

  it('edits the description: trimmed on save, an empty one not sent, Cancel keeps the old one', async () => {
    const stub = server(ALL);
    const { user } = await open();
    await user.click(await screen.findByTestId(D.comment(1)));
    const input = await screen.findByTestId(D.commentInput(1));
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getByTestId(D.commentSave(1)));
    expect(stub.callsTo(`PUT ${API.one(1)}`)).toHaveLength(0);
    expect(await screen.findByTestId(D.comment(1))).toHaveTextContent('A description longer ...');

    await user.click(screen.getByTestId(D.comment(1)));
    await user.type(await screen.findByTestId(D.commentInput(1)), ' changed');
    await user.click(screen.getByTestId(D.commentCancel(1)));
    expect(await screen.findByTestId(D.comment(1))).toHaveTextContent('A description longer ...');

    await user.click(screen.getByTestId(D.comment(1)));
    const again = await screen.findByTestId(D.commentInput(1));
    await user.clear(again);
    await user.type(again, '  Signed  ');
    await user.click(screen.getByTestId(D.commentSave(1)));
    expect(await screen.findByTestId(D.success)).toHaveTextContent('comment updated successfully!');
    expect(stub.callsTo(`PUT ${API.one(1)}`)[0]!.body).toEqual({ comment: 'Signed' });
    await waitFor(() => expect(screen.getByTestId(D.comment(1))).toHaveTextContent(/^Signed$/));
  });

  it('downloads under the name of the content-disposition header', async () => {
    const stub = server(ALL);
    const { user } = await open();
    await user.click(await screen.findByTestId(D.download(1)));
    await waitFor(() => expect(saved).toEqual(['Contract.pdf']));
    expect(stub.callsTo(`GET ${API.one(1)}`)).toHaveLength(1);
  });

  it('deletes after "Do you want to delete document?"', async () => {
    const stub = server(ALL);
    const { user } = await open();
    await user.click(await screen.findByTestId(D.delete(1)));
    const confirm = await screen.findByTestId(D.deleteConfirm);
    expect(confirm).toHaveTextContent('Do you want to delete document?');
    await user.click(within(confirm).getByTestId(D.deleteCancelButton));
    expect(stub.callsTo(`DELETE ${API.one(1)}`)).toHaveLength(0);

    await user.click(screen.getByTestId(D.delete(1)));
    await user.click(await screen.findByTestId(D.deleteConfirmButton));
    expect(await screen.findByTestId(D.success)).toHaveTextContent('Document deleted successfully!');
    expect(stub.callsTo(`DELETE ${API.one(1)}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Contract.pdf')).not.toBeInTheDocument());
    expect(screen.getByTestId(D.page)).toHaveTextContent('Page 1 of 1 (1 documents)');
  });
});
