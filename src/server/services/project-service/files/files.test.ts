import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { FILE_TYPE_NOT_SUPPORTED } from './file-kinds';
import { FILE_UPLOADED, MOBILE_FILE_UPLOADED } from './files-handlers';
import { JSON_NOT_VALID, SELECT_JSON_FILE } from './read-configuration-json';

/** A one-entry zip ([Content_Types].xml): what file-type reads from an .xlsx or a .zip. */
const ZIP = Buffer.from(
  'UEsDBBQAAAAAABmHd13HHBc8CAAAAAgAAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbDxUeXBlcy8+UEsBAhQDFAAAAAAAGYd3XcccFzwIAAAACAAAABMAAAAAAAAAAAAAAIABAAAAAFtDb250ZW50X1R5cGVzXS54bWxQSwUGAAAAAAEAAQBBAAAAOQAAAAAA',
  'base64',
);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let acme: number;
let admin: SignedIn;
let analyst: SignedIn;
let project: number;
let projectUuid: string;
let globexProject: number;
let globexUuid: string;

const file = (filename: string, content: Buffer, contentType = 'application/octet-stream') => ({
  filename,
  contentType,
  content,
});
const as = () => ({ token: admin, operatingTenant: acme });
const storedRows = () =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('project_files').select(['file_type', 'file_name', 'storage_key']).orderBy('id').execute(),
  );
const storedObjects = () => {
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [e.name],
      );
    } catch {
      return [];
    }
  };
  return walk(join(t.dataDir, 'files')).sort();
};
const unchanged = async (refusal: () => Promise<unknown>) => {
  const [rows, objects] = [await storedRows(), storedObjects()];
  await refusal();
  expect(await storedRows()).toEqual(rows);
  expect(storedObjects()).toEqual(objects);
};

/** A raw GET, for binary answers (the API client reads bodies as text). */
const rawGet = (url: string, token = admin) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token.accessToken}`, 'id-token': token.idToken, operatingTenant: String(acme) },
  });

beforeAll(async () => {
  t = await createTestApp();
  const tenants = await t.seededTenants();
  acme = tenants.acme;
  [admin, analyst] = await t.signInAs('admin@acme.test', 'analyst@acme.test');
  await withSystem(t.db, async (trx) => {
    const first = (tenantId: number) =>
      trx
        .selectFrom('projects')
        .select(['id', 'uuid'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    ({ id: project, uuid: projectUuid } = await first(acme));
    ({ id: globexProject, uuid: globexUuid } = await first(tenants.globex));
  });
});
afterAll(() => t.close());

describe('ISW and supervisor uploads, downloads', () => {
  test('an .xlsx is stored, listed and downloaded with its type and RFC 6266 file name', async () => {
    const answer = await t.api.ok('uploadProjectIswFile', {
      ...as(),
      query: { projectId: project },
      form: { file: file('Línea ISW.xlsx', ZIP) },
    });
    expect(answer.message).toBe(FILE_UPLOADED);
    const listed = await t.api.ok('listProjectFiles', { ...as(), query: { project_id: project } });
    expect(listed).toEqual([
      expect.objectContaining({ fileType: 'ISW_XLSX', fileName: 'Línea ISW.xlsx', sizeBytes: ZIP.length }),
    ]);
    const download = await rawGet(
      `/api/project-service/v1/project/files/download?project_id=${project}&file_type=ISW_XLSX`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(XLSX_TYPE);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="L_nea ISW.xlsx"; filename*=UTF-8''${encodeURIComponent('Línea ISW.xlsx')}`,
    );
    expect(download.rawPayload.equals(ZIP)).toBe(true);
  });

  test('a second upload replaces the first and its stored object', async () => {
    await t.api.ok('uploadProjectSupervisorFile', {
      ...as(),
      query: { projectId: project },
      form: { file: file('a.xlsx', ZIP) },
    });
    const before = storedObjects().length;
    await t.api.ok('uploadProjectSupervisorFile', {
      ...as(),
      query: { projectId: project },
      form: { file: file('b.xlsx', ZIP) },
    });
    expect(storedObjects()).toHaveLength(before);
    const rows = (await storedRows()).filter((r) => r.file_type === 'SUPERVISOR_XLSX');
    expect(rows.map((r) => r.file_name)).toEqual(['b.xlsx']);
  });

  test('a wrong extension or wrong magic bytes is 422 File type not supported; nothing is stored', async () => {
    for (const upload of [file('notes.txt', ZIP), file('fake.xlsx', PNG), file('fake.xls', ZIP)]) {
      await unchanged(async () => {
        const error = await t.api.fails('uploadProjectIswFile', 422, {
          ...as(),
          query: { projectId: project },
          form: { file: upload },
        });
        expect(error.message).toBe(FILE_TYPE_NOT_SUPPORTED);
      });
    }
  });

  test("an upload over its kind's limit (20 MB for the ISW spreadsheet) is 413; nothing is stored", async () => {
    const oversize = Buffer.concat([ZIP, Buffer.alloc(20 * 1024 * 1024)]);
    await unchanged(async () => {
      const answer = await t.api.call('uploadProjectIswFile', {
        ...as(),
        query: { projectId: project },
        form: { file: file('huge.xlsx', oversize) },
      });
      expect(answer.status).toBe(413);
    });
  });

  test('without detail.update 403, another tenant project 404, a missing kind 404', async () => {
    await unchanged(() =>
      t.api.fails('uploadProjectIswFile', 403, {
        token: analyst,
        operatingTenant: acme,
        query: { projectId: project },
        form: { file: file('a.xlsx', ZIP) },
      }),
    );
    await unchanged(() =>
      t.api.fails('uploadProjectIswFile', 404, {
        ...as(),
        query: { projectId: globexProject },
        form: { file: file('a.xlsx', ZIP) },
      }),
    );
    await t.api.fails('downloadProjectFile', 404, {
      ...as(),
      query: { project_id: globexProject, file_type: 'ISW_XLSX' },
    });
    await t.api.fails('downloadProjectFile', 404, {
      ...as(),
      query: { project_id: project, file_type: 'QUESTIONS_AUDIO' },
    });
  });
});

describe('configuration JSON', () => {
  const read = (form: Record<string, ReturnType<typeof file>>) =>
    t.api.call('readProjectConfigurationJson', { ...as(), query: { projectId: project }, form });

  test('a JSON object is answered parsed, nothing stored', async () => {
    await unchanged(async () => {
      const answer = await read({
        file: file('config.json', Buffer.from('{"labels":{"en":"Hello"}}'), 'application/json'),
      });
      expect(answer).toMatchObject({ status: 200, body: { configurationJSON: { labels: { en: 'Hello' } } } });
    });
  });

  test('invalid JSON, an array, another extension or no file is 422 with the spec message', async () => {
    for (const [form, message] of [
      [{ file: file('config.json', Buffer.from('{"a": ')) }, JSON_NOT_VALID],
      [{ file: file('config.json', Buffer.from('[1,2]')) }, JSON_NOT_VALID],
      [{ file: file('config.txt', Buffer.from('{}')) }, SELECT_JSON_FILE],
      [{}, SELECT_JSON_FILE],
    ] as const) {
      const answer = await read(form);
      expect({ status: answer.status, message: (answer.body as { message: string }).message }).toEqual({
        status: 422,
        message,
      });
    }
  });
});

describe('mobile app files by project uuid, assets through an upload URL', () => {
  test('the questions audio zip and the config xlsx upload; both or neither is 422; another tenant uuid 404', async () => {
    const upload = (form: Record<string, ReturnType<typeof file>>, uuid = projectUuid) =>
      t.api.call('uploadProjectMobileFile', { ...as(), query: { project_uuid: uuid }, form });
    expect((await upload({ questions: file('audio.zip', ZIP) })).body).toEqual({ message: MOBILE_FILE_UPLOADED });
    expect((await upload({ config: file('mobile.xlsx', ZIP) })).body).toEqual({ message: MOBILE_FILE_UPLOADED });
    await unchanged(async () => {
      expect((await upload({ questions: file('a.zip', ZIP), config: file('m.xlsx', ZIP) })).status).toBe(422);
      expect((await upload({ questions: file('audio.zip', PNG) })).status).toBe(422);
      expect((await upload({ questions: file('audio.zip', ZIP) }, globexUuid)).status).toBe(404);
    });
    const asset = await rawGet(
      `/api/project-service/v1/project/assets/download?project_id=${project}&kind=QUESTIONS_AUDIO&file_name=audio.zip`,
    );
    expect(asset.statusCode).toBe(200);
    expect(asset.rawPayload.equals(ZIP)).toBe(true);
    await t.api.fails('downloadProjectAsset', 404, {
      ...as(),
      query: { project_id: project, kind: 'QUESTIONS_AUDIO', file_name: 'other.zip' },
    });
  });

  test('the assets zip goes to a signed URL; wrong bytes or an expired link are refused', async () => {
    const urlFor = (fileName: string) =>
      t.api.call('createProjectAssetUploadUrl', { ...as(), query: { project_uuid: projectUuid, file_name: fileName } });
    expect(((await urlFor('assets.rar')).body as { message: string }).message).toBe(FILE_TYPE_NOT_SUPPORTED);
    const { url } = (await urlFor('assets.zip')).body as { url: string };
    expect(url).toMatch(/^http:\/\/voxscreen\.test\/api\/storage\/upload\?token=[\w-]+\.[\w-]+$/);
    const path = `${new URL(url).pathname}${new URL(url).search}`;
    const put = (body: Buffer, contentType = 'application/zip', target = path) =>
      t.app.inject({ method: 'PUT', url: target, headers: { 'content-type': contentType }, payload: body });
    expect((await put(PNG)).statusCode).toBe(422);
    expect((await put(ZIP, 'text/plain')).statusCode).toBe(415);
    expect((await put(ZIP, 'application/zip', `${path}x`)).statusCode).toBe(403);
    // Not uploaded yet: the pending file is not listed.
    let listed = await t.api.ok('listProjectFiles', { ...as(), query: { project_id: project } });
    expect(listed.map((f) => f.fileType)).not.toContain('ASSETS_ZIP');
    expect((await put(ZIP)).statusCode).toBe(204);
    listed = await t.api.ok('listProjectFiles', { ...as(), query: { project_id: project } });
    expect(listed.find((f) => f.fileType === 'ASSETS_ZIP')).toMatchObject({
      fileName: 'assets.zip',
      sizeBytes: ZIP.length,
    });
    t.clock.advance(16 * 60 * 1000);
    expect((await put(ZIP)).statusCode).toBe(403);
  });
});

describe('GET project/export/details', () => {
  test('a Word document named after the project', async () => {
    const name = await withSystem(
      t.db,
      async (trx) =>
        (await trx.selectFrom('projects').select('name').where('id', '=', project).executeTakeFirstOrThrow()).name,
    );
    const answer = await rawGet(`/api/project-service/v1/project/export/details?project_id=${project}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(answer.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${name} - Project Details.docx`)}`,
    );
    expect(answer.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(answer.rawPayload.length).toBeGreaterThan(1000);
  });

  test("another tenant's project is 404", async () => {
    await t.api.fails('exportProjectDetails', 404, { ...as(), query: { project_id: globexProject } });
  });
});
