import * as SheetJS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, STAGE } from '../../project-service';
import { createParticipants } from '../participants/participants-store';
import { ONLY_AVAILABLE_BURNT } from './access-codes-handlers';
import { accessCodeCutOf, accessCodePageStatement, type AccessCodeFilter } from './access-codes-store';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const newProject = (tenantId: number, name: string, stageId = STAGE.EXECUTION) =>
  withTenant(t.db, tenantId, (trx) =>
    createProject(trx, { tenantId, name, stageId, languageIds: [1], now: t.clock.now() }),
  );
const settings = (tenantId: number, id: number, json: string) =>
  withTenant(t.db, tenantId, (trx) =>
    sql`UPDATE projects SET internal_settings = internal_settings || ${json}::jsonb WHERE id = ${id}`.execute(trx),
  );
const txt = (text: string, filename = 'codes.txt') => ({
  filename,
  contentType: 'text/plain',
  content: Buffer.from(text, 'utf8'),
});
async function xlsx(rows: unknown[][], filename = 'codes.xlsx') {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Codes');
  for (const row of rows) sheet.addRow(row);
  return { filename, contentType: XLSX, content: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
/** A real Excel 97-2003 file, written by SheetJS's BIFF8 writer. */
function xls(rows: unknown[][], filename = 'codes.xls') {
  const workbook = SheetJS.utils.book_new();
  SheetJS.utils.book_append_sheet(workbook, SheetJS.utils.aoa_to_sheet(rows), 'Codes');
  const content = SheetJS.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
  return { filename, contentType: 'application/vnd.ms-excel', content };
}
const upload = (
  projectId: number,
  file: { filename: string; contentType: string; content: Buffer },
  token = admin,
  operatingTenant = acme,
) => t.api.call('uploadAccessCodes', { token, operatingTenant, form: { projectId, file } });
type UploadBody = { status: string; message: string; erroCode: string | null; totalRecorded: number };
const poolOf = (projectId: number) =>
  withSystem(t.db, (trx) =>
    trx
      .selectFrom('access_codes')
      .select(['id', 'access_code', 'status', 'is_backup', 'is_test', 'participant_id'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
  );
const filesOf = (projectId: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('access_code_files').selectAll().where('project_id', '=', projectId).execute(),
  );
const list = (projectId: number, body: Record<string, unknown> = {}, token = admin, operatingTenant = acme) =>
  t.api.call('listAccessCodes', { token, operatingTenant, body: { projectId, ...body } });
type ListBody = {
  accesscode_list: {
    accessCodeId: number | null;
    participantId: number | null;
    irnCode: string | null;
    accessCode: string;
    status: string;
    originalFileName: string | null;
    is_backup: boolean;
  }[];
  total_count: number;
};
const burn = (projectId: number, accessCodeIds: number[], token = admin, operatingTenant = acme) =>
  t.api.call('burnAccessCodes', { token, operatingTenant, body: { projectId, accessCodeIds } });
const addParticipant = (projectId: number, irn: string, isTest = false, tenantId = acme, token = admin) =>
  t.api.call('createParticipants', {
    token,
    operatingTenant: tenantId,
    query: { is_test_participant: isTest },
    body: {
      tenantId,
      projectId,
      participants: [{ interviewRefNum: irn, participant_language_id: 1, first_name: 'A', last_name: 'B' }],
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst, globexAdmin] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
});
afterAll(() => t.close());

describe('upload', () => {
  it('stores a clean .txt file (header optional, Type and Test columns) in one file row', async () => {
    const project = await newProject(acme, 'Pool Txt');
    const res = await upload(
      project,
      txt('\uFEFFAccess Code,Type,Test\n100-200-301\n100 200 302,Backup\n100200303,,Yes\n\n'),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SUCCESS', message: 'File uploaded successfully', totalRecorded: 3 });
    expect((res.body as UploadBody).erroCode).toBeNull();
    const pool = await poolOf(project);
    expect(pool.map((c) => [c.access_code, c.status, c.is_backup, c.is_test])).toEqual([
      ['100200301', 'Available', false, false],
      ['100200302', 'Available', true, false],
      ['100200303', 'Available', false, true],
    ]);
    const files = await t.api.call('listAccessCodeFiles', {
      token: analyst,
      operatingTenant: acme,
      query: { projectId: project },
    });
    expect(files.status).toBe(200);
    expect((files.body as { files: unknown[] }).files).toEqual([
      expect.objectContaining({
        originalFileName: 'codes.txt',
        totalRecorded: 3,
        available: 3,
        assigned: 0,
        burned: 0,
      }),
    ]);
  });

  it('reads an .xlsx with its header row', async () => {
    const project = await newProject(acme, 'Pool Xlsx');
    const res = await upload(
      project,
      await xlsx([
        ['Type', 'Access Code'],
        ['Primary', 'AB12CD34'],
        ['Backup', 'AB12CD35'],
      ]),
    );
    expect(res.body).toMatchObject({ status: 'SUCCESS', totalRecorded: 2 });
    expect((await poolOf(project)).map((c) => c.access_code)).toEqual(['AB12CD34', 'AB12CD35']);
  });

  it('reads a legacy .xls (Excel 97-2003) with its header row; bad rows FAILED, nothing stored', async () => {
    const project = await newProject(acme, 'Pool Xls');
    const res = await upload(
      project,
      xls([
        ['Access Code', 'Type', 'Test'],
        ['XL12-CD34', 'Primary', 'No'],
        [555000777, 'Backup', 'Yes'],
      ]),
    );
    expect(res.body).toMatchObject({ status: 'SUCCESS', totalRecorded: 2 });
    expect(await poolOf(project)).toEqual([
      expect.objectContaining({ access_code: 'XL12CD34', is_backup: false, is_test: false }),
      expect.objectContaining({ access_code: '555000777', is_backup: true, is_test: true }),
    ]);
    const bad = await upload(
      project,
      xls([
        ['Access Code', 'Type'],
        ['XL99-0001', 'Spare'],
      ]),
    );
    expect(bad.body).toMatchObject({ status: 'FAILED', totalRecorded: 0 });
    expect((bad.body as UploadBody).erroCode).toContain('Line 2: Type &#39;Spare&#39; must be Primary or Backup.');
    expect(await poolOf(project)).toHaveLength(2);
    expect(await filesOf(project)).toHaveLength(1);
  });

  it('bad rows: FAILED with the HTML list (escaped), nothing stored', async () => {
    const project = await newProject(acme, 'Pool Bad');
    await upload(project, txt('555-000-001\n'));
    const res = await upload(
      project,
      txt('Access Code,Type\n555-000-002\n12<b>\n555000002\n555-000-003,Spare\n555 000 001\n'),
    );
    expect(res.status).toBe(200);
    const body = res.body as UploadBody;
    expect(body).toMatchObject({
      status: 'FAILED',
      message: 'Error occurred in file upload please try again',
      totalRecorded: 0,
    });
    expect(body.erroCode).toContain(
      '<li>Line 3: Access code &#39;12&lt;b&gt;&#39; must have 6 to 20 letters or digits',
    );
    expect(body.erroCode).toContain('<li>Line 4: Access code &#39;555000002&#39; repeats line 2.</li>');
    expect(body.erroCode).toContain('Line 5: Type &#39;Spare&#39; must be Primary or Backup.');
    expect(body.erroCode).not.toContain('<b>');
    expect((await poolOf(project)).map((c) => c.access_code)).toEqual(['555000001']);
    // A clean file whose only fault is a code already used in the tenant: refused in the transaction.
    const used = await upload(project, txt('555-000-010\n555 000 001\n'));
    expect((used.body as UploadBody).erroCode).toContain('Line 2: Access code &#39;555000001&#39; is already used.');
    expect(await poolOf(project)).toHaveLength(1);
    expect(await filesOf(project)).toHaveLength(1);
  });

  it('refuses a wrong extension, wrong magic bytes, an unreadable .xls and an oversized file; nothing stored', async () => {
    const project = await newProject(acme, 'Pool Bytes');
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]);
    const cfb = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    for (const [file, message] of [
      [txt('123456789\n', 'codes.csv'), 'File type not supported'],
      [{ filename: 'codes.txt', contentType: 'text/plain', content: zip }, 'File type not supported'],
      [{ filename: 'codes.xlsx', contentType: XLSX, content: Buffer.from('123456789\n') }, 'File type not supported'],
      [{ filename: 'codes.xls', contentType: 'application/vnd.ms-excel', content: zip }, 'File type not supported'],
      [
        { filename: 'codes.txt', contentType: 'text/plain', content: xls([['123456789']]).content },
        'File type not supported',
      ],
      [
        { filename: 'codes.xls', contentType: 'application/vnd.ms-excel', content: cfb },
        'The .xls file could not be read: open it in Excel, save it again and upload it.',
      ],
    ] as const) {
      const error = await t.api.fails('uploadAccessCodes', 422, {
        token: admin,
        operatingTenant: acme,
        form: { projectId: project, file },
      });
      expect(error.message).toBe(message);
    }
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
    expect((await upload(project, { filename: 'codes.txt', contentType: 'text/plain', content: big })).status).toBe(
      413,
    );
    expect(await poolOf(project)).toEqual([]);
    expect(await filesOf(project)).toEqual([]);
  });

  it('needs participants.update; another tenant is not found and gets nothing', async () => {
    const project = await newProject(acme, 'Pool Perm');
    expect((await upload(project, txt('777000001\n'), analyst)).status).toBe(403);
    expect((await upload(project, txt('777000001\n'), globexAdmin, globex)).status).toBe(404);
    expect(
      (
        await t.api.call('listAccessCodeFiles', {
          token: globexAdmin,
          operatingTenant: globex,
          query: { projectId: project },
        })
      ).status,
    ).toBe(404);
    expect(await poolOf(project)).toEqual([]);
  });
});

describe('assignment on participant creation', () => {
  it('draws Available Primary codes (test ones for test participants), then generates', async () => {
    const project = await newProject(acme, 'Pool Assign');
    await upload(project, txt('Access Code,Type,Test\n800-000-001\n800-000-002,Backup\n800-000-003,,Yes\n'));
    const first = await addParticipant(project, 'PA-1');
    expect(first.status).toBe(201);
    const [id1] = (first.body as { participantIds: number[] }).participantIds;
    const row = (id: number) =>
      withSystem(t.db, (trx) =>
        trx.selectFrom('participants').select('access_code').where('id', '=', id).executeTakeFirstOrThrow(),
      );
    expect((await row(id1!)).access_code).toBe('800000001');
    // The pool has no other Primary normal code: the next one is generated, the Backup stays Available.
    const [id2] = ((await addParticipant(project, 'PA-2')).body as { participantIds: number[] }).participantIds;
    expect((await row(id2!)).access_code).toMatch(/^\d{3}-\d{3}-\d{3}$/);
    const pool = await poolOf(project);
    expect(
      pool.map((c) => [c.access_code, c.status, c.participant_id === null ? null : Number(c.participant_id)]),
    ).toEqual([
      ['800000001', 'Assigned', id1],
      ['800000002', 'Available', null],
      ['800000003', 'Available', null],
    ]);
    // The list shows the pool codes and the generated one (no file), the IRNs of the assigned ones.
    const listed = (await list(project)).body as ListBody;
    expect(listed.total_count).toBe(3);
    expect(listed.accesscode_list.find((r) => r.accessCode === '800000001')).toMatchObject({
      irnCode: 'PA-1',
      status: 'Assigned',
      originalFileName: 'codes.txt',
    });
    expect(listed.accesscode_list.find((r) => r.irnCode === 'PA-2')).toMatchObject({
      accessCodeId: null,
      originalFileName: null,
      status: 'Assigned',
    });
    const available = (await list(project, { status: ['Available'], isBackup: true })).body as ListBody;
    expect(available.accesscode_list.map((r) => r.accessCode)).toEqual(['800000002']);
    const tests = (await list(project, { isTestAccessCode: true })).body as ListBody;
    expect(tests.accesscode_list.map((r) => r.accessCode)).toEqual(['800000003']);
    expect(((await list(project, { search: '800 000 001' })).body as ListBody).accesscode_list).toHaveLength(1);
  });

  it('the import draws from the pool through the same function', async () => {
    const project = await newProject(acme, 'Pool Import');
    await upload(project, txt('810-000-001\n810-000-002\n'));
    const csv = 'IRN,First Name,Last Name,Email,Phone Number,Language\nIM1,A,B,,,en\nIM2,A,B,,,en\nIM3,A,B,,,en\n';
    const res = await t.api.call('uploadParticipants', {
      token: admin,
      operatingTenant: acme,
      query: { projectId: project },
      form: { file: { filename: 'p.csv', contentType: 'text/csv', content: Buffer.from(csv) } },
    });
    expect(res.body).toMatchObject({ uploadStatus: 'SUCCESS' });
    expect((await poolOf(project)).map((c) => c.status)).toEqual(['Assigned', 'Assigned']);
  });

  it('same-as-IRN: an IRN already uploaded as a code is refused (409) and nothing is added', async () => {
    const project = await newProject(acme, 'Pool IRN');
    await settings(acme, project, '{"accessCodeBehaviorId": 2}');
    await upload(project, txt('820000001\n'));
    const res = await addParticipant(project, '820000001');
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe('This access code is already used.');
    const count = await withSystem(t.db, (trx) =>
      trx.selectFrom('participants').select('id').where('project_id', '=', project).execute(),
    );
    expect(count).toEqual([]);
  });

  it('a refresh draws a pool code and burns the one the participant held', async () => {
    const project = await newProject(acme, 'Pool Refresh');
    await settings(acme, project, '{"enable_refresh_accesscode": true}');
    await upload(project, txt('830-000-001\n830-000-002\n'));
    const [id] = ((await addParticipant(project, 'PR-1')).body as { participantIds: number[] }).participantIds;
    const res = await t.api.call('refreshAccessCode', {
      token: admin,
      operatingTenant: acme,
      params: { participantId: id! },
    });
    expect(res.status).toBe(200);
    expect((res.body as { accessCode: string }).accessCode).toBe('830000002');
    expect((await poolOf(project)).map((c) => c.status)).toEqual(['Burned', 'Assigned']);
  });
});

describe('burn', () => {
  it('burns selected Available codes; others (Assigned, Burned) are refused with nothing changed', async () => {
    const project = await newProject(acme, 'Pool Burn');
    await upload(project, txt('840-000-001\n840-000-002\n840-000-003\n'));
    await addParticipant(project, 'PB-1');
    const [assigned, a, b] = (await poolOf(project)).map((c) => Number(c.id));
    const refused = await burn(project, [a!, assigned!]);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(ONLY_AVAILABLE_BURNT);
    expect((await poolOf(project)).map((c) => c.status)).toEqual(['Assigned', 'Available', 'Available']);
    const ok = await burn(project, [a!]);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ burned: 1 });
    expect((await burn(project, [a!])).status).toBe(409);
    expect((await poolOf(project)).map((c) => c.status)).toEqual(['Assigned', 'Burned', 'Available']);
    // A burnt code is never assigned: the next participant gets the remaining Available one.
    await addParticipant(project, 'PB-2');
    expect((await poolOf(project)).map((c) => c.status)).toEqual(['Assigned', 'Burned', 'Assigned']);
    expect(
      ((await list(project, { status: ['Burned'] })).body as ListBody).accesscode_list.map((r) => r.accessCode),
    ).toEqual(['840000002']);
    expect(b).toBeDefined();
  });

  it('needs at least one id and participants.update; ids of another project or tenant are not found', async () => {
    const project = await newProject(acme, 'Pool Burn Iso');
    const other = await newProject(acme, 'Pool Burn Other');
    const globexProject = await newProject(globex, 'Pool Burn Globex');
    await upload(project, txt('850-000-001\n'));
    await upload(other, txt('850-000-002\n'));
    await upload(globexProject, txt('850-000-003\n'), globexAdmin, globex);
    const [mine] = (await poolOf(project)).map((c) => Number(c.id));
    const [theirs] = (await poolOf(other)).map((c) => Number(c.id));
    const [foreign] = (await poolOf(globexProject)).map((c) => Number(c.id));
    expect((await burn(project, [])).status).toBe(400);
    expect((await burn(project, [mine!], analyst)).status).toBe(403);
    expect((await burn(project, [mine!, theirs!])).status).toBe(404);
    expect((await burn(project, [foreign!])).status).toBe(404);
    expect((await burn(globexProject, [foreign!])).status).toBe(404);
    for (const p of [project, other, globexProject])
      expect((await poolOf(p)).map((c) => c.status)).toEqual(['Available']);
    // The list of another tenant's project is not found either.
    expect((await list(globexProject)).status).toBe(404);
  });
});

test('a participant added directly with createParticipants keeps its given code (seed path)', async () => {
  const project = await newProject(acme, 'Pool Seed Path');
  const [id] = await withTenant(t.db, acme, (trx) =>
    createParticipants(
      trx,
      acme,
      project,
      [{ interviewRefNum: 'SP-1', languageId: 1, accessCode: '860-000-001' }],
      t.clock.now(),
    ),
  );
  expect(((await list(project)).body as ListBody).accesscode_list.map((r) => r.participantId)).toEqual([id]);
});

test("View Codes merges the pool's codes and the participants' own codes newest first, page by page (ADR 0230)", async () => {
  const project = await newProject(acme, 'Pool Merged Pages');
  // Own codes and pool uploads alternate in time: each page must interleave the two parts in the list's order.
  const own = async (n: number) => {
    t.clock.advance(60_000);
    await withTenant(t.db, acme, (trx) =>
      createParticipants(
        trx,
        acme,
        project,
        [{ interviewRefNum: `MP-${n}`, languageId: 1, accessCode: `870-100-00${n}` }],
        t.clock.now(),
      ),
    );
  };
  const pool = async (n: number) => {
    t.clock.advance(60_000);
    expect((await upload(project, txt(`870-200-00${n}\n870-200-01${n}\n`, `pool-${n}.txt`))).status).toBe(200);
  };
  await own(1);
  await pool(1);
  await own(2);
  await own(3);
  await pool(2);
  await own(4);
  const whole = ((await list(project, { pageSize: 100 })).body as ListBody).accesscode_list.map((r) => r.accessCode);
  expect(whole.slice(0, 3)).toEqual([
    '870-100-004',
    expect.stringMatching(/^8702000[01]2$/),
    expect.stringMatching(/^8702000[01]2$/),
  ]);
  expect(whole).toHaveLength(8);
  // Pages of three, in turn, give the whole list in its order; the total counts both parts.
  const paged: string[] = [];
  for (let page = 0; page < 3; page += 1) {
    const body = (await list(project, { page, pageSize: 3 })).body as ListBody;
    expect(body.total_count).toBe(8);
    paged.push(...body.accesscode_list.map((r) => r.accessCode));
  }
  expect(paged).toEqual(whole);
  // Filters apply to both parts: Available codes are the pool's only; Assigned ones the participants'.
  const available = ((await list(project, { status: ['Available'], pageSize: 100 })).body as ListBody).accesscode_list;
  expect(available.map((r) => r.status)).toEqual(Array(4).fill('Available'));
  const assigned = (await list(project, { status: ['Assigned'], page: 1, pageSize: 3 })).body as ListBody;
  expect(assigned.total_count).toBe(4);
  expect(assigned.accesscode_list.map((r) => r.accessCode)).toEqual(['870-100-001']);
});

test('a deep page from the far end or a kept cut is the page of the whole order, with ties across parts (ADR 0232, 0235)', async () => {
  const project = await newProject(acme, 'Pool Cut Pages');
  const own = (...n: number[]) =>
    withTenant(t.db, acme, (trx) =>
      createParticipants(
        trx,
        acme,
        project,
        n.map((i) => ({ interviewRefNum: `CT-${i}`, languageId: 1, accessCode: `871-100-00${i}` })),
        t.clock.now(),
      ),
    );
  const pool = async (...n: number[]) => {
    const codes = n.map((i) => `871-200-00${i}`).join('\n');
    expect((await upload(project, txt(`${codes}\n`, `cut-${n[0]}.txt`))).status).toBe(200);
  };
  // Pool codes and own codes of the same instant, and instants apart.
  t.clock.advance(60_000);
  await pool(1, 2);
  await own(1, 2);
  t.clock.advance(60_000);
  await own(3);
  t.clock.advance(60_000);
  await own(4, 5);
  await pool(3, 4, 5);
  await own(6);
  // A pool code and an own code of the same date and id (their ids come from two sequences): the pool code first.
  await withSystem(t.db, async (trx) => {
    // The pool code's id is an identity column: its row is written again under the participant's id.
    await sql`CREATE TEMP TABLE tied ON COMMIT DROP AS
      SELECT c.* FROM access_codes c WHERE c.project_id = ${project} AND app_code_key(c.access_code) = '871200005'`.execute(
      trx,
    );
    await sql`DELETE FROM access_codes c USING tied WHERE c.id = tied.id`.execute(trx);
    await sql`UPDATE tied SET id = p.id FROM participants p
      WHERE p.project_id = ${project} AND p.interview_ref_num = 'CT-5'`.execute(trx);
    const { rows } =
      await sql`INSERT INTO access_codes OVERRIDING SYSTEM VALUE SELECT * FROM tied RETURNING id`.execute(trx);
    expect(rows).toHaveLength(1);
  });
  const codes = async (page: number, pageSize: number) =>
    ((await list(project, { page, pageSize })).body as ListBody).accesscode_list.map((r) => r.accessCode);
  const whole = await codes(0, 100);
  expect(whole).toHaveLength(11);
  // The order (ADR 0235): Date Added, then the row's id, newest first; a pool code first at the same date and id.
  const filter: AccessCodeFilter = {
    projectId: project,
    search: null,
    statuses: [],
    isBackup: null,
    testAccessCodes: false,
  };
  const read = <Row>(statement: RawBuilder<Row>) =>
    withTenant(t.db, acme, async (trx) => (await statement.execute(trx)).rows);
  const start = { reverse: false, after: null, offset: 0, limit: 100 };
  const all = await read(accessCodePageStatement(filter, null, start));
  expect(all.map((r) => r.access_code)).toEqual(whole);
  const sortKey = (r: (typeof all)[number]) =>
    [r.at_key, String(Number(r.code_id ?? r.participant_id)).padStart(20, '0'), r.code_id === null ? 0 : 1].join(' ');
  expect(all.map(sortKey)).toEqual(all.map(sortKey).sort().reverse());
  const tied = all.filter(
    (r) =>
      r.code_id !== null &&
      r.code_id ===
        all.find((o) => o.code_id === null && o.participant_id === r.code_id && o.at_key === r.at_key)?.participant_id,
  );
  expect(tied.map((r) => r.access_code)).toEqual(['871200005']);
  // A page after any row's cut, either way, is the rows of the whole list past it.
  for (const [i, row] of all.entries()) {
    const forward = await read(
      accessCodePageStatement(filter, null, { ...start, after: accessCodeCutOf(row), limit: 3 }),
    );
    expect([i, forward.map((r) => r.access_code)]).toEqual([i, whole.slice(i + 1, i + 4)]);
    const back = await read(
      accessCodePageStatement(filter, null, { ...start, reverse: true, after: accessCodeCutOf(row), limit: 3 }),
    );
    expect([i, back.map((r) => r.access_code)]).toEqual([i, whole.slice(Math.max(0, i - 3), i).reverse()]);
  }
  for (const pageSize of [1, 2, 3]) {
    const pages = Math.ceil(whole.length / pageSize);
    const expected = (page: number) => whole.slice(page * pageSize, (page + 1) * pageSize);
    // Backwards from the last page (the far end, then cuts after), forwards (cuts before), then jumps.
    const order = [
      ...Array.from({ length: pages }, (_, i) => pages - 1 - i),
      ...Array.from({ length: pages }, (_, i) => i),
      ...[3, 1, 4, 0, 2].filter((p) => p < pages),
    ];
    for (const page of order)
      expect([pageSize, page, await codes(page, pageSize)]).toEqual([pageSize, page, expected(page)]);
  }
});

test('the demo seed gives each customer tenant an access-code file through the upload functions', async () => {
  const project = await withTenant(t.db, acme, (trx) =>
    trx.selectFrom('projects').select('id').where('name', '=', 'New Hire Screening').executeTakeFirstOrThrow(),
  );
  const files = await t.api.call('listAccessCodeFiles', {
    token: admin,
    operatingTenant: acme,
    query: { projectId: project.id },
  });
  expect((files.body as { files: unknown[] }).files).toEqual([
    expect.objectContaining({
      originalFileName: 'Demo Access Codes.txt',
      totalRecorded: 27,
      available: 25,
      burned: 2,
      assigned: 0,
    }),
  ]);
});
