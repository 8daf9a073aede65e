import { withSystem } from '../tenancy/with-tenant';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { FILE_NAME_MESSAGE } from './multipart-body';

// Issue 26 finding 4: file names with `/`, `\`, `..`, a tab, `\x01` or over 200 characters reached a database
// constraint (500). The contract's FileName refuses them first: 400 naming the field, nothing stored.
const ZIP = Buffer.from(
  'UEsDBBQAAAAAABmHd13HHBc8CAAAAAgAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbDxUeXBlcy8+UEsBAhQDFAAAAAAAGYd3XcccFzwIAAAACAAAABMAAAAAAAAAAAAAAIABAAAAAFtDb250ZW50X1R5cGVzXS54bWxQSwUGAAAAAAEAAQBBAAAAOQAAAAAA',
  'base64',
);
const BAD_NAMES: [string, string][] = [
  ['a slash', 'a/b'],
  ['a backslash', 'a\\b'],
  ['two dots', '..'],
  ['one dot', '.'],
  ['a tab', 'a\tb'],
  ['a control character', 'a\u0001b'],
  ['201 characters', 'x'.repeat(197)],
];

let t: TestApp;
let admin: SignedIn;
let acme: number;
let projectId: number;
let projectUuid: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@acme.test');
  acme = await t.tenantId('Acme Insurance');
  ({ id: projectId, uuid: projectUuid } = await withSystem(t.db, (trx) =>
    trx
      .selectFrom('projects')
      .select(['id', 'uuid'])
      .where('tenant_id', '=', acme)
      .orderBy('id')
      .executeTakeFirstOrThrow(),
  ));
});
afterAll(() => t.close());

const storedFiles = () =>
  withSystem(t.db, (trx) => trx.selectFrom('project_files').select(['file_type', 'file_name']).orderBy('id').execute());

const file = (filename: string) => ({ filename, contentType: 'application/octet-stream', content: ZIP });
const named = (stem: string, extension: string) => (stem === '.' || stem === '..' ? stem : `${stem}${extension}`);

test.each(BAD_NAMES)(
  'createProjectAssetUploadUrl, a file_name with %s: 400 on query.file_name',
  async (_what, stem) => {
    const before = await storedFiles();
    const body = await t.api.fails('createProjectAssetUploadUrl', 400, {
      token: admin,
      operatingTenant: acme,
      query: { project_uuid: projectUuid, file_name: named(stem, '.zip') },
    });
    expect(body.errors?.map((e) => e.field)).toEqual(['query.file_name']);
    expect(await storedFiles()).toEqual(before);
  },
);

const UPLOADS = [
  ['uploadProjectIswFile', 'file', '.xlsx'],
  ['uploadProjectSupervisorFile', 'file', '.xlsx'],
  ['uploadProjectMobileFile', 'config', '.xlsx'],
  ['uploadProjectMobileFile', 'questions', '.zip'],
] as const;
const uploadQuery = (operationId: string) =>
  operationId === 'uploadProjectMobileFile' ? { project_uuid: projectUuid } : { projectId };

// A multipart file name keeps only what follows its last slash, and a backslash in it escapes the next character
// (busboy): those cases are below.
describe.each(BAD_NAMES.filter(([, stem]) => !/[/\\]/.test(stem)))('a multipart file name with %s', (_what, stem) => {
  test.each(UPLOADS)('%s: 400 on the %s part, nothing stored', async (operationId, field, extension) => {
    const before = await storedFiles();
    const body = await t.api.fails(operationId, 400, {
      token: admin,
      operatingTenant: acme,
      query: uploadQuery(operationId),
      form: { [field]: file(named(stem, extension)) },
    });
    expect(body).toEqual(
      expect.objectContaining({ code: 'BAD_REQUEST', errors: [{ field, message: FILE_NAME_MESSAGE }] }),
    );
    expect(await storedFiles()).toEqual(before);
  });
});

test.each(UPLOADS)(
  '%s: a name with a folder or a backslash is stored without them',
  async (operationId, field, extension) => {
    const response = await t.api.call(operationId, {
      token: admin,
      operatingTenant: acme,
      query: uploadQuery(operationId),
      form: { [field]: file(`folder/inner\\${extension}`) },
    });
    expect(response.status).toBeLessThan(500);
    for (const row of await storedFiles()) expect(row.file_name).not.toMatch(/[/\\]/);
  },
);

test('a good name is still accepted', async () => {
  const answer = await t.api.ok('createProjectAssetUploadUrl', {
    token: admin,
    operatingTenant: acme,
    query: { project_uuid: projectUuid, file_name: 'Assets (v2) – final.zip' },
  });
  expect(answer.method).toBe('PUT');
});
