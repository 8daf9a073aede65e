/** The results upload (docs/product/results-upload.md, ADR 0051). */
import ExcelJS from 'exceljs';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { verifyResultRollups } from '../result-writes/interview-results-store';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;
let project: number;
let seq = 0;

const HEADER = 'IRN,Overall Result,Completed At,Call ID,Q1,Q2';

async function participants(n: number): Promise<string[]> {
  const irns = Array.from({ length: n }, () => {
    seq += 1;
    return `UPL${String(seq).padStart(5, '0')}`;
  });
  await withTenant(t.db, acme, (trx) =>
    createParticipants(
      trx,
      acme,
      project,
      irns.map((irn, i) => ({
        interviewRefNum: irn,
        accessCode: String(300000000 + seq * 10 + i),
        status: 'INVITATION_SENT',
      })),
      t.clock.now(),
    ),
  );
  return irns;
}

const csvFile = (text: string, filename = 'results.csv') => ({
  filename,
  contentType: 'text/csv',
  content: Buffer.from(text, 'utf8'),
});
const upload = (
  file: { filename: string; contentType: string; content: Buffer },
  opts: { token?: SignedIn; operatingTenant?: number; projectId?: number } = {},
) =>
  t.api.call('uploadResults', {
    token: opts.token ?? admin,
    operatingTenant: opts.operatingTenant ?? acme,
    query: { projectId: opts.projectId ?? project, projectCode: 'UPL' },
    form: { file },
  });
const resultsOf = (irns: string[]) =>
  withSystem(t.db, (trx) =>
    trx
      .selectFrom('interview_results')
      .selectAll()
      .where('interview_reference_number', 'in', irns)
      .orderBy('interview_reference_number')
      .execute(),
  );
const logCount = async () =>
  Number(
    (
      await withSystem(t.db, (trx) =>
        trx
          .selectFrom('backend_data_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst, globexAdmin] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
  project = await withTenant(t.db, acme, async (trx) => {
    const created = await createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Results Upload',
      stageId: STAGE.EXECUTION,
      questions: [{ questionText: 'Q1' }, { questionText: 'Q2' }],
      now: t.clock.now(),
    });
    return created.projectId;
  });
});
afterAll(() => t.close());

describe('uploadResults', () => {
  test('a clean CSV stores every row through the intake write, logs one run and keeps the rollups right', async () => {
    const irns = await participants(2);
    const before = await logCount();
    const csv = `${HEADER}\n${irns[0]},HR,2026-11-20T10:00:00Z,CALL-U1,HR,LR\n${irns[1]},lr,2026-11-20T11:00:00Z,,LR,\n`;
    const response = await upload(csvFile(csv));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      uploadStatus: 'SUCCESS',
      numberOfRecords: 2,
      duplicates: 0,
      duplicateFileName: null,
    });
    const stored = await resultsOf(irns);
    expect(stored.map((r) => r.overall_evaluation)).toEqual(['HR', 'LR']);
    expect(stored[0]).toMatchObject({ project_id: project, tenant_id: acme, call_id: 'CALL-U1' });
    expect(await withTenant(t.db, acme, (trx) => verifyResultRollups(trx, acme))).toEqual([]);
    expect(await logCount()).toBe(before + 2);
    const runIds = await withSystem(t.db, (trx) =>
      trx.selectFrom('backend_data_logs').select('run_id').orderBy('id', 'desc').limit(2).execute(),
    );
    expect(new Set(runIds.map((r) => r.run_id))).toEqual(new Set([(response.body as { runId: string }).runId]));
  });

  test('an .xlsx file is read by the same readers', async () => {
    const [irn] = await participants(1);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Results');
    sheet.addRow(['IRN', 'Overall Result', 'Completed At', 'Q1']);
    sheet.addRow([irn, 'AR', '2026-11-21T09:00:00Z', 'AR']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload({
      filename: 'results.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content,
    });
    expect(response.body).toMatchObject({ uploadStatus: 'SUCCESS', numberOfRecords: 1 });
    expect((await resultsOf([irn!]))[0]).toMatchObject({ overall_evaluation: 'AR' });
  });

  test('a file with a duplicate stores nothing and answers the error file (error_type result)', async () => {
    const [done] = await participants(1);
    await upload(csvFile(`${HEADER}\n${done},HR,2026-11-20T10:00:00Z,,,\n`));
    const fresh = await participants(2);
    const before = await logCount();
    const csv = `${HEADER}\n${fresh[0]},LR,2026-11-20T10:00:00Z,,,\n${done},HR,2026-11-20T10:00:00Z,,,\n${fresh[1]},LR,2026-11-20T10:00:00Z,,,\n${fresh[1]},LR,2026-11-20T10:00:00Z,,,\n`;
    const response = await upload(csvFile(csv));
    expect(response.status).toBe(200);
    const body = response.body as { uploadStatus: string; duplicates: number; duplicateFileName: string };
    expect(body).toMatchObject({ uploadStatus: 'FAILED', duplicates: 2, numberOfRecords: 4 });
    expect(await resultsOf(fresh)).toEqual([]);
    expect(await logCount()).toBe(before);
    const file = await t.api.call('downloadImportErrorFile', {
      token: admin,
      operatingTenant: acme,
      body: { error_file_name: body.duplicateFileName, error_type: 'result' },
    });
    expect(file.status).toBe(200);
    expect(String(file.body)).toBe(
      `Row,IRN,Error\n3,"${done}","A result for this IRN already exists."\n5,"${fresh[1]}","Duplicate of row 4 of the file."\n`,
    );
    expect(await withTenant(t.db, acme, (trx) => verifyResultRollups(trx, acme))).toEqual([]);
  });

  test('rows that do not fit the project are a 422 naming them; nothing is stored', async () => {
    const irns = await participants(2);
    const csv = `${HEADER}\n${irns[0]},HR,2026-11-20T10:00:00Z,,HR,\n${irns[1]},XX,2026-11-20T10:00:00Z,,HR,\nNOSUCH,HR,2026-11-20T10:00:00Z,,,\n`;
    const response = await upload(csvFile(csv));
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'INVALID_RESULT_ROWS' });
    const messages = JSON.stringify(response.body);
    expect(messages).toContain('row 3');
    expect(messages).toContain('row 4');
    expect(await resultsOf(irns)).toEqual([]);
  });

  test('a question the project lacks, a bad date or a missing IRN are refused', async () => {
    const [irn] = await participants(1);
    const bad = await upload(csvFile(`IRN,Overall Result,Completed At,Q9\n${irn},HR,2026-11-20T10:00:00Z,HR\n`));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('no question with this sequence');
    const date = await upload(csvFile(`${HEADER}\n${irn},HR,yesterday,,,\n,HR,2026-11-20T10:00:00Z,,,\n`));
    expect(date.status).toBe(422);
    expect(JSON.stringify(date.body)).toMatch(/not a date.*IRN is missing/);
    expect(await resultsOf([irn!])).toEqual([]);
  });

  test('wrong type, wrong columns and header-only files are a 422, an empty one a 400; an oversize file is a 413', async () => {
    const exe = await upload({
      filename: 'results.exe',
      contentType: 'application/octet-stream',
      content: Buffer.from('MZ'),
    });
    expect(exe.status).toBe(422);
    const fake = await upload({ filename: 'results.xlsx', contentType: 'text/plain', content: Buffer.from('IRN\n') });
    expect(fake.status).toBe(422);
    const columns = await upload(csvFile('IRN,Name\nA,B\n'));
    expect(columns.status).toBe(422);
    expect(columns.body).toMatchObject({ code: 'WRONG_COLUMNS' });
    expect((await upload(csvFile(''))).status).toBe(400); // the platform refuses an empty file
    expect((await upload(csvFile(`${HEADER}\n`))).status).toBe(422);
    const big = await upload(csvFile(`${HEADER}\n${'x'.repeat(21 * 1024 * 1024)}\n`));
    expect(big.status).toBe(413);
  });

  test('needs tenant.project.results.create; another tenant’s project is 404', async () => {
    const [irn] = await participants(1);
    const csv = csvFile(`${HEADER}\n${irn},HR,2026-11-20T10:00:00Z,,,\n`);
    expect((await upload(csv, { token: analyst })).status).toBe(403);
    expect((await upload(csv, { token: globexAdmin, operatingTenant: globex })).status).toBe(404);
    expect(await resultsOf([irn!])).toEqual([]);
  });
});
