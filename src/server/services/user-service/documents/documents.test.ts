import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { COMMENT_REQUIRED, COMMENT_UPDATED, DOCUMENT_DELETED, DOCUMENT_UPLOADED } from './documents-handlers';
import { bytesMatch, documentFileName } from './document-kinds';
import { INVALID_DOCUMENT_TYPE } from './store-document';

/** A one-page PDF's opening (file-type reads `%PDF`). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
/** A one-entry zip ([Content_Types].xml): what file-type reads from an .xlsx or a .docx. */
const ZIP = Buffer.from(
  'UEsDBBQAAAAAABmHd13HHBc8CAAAAAgAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbDxUeXBlcy8+UEsBAhQDFAAAAAAAGYd3XcccFzwIAAAACAAAABMAAAAAAAAAAAAAAIABAAAAAFtDb250ZW50X1R5cGVzXS54bWxQSwUGAAAAAAEAAQBBAAAAOQAAAAAA',
  'base64',
);
const JSON_TEXT = Buffer.from('\uFEFF  {"questions": ["Où êtes-vous né ?"]}\n');
const HTML = Buffer.from('<!DOCTYPE html><html><body><p>Guide</p></body></html>');

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let agent: SignedIn;
let dual: SignedIn;

const file = (filename: string, content: Buffer, contentType = 'application/octet-stream') => ({
  filename,
  contentType,
  content,
});
const as = (token = admin, operatingTenant = acme) => ({ token, operatingTenant });
const upload = (filename: string, content: Buffer, token = admin, operatingTenant = acme) =>
  t.api.ok('uploadDocument', { ...as(token, operatingTenant), form: { document: file(filename, content) } });
const list = (body: Record<string, unknown> = {}, token = admin, operatingTenant = acme) =>
  t.api.ok('listTenantDocuments', { ...as(token, operatingTenant), body: { page: 0, pageSize: 10, ...body } });

const storedRows = () =>
  withSystem(t.db, (trx) =>
    trx
      .selectFrom('documents')
      .select(['id', 'tenant_id', 'file_name', 'comment', 'storage_key'])
      .orderBy('id')
      .execute(),
  );
const storedObjects = () => {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
      );
    } catch {
      return [];
    }
  };
  return walk(join(t.dataDir, 'files')).sort();
};
/** Runs a refused call and checks that no row and no stored object changed. */
const unchanged = async (refusal: () => Promise<unknown>) => {
  const [rows, objects] = [await storedRows(), storedObjects()];
  await refusal();
  expect(await storedRows()).toEqual(rows);
  expect(storedObjects()).toEqual(objects);
};
const rawGet = (url: string, token = admin, operatingTenant = acme) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${token.accessToken}`,
      'id-token': token.idToken,
      operatingTenant: String(operatingTenant),
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst, agent, dual] = await t.signInAs(
    'admin@acme.test',
    'analyst@acme.test',
    'agent@acme.test',
    'dual@globex.test',
  );
});
afterAll(() => t.close());

describe('upload, list, download', () => {
  test('a PDF is stored under a fresh key, listed and downloaded under its name (RFC 6266)', async () => {
    const answer = await upload('Política de privacidad.pdf', PDF);
    expect(answer.message).toBe(DOCUMENT_UPLOADED);
    expect(answer.document).toEqual(
      expect.objectContaining({
        documentName: 'Política de privacidad.pdf',
        documentType: 'pdf',
        uploadedBy: expect.stringMatching(/\S+ \S+/),
        comment: null,
        sizeBytes: PDF.length,
      }),
    );
    const [row] = (await storedRows()).filter((r) => r.id === answer.document.documentId);
    expect(row!.storage_key).toMatch(new RegExp(`^tenants/${acme}/documents/[0-9a-f-]{36}\\.pdf$`));
    const listed = await list();
    expect(listed.documents.map((d) => d.documentId)).toContain(answer.document.documentId);

    const download = await rawGet(`/api/user-service/v1/docs/${answer.document.documentId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Pol_tica de privacidad.pdf"; filename*=UTF-8''${encodeURIComponent('Política de privacidad.pdf')}`,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  test('every accepted type by extension and bytes: png, jpg, xlsx, docx, json, html', async () => {
    for (const [name, content, type] of [
      ['logo.png', PNG, 'png'],
      ['book.xlsx', ZIP, 'xlsx'],
      ['letter.docx', ZIP, 'docx'],
      ['questions.json', JSON_TEXT, 'json'],
      ['guide.HTML', HTML, 'html'],
    ] as const) {
      const answer = await upload(name, content);
      expect(answer.document.documentType).toBe(type);
    }
  });

  test('a wrong extension or bytes that are not of the type is 422 with the spec text; nothing is stored', async () => {
    for (const [name, content] of [
      ['notes.txt', Buffer.from('plain text')],
      ['script.exe', PDF],
      ['fake.pdf', PNG],
      ['fake.png', PDF],
      ['fake.docx', PDF],
      ['fake.json', Buffer.from('not json at all')],
      ['fake.html', PNG],
      ['fake.doc', ZIP],
      ['no-extension', PDF],
    ] as const) {
      await unchanged(async () => {
        const error = await t.api.fails('uploadDocument', 422, { ...as(), form: { document: file(name, content) } });
        expect(error.message).toBe(INVALID_DOCUMENT_TYPE);
      });
    }
  });

  test('a file over 10 MB is 413 and nothing is stored; exactly 10 MB is accepted', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    await unchanged(() => t.api.fails('uploadDocument', 413, { ...as(), form: { document: file('big.pdf', big) } }));
    const limit = big.subarray(0, 10 * 1024 * 1024);
    expect((await upload('limit.pdf', limit)).document.sizeBytes).toBe(10 * 1024 * 1024);
  });

  test('no file or an empty file is 400; nothing is stored', async () => {
    await unchanged(() => t.api.fails('uploadDocument', 400, { ...as(), form: {} }));
    await unchanged(() =>
      t.api.fails('uploadDocument', 400, { ...as(), form: { document: file('empty.pdf', Buffer.alloc(0)) } }),
    );
  });
});

describe('list: search, paging, sorting', () => {
  test('search matches names and comments, case-insensitively; % is literal; totals count matches', async () => {
    const a = await upload('Search-Alpha.pdf', PDF);
    await t.api.ok('updateDocumentComment', {
      ...as(),
      params: { id: a.document.documentId },
      body: { comment: 'Quarterly 50% report' },
    });
    await upload('search-beta.pdf', PDF);
    expect((await list({ search: 'SEARCH-' })).totalDocuments).toBe(2);
    const byComment = await list({ search: 'quarterly' });
    expect(byComment.documents.map((d) => d.documentName)).toEqual(['Search-Alpha.pdf']);
    expect((await list({ search: '50%' })).totalDocuments).toBe(1);
    expect((await list({ search: '%' })).documents.every((d) => `${d.documentName}${d.comment}`.includes('%'))).toBe(
      true,
    );
  });

  test('pages of pageSize with the total; sorted by name both ways; newest first by default', async () => {
    const all = await list({ pageSize: 100 });
    const first = await list({ pageSize: 2 });
    const second = await list({ pageSize: 2, page: 1 });
    expect(first.totalDocuments).toBe(all.totalDocuments);
    expect([...first.documents, ...second.documents]).toEqual(all.documents.slice(0, 4));
    const times = all.documents.map((d) => d.documentUploadTS);
    expect([...times].sort().reverse()).toEqual(times);
    const asc = await list({ pageSize: 100, sortBy: 'documentName', sortOrder: 'asc' });
    const names = asc.documents.map((d) => d.documentName.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const desc = await list({ pageSize: 100, sortBy: 'documentName', sortOrder: 'desc' });
    expect(desc.documents.map((d) => d.documentId)).toEqual(asc.documents.map((d) => d.documentId).reverse());
  });
});

describe('comment', () => {
  test('is trimmed and saved; an empty one is 422 and the saved one stays', async () => {
    const { document } = await upload('comment.pdf', PDF);
    const saved = await t.api.ok('updateDocumentComment', {
      ...as(),
      params: { id: document.documentId },
      body: { comment: '  Signed contract  ' },
    });
    expect(saved.message).toBe(COMMENT_UPDATED);
    await unchanged(async () => {
      const error = await t.api.fails('updateDocumentComment', 422, {
        ...as(),
        params: { id: document.documentId },
        body: { comment: '   ' },
      });
      expect(error.errors).toEqual([{ field: 'comment', message: COMMENT_REQUIRED }]);
    });
    const listed = await list({ search: 'comment.pdf' });
    expect(listed.documents[0]!.comment).toBe('Signed contract');
  });
});

describe('delete', () => {
  test('removes the row and the stored object; a second delete is 404', async () => {
    const { document } = await upload('delete-me.pdf', PDF);
    const objects = storedObjects().length;
    const answer = await t.api.ok('deleteDocument', { ...as(), params: { id: document.documentId } });
    expect(answer.message).toBe(DOCUMENT_DELETED);
    expect(storedObjects()).toHaveLength(objects - 1);
    expect((await storedRows()).some((r) => r.id === document.documentId)).toBe(false);
    await t.api.fails('deleteDocument', 404, { ...as(), params: { id: document.documentId } });
    expect((await rawGet(`/api/user-service/v1/docs/${document.documentId}`)).statusCode).toBe(404);
  });
});

describe('permissions and tenants', () => {
  test('read-only analyst lists and downloads but may not upload, comment or delete', async () => {
    const { document } = await upload('analyst.pdf', PDF);
    expect((await list({}, analyst)).totalDocuments).toBeGreaterThan(0);
    expect((await rawGet(`/api/user-service/v1/docs/${document.documentId}`, analyst)).statusCode).toBe(200);
    await unchanged(async () => {
      await t.api.fails('uploadDocument', 403, { ...as(analyst), form: { document: file('x.pdf', PDF) } });
      await t.api.fails('updateDocumentComment', 403, {
        ...as(analyst),
        params: { id: document.documentId },
        body: { comment: 'no' },
      });
      await t.api.fails('deleteDocument', 403, { ...as(analyst), params: { id: document.documentId } });
    });
  });

  test('a role without tenant.document.read may not list or download', async () => {
    await t.api.fails('listTenantDocuments', 403, { ...as(agent), body: { page: 0, pageSize: 10 } });
    expect((await rawGet('/api/user-service/v1/docs/1', agent)).statusCode).toBe(403);
  });

  test("another tenant's documents are neither listed nor readable, changeable or deletable (404)", async () => {
    const { document } = await upload('acme-only.pdf', PDF);
    const own = await upload('globex-only.pdf', PDF, dual, globex);
    const globexList = await list({ pageSize: 100 }, dual, globex);
    expect(globexList.documents.map((d) => d.documentId)).toEqual([own.document.documentId]);
    expect((await list({ pageSize: 100 })).documents.map((d) => d.documentId)).not.toContain(own.document.documentId);
    await unchanged(async () => {
      const id = document.documentId;
      expect((await rawGet(`/api/user-service/v1/docs/${id}`, dual, globex)).statusCode).toBe(404);
      await t.api.fails('updateDocumentComment', 404, { ...as(dual, globex), params: { id }, body: { comment: 'x' } });
      await t.api.fails('deleteDocument', 404, { ...as(dual, globex), params: { id } });
    });
    // admin@acme.test does not belong to Globex.
    await t.api.fails('listTenantDocuments', 403, { ...as(admin, globex), body: { page: 0, pageSize: 10 } });
  });
});

describe('rules', () => {
  test('text types need text of their shape; a cut multi-byte character at the head end is allowed', () => {
    expect(bytesMatch('json', null, Buffer.from('[1, 2]'), true)).toBe(true);
    expect(bytesMatch('json', null, Buffer.from('<html>'), true)).toBe(false);
    expect(bytesMatch('html', null, Buffer.from('  <html lang="es">'), true)).toBe(true);
    expect(bytesMatch('html', null, Buffer.from('<html>\u0000'), true)).toBe(false);
    expect(bytesMatch('json', 'application/pdf', Buffer.from('{}'), true)).toBe(false);
    const cut = Buffer.from('{"a": "é"}').subarray(0, 8);
    expect(bytesMatch('json', null, cut, false)).toBe(true);
    expect(bytesMatch('json', null, cut, true)).toBe(false);
  });

  test('file names keep their last path segment, lose control characters and are at most 200 characters', () => {
    expect(documentFileName('C:\\Users\\me\\report.pdf', 'pdf')).toBe('report.pdf');
    expect(documentFileName('a\u0007b.pdf', 'pdf')).toBe('ab.pdf');
    expect(documentFileName('.pdf', 'pdf')).toBe('document.pdf');
    const long = documentFileName(`${'x'.repeat(300)}.pdf`, 'pdf');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
