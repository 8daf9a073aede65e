import ExcelJS from 'exceljs';
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { xlsxBomb } from '../../testing/xlsx-bomb';
import { withSystem } from '../tenancy/with-tenant';
import { EXPANDS_TOO_MUCH, TABLE_LIMITS, UPLOADS_BUSY } from './table-reader-pool';

// Issue 26 finding 1: eight 585 kB spreadsheets whose shared string expands to 600 M characters, posted at once,
// ran the server out of memory; one answered 500. Now each is a 422 and the server keeps answering.
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MiB = 1024 * 1024;

let t: TestApp;
let admin: SignedIn;
let acme: number;
let projectId: number;
let honestBomb: Buffer;
let lyingBomb: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@acme.test');
  acme = await t.tenantId('Acme Insurance');
  projectId = (
    await withSystem(t.db, (trx) =>
      trx.selectFrom('projects').select('id').where('tenant_id', '=', acme).orderBy('id').executeTakeFirstOrThrow(),
    )
  ).id;
  // 200 MiB of text in a ~200 kB file: states its size, so the zip's directory refuses it.
  honestBomb = await xlsxBomb(200 * MiB);
  // The same text stating 1 kB: refused while inflating, when the bytes outgrow what the zip states.
  lyingBomb = await xlsxBomb(200 * MiB, 1024);
}, 120_000);
afterAll(() => t.close());

const upload = (content: Buffer, operationId = 'uploadParticipants', filename = 'participants.xlsx') =>
  t.api.call(operationId, {
    token: admin,
    operatingTenant: acme,
    query: operationId === 'uploadParticipants' ? { projectId, replaceAll: false } : { projectId },
    form: { file: { filename, contentType: XLSX, content } },
  });

const participantCount = () =>
  withSystem(t.db, async (trx) =>
    Number(
      (
        await trx
          .selectFrom('participants')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

test.each([
  ['states its size', () => honestBomb],
  ['understates its size', () => lyingBomb],
])('a bomb that %s is a 422 naming the file, nothing imported', async (_what, bomb) => {
  const before = await participantCount();
  const response = await upload(bomb());
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code: 'FILE_EXPANDS_TOO_MUCH', message: EXPANDS_TOO_MUCH });
  expect((response.body as { errors: { field: string }[] }).errors[0]!.field).toBe('file');
  expect(await participantCount()).toBe(before);
});

test('the results upload reads through the same limits', async () => {
  const response = await upload(lyingBomb, 'uploadResults');
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code: 'FILE_EXPANDS_TOO_MUCH' });
});

test('a cell longer than Excel allows is a 422 naming the row', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['IRN', 'First Name', 'Last Name', 'Email', 'Phone Number', 'Language']);
  sheet.addRow(['B1', 'x'.repeat(TABLE_LIMITS.cellCharacters + 1), 'Doe', 'b1@acme.test', '+18005550100', 'English']);
  const response = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
  expect(response.status).toBe(422);
  expect(response.body).toMatchObject({ code: 'FILE_TOO_LARGE' });
  expect(JSON.stringify(response.body)).toMatch(/Row 2 holds a cell of more than 32767 characters/);
});

test('16 bombs at once: each refused with a 4xx or 503, never a 5xx else, and the server keeps answering', async () => {
  const bombs = Array.from({ length: 16 }, (_, i) => upload(i % 2 ? honestBomb : lyingBomb));
  const meanwhile = t.api.call('getUserInfo', { token: admin, operatingTenant: acme });
  const answers = await Promise.all(bombs);
  for (const answer of answers) {
    if (answer.status === 503) expect(answer.body).toMatchObject({ code: 'UPLOADS_BUSY', message: UPLOADS_BUSY });
    else expect(answer).toMatchObject({ status: 422, body: { code: 'FILE_EXPANDS_TOO_MUCH' } });
  }
  expect((await meanwhile).status).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  // A good file is imported right after.
  const good = await upload(
    Buffer.from(
      'IRN,First Name,Last Name,Email,Phone Number,Language\nBOMB01,Ana,Lopez,ana.bomb@acme.test,+18005550123,English\n',
    ),
    'uploadParticipants',
    'participants.csv',
  );
  expect(good.status).toBe(200);
}, 120_000);
