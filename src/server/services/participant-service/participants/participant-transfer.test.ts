import * as crypto from 'node:crypto';
import * as SheetJS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, STAGE } from '../../project-service';
import { participantTemplate, TEMPLATE_COLUMNS } from './participant-import';
import { REPLACE_ALL_BLOCKED_MESSAGE } from './participant-transfer-handlers';
import { createParticipants, type NewParticipant } from './participants-store';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;

const HEADER = 'IRN,First Name,Last Name,Email,Phone Number,Language,Time Zone,Additional Description';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const newProject = (tenantId: number, name: string, stageId = STAGE.EXECUTION) =>
  withTenant(t.db, tenantId, (trx) =>
    createProject(trx, { tenantId, name, stageId, languageIds: [1, 2], now: t.clock.now() }),
  );
const seed = (projectId: number, rows: NewParticipant[]) =>
  withTenant(t.db, acme, (trx) => createParticipants(trx, acme, projectId, rows, t.clock.now()));
const irnsOf = async (projectId: number) =>
  (
    await withSystem(t.db, (trx) =>
      trx
        .selectFrom('participants')
        .select('interview_ref_num')
        .where('project_id', '=', projectId)
        .orderBy('interview_ref_num')
        .execute(),
    )
  ).map((r) => r.interview_ref_num);

const csvFile = (text: string, filename = 'participants.csv') => ({
  filename,
  contentType: 'text/csv',
  content: Buffer.from(text, 'utf8'),
});
const upload = (
  projectId: number,
  file: { filename: string; contentType: string; content: Buffer },
  opts: { replaceAll?: boolean; token?: SignedIn; operatingTenant?: number } = {},
) =>
  t.api.call('uploadParticipants', {
    token: opts.token ?? admin,
    operatingTenant: opts.operatingTenant ?? acme,
    query: { projectId, replaceAll: opts.replaceAll ?? false },
    form: { file },
  });
const exportCsv = (body: Record<string, unknown>, token = admin, operatingTenant = acme) =>
  t.api.call('exportParticipants', { token, operatingTenant, body });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst, globexAdmin] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
});
afterAll(() => t.close());

describe('template', () => {
  it('downloads ParticipantTemplate.xlsx with the header row', async () => {
    const response = await t.api.call('downloadParticipantTemplate', { token: admin, operatingTenant: acme });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(String(response.headers['content-disposition'])).toContain('ParticipantTemplate.xlsx');
    expect(String(response.body).startsWith('PK')).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await participantTemplate()) as unknown as ArrayBuffer);
    const values = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(values).toEqual(TEMPLATE_COLUMNS.map((c) => c.header));
  });

  it('needs tenant.project.participants.create', async () => {
    await t.api.fails('downloadParticipantTemplate', 403, { token: analyst, operatingTenant: acme });
  });
});

describe('upload', () => {
  it('appends a good CSV in one go and answers the summary', async () => {
    const project = await newProject(acme, 'Import Good');
    const csv = `${HEADER}\nIMP001,Ana,Cruz,Ana@Example.com,+1 202 555 0101,en,,\nIMP002,Ben,Lee,,,es,,note\n`;
    const response = await upload(project, csvFile(csv));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      uploadStatus: 'SUCCESS',
      numberOfRecords: 2,
      columns: true,
      irnUnique: true,
      emailValid: true,
      phone: true,
      language: true,
      error_file_name: null,
    });
    expect(await irnsOf(project)).toEqual(['IMP001', 'IMP002']);
    const ana = await withSystem(t.db, (trx) =>
      trx.selectFrom('participants').selectAll().where('interview_ref_num', '=', 'IMP001').executeTakeFirstOrThrow(),
    );
    expect(ana).toMatchObject({ email: 'ana@example.com', phone_number: '+12025550101', status: 'NEW_PARTICIPANT' });
  });

  it('gives every row its own generated access code, also when the random draws repeat (found by the bench)', async () => {
    const project = await newProject(acme, 'Import Codes');
    await seed(project, [{ interviewRefNum: 'TAKEN1', languageId: 1, accessCode: '111-111-111' }]);
    // Draws: a code the tenant has, then the same code twice in the file, then the taken one again.
    const draws = [111111111, 222222222, 222222222, 111111111, 333333333];
    let next = 444444444;
    const spy = jest.spyOn(crypto, 'randomInt').mockImplementation((() => draws.shift() ?? next++) as never);
    try {
      const csv = `${HEADER}\nC1,A,B,,,en,,\nC2,A,B,,,en,,\nC3,A,B,,,en,,\n`;
      const response = await upload(project, csvFile(csv));
      expect(response.body).toMatchObject({ uploadStatus: 'SUCCESS', numberOfRecords: 3 });
    } finally {
      spy.mockRestore();
    }
    const codes = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('participants')
        .select('access_code')
        .where('project_id', '=', project)
        .where('interview_ref_num', 'in', ['C1', 'C2', 'C3'])
        .execute(),
    );
    const values = codes.map((c) => c.access_code);
    expect(new Set(values).size).toBe(3);
    expect(values).not.toContain('111-111-111');
  });

  it('reads an .xlsx upload', async () => {
    const project = await newProject(acme, 'Import Xlsx');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Participants');
    sheet.addRow(TEMPLATE_COLUMNS.map((c) => c.header));
    sheet.addRow(['X1', 'Xa', 'Xb', 'x@example.com', '', 'English', '', '']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(project, { filename: 'p.xlsx', contentType: XLSX, content });
    expect(response.body).toMatchObject({ uploadStatus: 'SUCCESS', numberOfRecords: 1 });
    expect(await irnsOf(project)).toEqual(['X1']);
  });

  it('reads a legacy .xls (Excel 97-2003) upload; an unreadable .xls is 422 and nothing is written', async () => {
    const project = await newProject(acme, 'Import Xls');
    const workbook = SheetJS.utils.book_new();
    SheetJS.utils.book_append_sheet(
      workbook,
      SheetJS.utils.aoa_to_sheet([
        TEMPLATE_COLUMNS.map((c) => c.header),
        ['L1', 'La', 'Lb', 'l1@example.com', '', 'English', '', ''],
        [],
        [1002, 'Ma', 'Mb', '', '', 'en', '', 'second row'],
      ]),
      'Participants',
    );
    const content = SheetJS.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const response = await upload(project, { filename: 'p.xls', contentType: 'application/vnd.ms-excel', content });
    expect(response.body).toMatchObject({ uploadStatus: 'SUCCESS', numberOfRecords: 2 });
    expect(await irnsOf(project)).toEqual(['1002', 'L1']);
    const other = await newProject(acme, 'Import Xls Bad');
    // A compound file cut short: the right signature, no readable workbook.
    const broken = Buffer.concat([content.subarray(0, 1024), Buffer.alloc(2048, 7)]);
    for (const [file, message] of [
      [
        { filename: 'p.xls', content: broken },
        'The .xls file could not be read: open it in Excel, save it again and upload it.',
      ],
      [{ filename: 'p.xls', content: Buffer.from(`${HEADER}\n`) }, 'File type not supported'],
      [{ filename: 'p.xlsx', content }, 'File type not supported'],
    ] as const) {
      const error = await t.api.fails('uploadParticipants', 422, {
        token: admin,
        operatingTenant: acme,
        query: { projectId: other },
        form: { file: { ...file, contentType: 'application/vnd.ms-excel' } },
      });
      expect(error.message).toBe(message);
    }
    expect(await irnsOf(other)).toEqual([]);
  });

  it('bad rows: nothing is written and the error file lists them', async () => {
    const project = await newProject(acme, 'Import Bad');
    await seed(project, [{ interviewRefNum: 'OLD1', languageId: 1 }]);
    const csv =
      `${HEADER}\nB1,A,B,not-an-email,,en,,\nB1,A,B,,,en,,\nB3,A,B,,12,fr,,\n` +
      `OLD1,A,B,,,en,,\nB5,A,B,,+1 202 555 01,en,,\nB6,A,B,,,en,,\n`;
    const response = await upload(project, csvFile(csv));
    expect(response.status).toBe(200);
    const body = response.body as Record<string, unknown>;
    expect(body).toMatchObject({
      uploadStatus: 'FAILED',
      numberOfRecords: 6,
      emailValid: false,
      emailErrors: 1,
      irnUnique: false,
      irnErrors: 1,
      language: false,
      languageErrors: 1,
      phone: false,
      phoneErrors: 1,
    });
    expect(await irnsOf(project)).toEqual(['OLD1']);
    // The project duplicate (OLD1) is found once the file's own rows pass; fix them and it is reported.
    const file = await t.api.call('downloadImportErrorFile', {
      token: admin,
      operatingTenant: acme,
      body: { error_file_name: body.error_file_name, error_type: 'participant' },
    });
    expect(file.status).toBe(200);
    expect(file.body).toContain('Row 2: Invalid email address');
    expect(file.body).toContain('Row 3: IRN B1 is not unique (also in row 2)');
    expect(file.body).toContain('Row 4: The project is not configured for this language.');
    expect(file.body).toContain('Row 6: Phone number is not valid');
    const again = await upload(project, csvFile(`${HEADER}\nOLD1,A,B,,,en,,\nB7,A,B,,,en,,\n`));
    expect(again.body).toMatchObject({ uploadStatus: 'FAILED', irnErrors: 1 });
    expect(await irnsOf(project)).toEqual(['OLD1']);
  });

  it('a missing column fails the columns check', async () => {
    const project = await newProject(acme, 'Import Columns');
    const response = await upload(project, csvFile('IRN,First Name\nC1,A\n'));
    expect(response.body).toMatchObject({ uploadStatus: 'FAILED', columns: false, columnsErrors: 1 });
    expect(await irnsOf(project)).toEqual([]);
  });

  it('refuses a wrong extension or magic bytes (422) and an oversized file (413)', async () => {
    const project = await newProject(acme, 'Import Bytes');
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]);
    for (const file of [
      csvFile(HEADER, 'p.txt'),
      { filename: 'p.csv', contentType: 'text/csv', content: zip },
      { filename: 'p.xlsx', contentType: XLSX, content: Buffer.from(`${HEADER}\n`) },
    ]) {
      const error = await t.api.fails('uploadParticipants', 422, {
        token: admin,
        operatingTenant: acme,
        query: { projectId: project },
        form: { file },
      });
      expect(error.message).toBe('File type not supported');
    }
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41);
    expect((await upload(project, { filename: 'p.csv', contentType: 'text/csv', content: big })).status).toBe(413);
    expect(await irnsOf(project)).toEqual([]);
  });

  it('Replace All deletes the deletable participants; Append keeps them', async () => {
    const project = await newProject(acme, 'Import Replace');
    await seed(project, [
      { interviewRefNum: 'R1', languageId: 1 },
      { interviewRefNum: 'R2', languageId: 1, status: 'INVITATION_SENT' },
      { interviewRefNum: 'R3', languageId: 1, status: 'UNDELIVERED' },
    ]);
    const append = await upload(project, csvFile(`${HEADER}\nA1,A,B,,,en,,\n`));
    expect(append.body).toMatchObject({ uploadStatus: 'SUCCESS' });
    expect(await irnsOf(project)).toEqual(['A1', 'R1', 'R2', 'R3']);
    // Without .delete Replace All is refused.
    await t.api.fails('uploadParticipants', 403, {
      token: analyst,
      operatingTenant: acme,
      query: { projectId: project, replaceAll: true },
      form: { file: csvFile(`${HEADER}\nN1,A,B,,,en,,\n`) },
    });
    const replace = await upload(project, csvFile(`${HEADER}\nR1,A,B,,,en,,\nN1,A,B,,,en,,\n`), {
      replaceAll: true,
    });
    expect(replace.body).toMatchObject({ uploadStatus: 'SUCCESS', replaced: 3 });
    expect(await irnsOf(project)).toEqual(['N1', 'R1', 'R3']);
    await seed(project, [{ interviewRefNum: 'DONE', languageId: 1, status: 'INTERVIEWED' }]);
    const blocked = await t.api.fails('uploadParticipants', 409, {
      token: admin,
      operatingTenant: acme,
      query: { projectId: project, replaceAll: true },
      form: { file: csvFile(`${HEADER}\nZ1,A,B,,,en,,\n`) },
    });
    expect(blocked.message).toBe(REPLACE_ALL_BLOCKED_MESSAGE);
    expect(await irnsOf(project)).toEqual(['DONE', 'N1', 'R1', 'R3']);
  });

  it("another tenant's project is 404 and nothing is written", async () => {
    const project = await newProject(globex, 'Globex Import');
    expect((await upload(project, csvFile(`${HEADER}\nG1,A,B,,,en,,\n`))).status).toBe(404);
    expect(await irnsOf(project)).toEqual([]);
    expect(
      (await upload(project, csvFile(`${HEADER}\nG1,A,B,,,en,,\n`), { token: globexAdmin, operatingTenant: globex }))
        .status,
    ).toBe(200);
  });
});

describe('export', () => {
  let project: number;
  let ids: number[];
  beforeAll(async () => {
    project = await newProject(acme, 'Export Quay');
    ids = await seed(project, [
      { interviewRefNum: 'E1', firstName: '=HYPERLINK("http://x")', lastName: '+Plus', languageId: 1 },
      { interviewRefNum: 'E2', firstName: 'Plain', lastName: '@at', languageId: 2, status: 'INVITATION_SENT' },
      { interviewRefNum: 'E3', firstName: 'Test', languageId: 1, isTestParticipant: true },
    ]);
  });

  it('exports the filtered rows as escaped CSV', async () => {
    const response = await exportCsv({ projectId: project, allRecords: true });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = String(response.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'IRN,First Name,Last Name,Email,Phone Number,Language,Participant Status,Access Code,Created By,Created At',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`E1,"'=HYPERLINK(""http://x"")",'+Plus`);
    expect(lines[2]).toContain("E2,Plain,'@at");
    const sent = await exportCsv({ projectId: project, allRecords: true, statusFilters: ['INVITATION_SENT'] });
    expect(String(sent.body).trim().split('\r\n')).toHaveLength(2);
    const ticked = await exportCsv({ projectId: project, allRecords: false, participants: [ids[0]] });
    expect(String(ticked.body)).toContain('E1');
    expect(String(ticked.body)).not.toContain('E2');
    const none = await exportCsv({ projectId: project, allRecords: false });
    expect(String(none.body).trim().split('\r\n')).toHaveLength(1);
  });

  it('needs tenant.project.participant.download; another tenant is 404', async () => {
    await t.api.fails('exportParticipants', 403, {
      token: analyst,
      operatingTenant: acme,
      body: { projectId: project, allRecords: true },
    });
    await t.api.fails('exportParticipants', 404, {
      token: globexAdmin,
      operatingTenant: globex,
      body: { projectId: project, allRecords: true },
    });
  });
});
