import { permissionId } from '../../../../shared/permissions';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createUnprivilegedUser } from '../../../testing/create-unprivileged-user';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { setRolePermissions } from '../../user-service';
import { createProject } from '../projects/projects-store';
import { importErrorFileName, storeImportErrorFile } from './import-errors-store';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let dual: SignedIn;
let resultUploader: SignedIn;
let uploaderTenant: number;
let participantFile: string;
let resultFile: string;

const PARTICIPANT_ERRORS = 'Row 3: IRN 900001 is not unique\nRow 7: Invalid email address\nRow 9: Añadir idioma\n';

const download = (body: Record<string, unknown>, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('downloadImportErrorFile', { token, operatingTenant, body });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, dual] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
  const now = t.clock.now();
  [participantFile, resultFile] = await withTenant(t.db, acme, async (trx) => {
    const projectId = await createProject(trx, { tenantId: acme, name: 'Import Errors Project', now });
    const participant = await storeImportErrorFile(trx, {
      tenantId: acme,
      projectId,
      errorType: 'participant',
      fileName: importErrorFileName('participant', projectId, now, 'u1'),
      mimeType: 'text/plain; charset=utf-8',
      content: PARTICIPANT_ERRORS,
      now,
    });
    const result = await storeImportErrorFile(trx, {
      tenantId: acme,
      projectId,
      errorType: 'result',
      fileName: importErrorFileName('result', projectId, now, 'u2'),
      mimeType: 'text/csv; charset=utf-8',
      content: 'irn,access_code\n900001,123456789\n',
      now,
    });
    return [participant, result];
  });
  const user = await createUnprivilegedUser(t, { tenant: 'Result Uploaders', email: 'uploader@results.test' });
  uploaderTenant = user.tenantId;
  await withTenant(t.db, uploaderTenant, async (trx) => {
    const role = await trx
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'No Permissions')
      .executeTakeFirstOrThrow();
    await setRolePermissions(trx, {
      tenantId: uploaderTenant,
      tenantIsSystem: false,
      roleId: role.id,
      accessList: [{ permissionId: permissionId('tenant.project.results.create'), active: true }],
    });
  });
  resultUploader = await t.signIn(user.email);
});
afterAll(() => t.close());

describe('POST project/error/file/download', () => {
  test('answers the stored participant error file with its type and an attachment name', async () => {
    expect(participantFile).toMatch(/^participant-errors-\d+-20260302T090000Z-u1\.txt$/);
    const response = await download({ error_file_name: participantFile, error_type: 'participant' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${participantFile}"; filename*=UTF-8''${participantFile}`,
    );
    expect(response.body).toBe(PARTICIPANT_ERRORS);
  });

  test('answers a result duplicates file as CSV; a stored file is replaced by one of the same name', async () => {
    const response = await download({ error_file_name: resultFile, error_type: 'result' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).toBe('irn,access_code\n900001,123456789\n');
    await withTenant(t.db, acme, (trx) =>
      storeImportErrorFile(trx, {
        tenantId: acme,
        projectId: null,
        errorType: 'result',
        fileName: resultFile,
        mimeType: 'text/csv; charset=utf-8',
        content: 'irn\n900002\n',
        now: t.clock.now(),
      }),
    );
    expect((await download({ error_file_name: resultFile, error_type: 'result' })).body).toBe('irn\n900002\n');
  });

  test("a name of the other type, an unknown name or another tenant's file is not found", async () => {
    expect(
      (
        await t.api.fails('downloadImportErrorFile', 404, {
          token: acmeAdmin,
          operatingTenant: acme,
          body: { error_file_name: participantFile, error_type: 'result' },
        })
      ).message,
    ).toBe('Error file not found.');
    await t.api.fails('downloadImportErrorFile', 404, {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { error_file_name: 'nothing.txt', error_type: 'participant' },
    });
    await t.api.fails('downloadImportErrorFile', 404, {
      token: dual,
      operatingTenant: globex,
      body: { error_file_name: participantFile, error_type: 'participant' },
    });
  });

  test('needs the permission of the import that wrote the file', async () => {
    expect(
      (
        await t.api.fails('downloadImportErrorFile', 403, {
          token: analyst,
          operatingTenant: acme,
          body: { error_file_name: participantFile, error_type: 'participant' },
        })
      ).code,
    ).toBe('FORBIDDEN');
    // Holding results.create only: result files yes (none stored in that tenant: 404), participant files no.
    await t.api.fails('downloadImportErrorFile', 404, {
      token: resultUploader,
      operatingTenant: uploaderTenant,
      body: { error_file_name: resultFile, error_type: 'result' },
    });
    expect(
      (
        await t.api.fails('downloadImportErrorFile', 403, {
          token: resultUploader,
          operatingTenant: uploaderTenant,
          body: { error_file_name: participantFile, error_type: 'participant' },
        })
      ).code,
    ).toBe('FORBIDDEN');
  });

  test('an unknown error type or an extra field is a 400', async () => {
    await t.api.fails('downloadImportErrorFile', 400, {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { error_file_name: participantFile, error_type: 'access_code' },
    });
    await t.api.fails('downloadImportErrorFile', 400, {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { error_file_name: participantFile, error_type: 'participant', x: 1 },
    });
  });
});
