import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, STAGE } from '../../project-service';
import { SETUP_STAGE_MESSAGE } from './participant-form';
import { DELETE_BLOCKED_MESSAGE } from './participants-handlers';
import { createParticipants, type NewParticipant } from './participants-store';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;
let provider: SignedIn;
let project: number;
let irnProject: number;
let setupProject: number;
let testingProject: number;
let globexProject: number;

const newProject = (tenantId: number, name: string, stageId: number) =>
  withTenant(t.db, tenantId, (trx) =>
    createProject(trx, { tenantId, name, stageId, languageIds: [1, 2], now: t.clock.now() }),
  );
async function seed(projectId: number, rows: NewParticipant[], tenantId = acme): Promise<number[]> {
  return withTenant(t.db, tenantId, (trx) => createParticipants(trx, tenantId, projectId, rows, t.clock.now()));
}
const row = (id: number) =>
  withSystem(t.db, (trx) => trx.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst());
const countIn = async (projectId: number) =>
  Number(
    (
      await withSystem(t.db, (trx) =>
        trx
          .selectFrom('participants')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );

const list = (body: Record<string, unknown>, projectId = project, token = admin, operatingTenant = acme) =>
  t.api.call('listProjectParticipants', {
    token,
    operatingTenant,
    params: { projectId },
    body: { page: 0, pageSize: 25, ...body },
  });
const add = (participants: unknown[], opts: { projectId?: number; test?: boolean; token?: SignedIn } = {}) =>
  t.api.call('createParticipants', {
    token: opts.token ?? admin,
    operatingTenant: acme,
    query: { is_test_participant: opts.test ?? false },
    body: { tenantId: acme, projectId: opts.projectId ?? project, participants },
  });
const edit = (id: number, body: Record<string, unknown>, opts: { test?: boolean; token?: SignedIn } = {}) =>
  t.api.call('updateParticipant', {
    token: opts.token ?? admin,
    operatingTenant: acme,
    params: { id },
    query: { is_test_participant: opts.test ?? false },
    body,
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst, globexAdmin, provider] = await t.signInAs(
    'admin@acme.test',
    'analyst@acme.test',
    'dual@globex.test',
    'admin@voxscreen.test',
  );
  project = await newProject(acme, 'Participants Quay', STAGE.EXECUTION);
  irnProject = await newProject(acme, 'IRN Quay', STAGE.EXECUTION);
  setupProject = await newProject(acme, 'Setup Quay', STAGE.SETUP);
  testingProject = await newProject(acme, 'Testing Quay', STAGE.TESTING);
  globexProject = await newProject(globex, 'Globex Quay', STAGE.EXECUTION);
  await withTenant(t.db, acme, (trx) =>
    sql`UPDATE projects SET internal_settings = internal_settings || '{"accessCodeBehaviorId": 2, "irnLength": 8}'::jsonb,
        client_api = '{"additional_fields": [{"key": "SMS_COUNTRY_CODE", "value": "+1, +63"}]}'::jsonb
        WHERE id = ${irnProject}`.execute(trx),
  );
});
afterAll(() => t.close());

describe('list', () => {
  let listProject: number;
  beforeAll(async () => {
    listProject = await newProject(acme, 'Paging Quay', STAGE.EXECUTION);
    const rows: NewParticipant[] = Array.from({ length: 60 }, (_, i) => ({
      interviewRefNum: `PG${String(i + 1).padStart(3, '0')}`,
      firstName: i % 2 ? 'Odd' : 'Even',
      lastName: `Person${i + 1}`,
      languageId: i % 3 === 0 ? 2 : 1,
      status: i % 4 === 0 ? 'INVITATION_SENT' : 'NEW_PARTICIPANT',
    }));
    // Created one second apart so the default order (newest first) is PG060 ... PG001.
    for (const [i, r] of rows.entries()) {
      await withTenant(t.db, acme, (trx) =>
        createParticipants(trx, acme, listProject, [r], new Date(Date.UTC(2026, 0, 1, 0, 0, i))),
      );
    }
    await seed(listProject, [{ interviewRefNum: 'PGTEST', languageId: 1, isTestParticipant: true }]);
  });

  it('pages newest first with the total, by offset and by keyset, both giving the same rows', async () => {
    const first = await list({ pageSize: 25 }, listProject);
    expect(first.status).toBe(200);
    const body = first.body as {
      participants: { interviewRefNum: string }[];
      totalRecords: number;
      nextCursor: string;
    };
    expect(body.totalRecords).toBe(60);
    expect(body.participants.map((p) => p.interviewRefNum).slice(0, 2)).toEqual(['PG060', 'PG059']);
    expect(body.nextCursor).toEqual(expect.any(String));
    const byOffset = (await list({ page: 1, pageSize: 25 }, listProject)).body as typeof body;
    const byKeyset = (await list({ after: body.nextCursor, pageSize: 25 }, listProject)).body as typeof body;
    expect(byKeyset.participants).toEqual(byOffset.participants);
    expect(byKeyset.participants[0]!.interviewRefNum).toBe('PG035');
    const last = (await list({ after: byKeyset.nextCursor, pageSize: 25 }, listProject)).body as typeof body;
    expect(last.participants).toHaveLength(10);
    expect(last.nextCursor).toBeNull();
  });

  it('sorts by IRN and status with keyset paging', async () => {
    const asc = (await list({ sortBy: 'interviewRefNum', pageSize: 5 }, listProject)).body as {
      participants: { interviewRefNum: string }[];
      nextCursor: string;
    };
    expect(asc.participants.map((p) => p.interviewRefNum)).toEqual(['PG001', 'PG002', 'PG003', 'PG004', 'PG005']);
    const next = (await list({ sortBy: 'interviewRefNum', pageSize: 5, after: asc.nextCursor }, listProject))
      .body as typeof asc;
    expect(next.participants[0]!.interviewRefNum).toBe('PG006');
    const byStatus = (await list({ sortBy: 'status', sortDirection: 'desc', pageSize: 60 }, listProject)).body as {
      participants: { status: string }[];
    };
    expect(byStatus.participants[0]!.status).toBe('NEW_PARTICIPANT');
    expect(byStatus.participants[59]!.status).toBe('INVITATION_SENT');
  });

  it('filters by search, status, language and the test toggle (the one selection rule)', async () => {
    const ids = async (body: Record<string, unknown>) =>
      (
        (await list({ pageSize: 100, ...body }, listProject)).body as { participants: { interviewRefNum: string }[] }
      ).participants.map((p) => p.interviewRefNum);
    expect(await ids({ search: 'person42' })).toEqual(['PG042']);
    expect((await ids({ participantStatus: ['INVITATION_SENT'] })).length).toBe(15);
    expect((await ids({ participantLanguageIds: [2] })).length).toBe(20);
    expect(await ids({ testParticipant: true })).toEqual(['PGTEST']);
  });

  it('finds a participant by their whole access code or IRN, in any spelling, and by their start', async () => {
    await withTenant(t.db, acme, (trx) =>
      createParticipants(
        trx,
        acme,
        listProject,
        [{ interviewRefNum: 'PGCODE', accessCode: 'QZ7-4418-2290', firstName: 'Coded', languageId: 1 }],
        new Date(),
      ),
    );
    const ids = async (search: string) =>
      (
        (await list({ pageSize: 100, search }, listProject)).body as { participants: { interviewRefNum: string }[] }
      ).participants.map((p) => p.interviewRefNum);
    try {
      for (const search of ['QZ7-4418-2290', 'qz744182290', 'QZ7 4418 2290', 'QZ7-4418', 'PGCODE', 'pgcode'])
        expect({ search, found: await ids(search) }).toEqual({ search, found: ['PGCODE'] });
    } finally {
      await withTenant(t.db, acme, (trx) =>
        sql`DELETE FROM participants WHERE interview_ref_num = 'PGCODE'`.execute(trx),
      );
    }
  });

  it("a search's kept candidates follow the data: a participant added or renamed is found at once", async () => {
    const ids = async (search: string) =>
      (
        (await list({ pageSize: 100, search }, listProject)).body as { participants: { interviewRefNum: string }[] }
      ).participants.map((p) => p.interviewRefNum);
    expect(await ids('zephyrine')).toEqual([]);
    expect(await ids('zephyrine')).toEqual([]);
    await withTenant(t.db, acme, (trx) =>
      createParticipants(
        trx,
        acme,
        listProject,
        [{ interviewRefNum: 'PGZEPH', firstName: 'Zephyrine', languageId: 1 }],
        new Date(),
      ),
    );
    expect(await ids('zephyrine')).toEqual(['PGZEPH']);
    await withTenant(t.db, acme, (trx) =>
      sql`UPDATE participants SET first_name = 'Marguerite' WHERE interview_ref_num = 'PGZEPH'`.execute(trx),
    );
    expect(await ids('zephyrine')).toEqual([]);
    await withTenant(t.db, acme, (trx) =>
      sql`DELETE FROM participants WHERE interview_ref_num = 'PGZEPH'`.execute(trx),
    );
  });

  it('keeps the first page under the data version: read again only after a write', async () => {
    const nameOf = async (body: Record<string, unknown>) =>
      (
        (await list({ pageSize: 2, ...body }, listProject)).body as {
          participants: { interviewRefNum: string; first_name: string }[];
        }
      ).participants.find((p) => p.interviewRefNum === 'PG059')?.first_name;
    expect(await nameOf({})).toBe('Even');
    // A rename the data version does not see (its triggers off, as no application write can have them): the kept
    // first page still shows the name it read; a page by keyset or offset reads the row anew.
    const rename = (name: string) =>
      t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE participants SET first_name = ${name} WHERE interview_ref_num = 'PG059'`.execute(trx);
      });
    await rename('Evelyn');
    expect(await nameOf({})).toBe('Even');
    expect(await nameOf({ pageSize: 1, page: 1 })).toBe('Evelyn');
    // Any write to the account moves the version: the first page is read again.
    await withTenant(t.db, acme, (trx) =>
      sql`UPDATE participants SET updated_at = updated_at WHERE interview_ref_num = 'PG001'`.execute(trx),
    );
    expect(await nameOf({})).toBe('Evelyn');
    await rename('Even');
  });

  it('reads a deep page from the far end of the order or after a kept cut, under the data version (ADR 0191)', async () => {
    const irns = async (body: Record<string, unknown>) =>
      (
        (await list({ pageSize: 10, ...body }, listProject)).body as { participants: { interviewRefNum: string }[] }
      ).participants.map((p) => p.interviewRefNum);
    const newestFirst = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, i) => `PG${String(from - i).padStart(3, '0')}`);
    const touch = () =>
      withTenant(t.db, acme, (trx) =>
        sql`UPDATE participants SET updated_at = updated_at WHERE interview_ref_num = 'PG001'`.execute(trx),
      );
    // Hides the newest participant unseen by the data version (its triggers off, as no application write can).
    const hideNewest = (hidden: boolean) =>
      t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE participants SET is_hidden = ${hidden}
                  WHERE project_id = ${listProject} AND interview_ref_num = 'PG060'`.execute(trx);
      });
    await touch();
    expect(await irns({})).toEqual(newestFirst(60, 51));
    expect(await irns({ page: 2 })).toEqual(newestFirst(40, 31));
    await hideNewest(true);
    // Page 3 starts after page 2's last row, kept as a cut: the rows it held under this version (the offset read
    // would start one row later); the last page is read backwards from the far end of the 60 kept as the total.
    expect(await irns({ page: 3 })).toEqual(newestFirst(30, 21));
    expect(await irns({ page: 5 })).toEqual(newestFirst(10, 1));
    // A write moves the version: the pages are those of the offset read again.
    await touch();
    expect(await irns({ page: 3 })).toEqual(newestFirst(29, 20));
    expect(await irns({ page: 5 })).toEqual(newestFirst(9, 1));
    await hideNewest(false);
    await touch();
  });

  it('refuses a cursor of another filter or sort (422), an unknown sort (400) and a too large page (400)', async () => {
    const { nextCursor } = (await list({ pageSize: 5 }, listProject)).body as { nextCursor: string };
    expect((await list({ pageSize: 5, after: nextCursor, search: 'odd' }, listProject)).status).toBe(422);
    expect((await list({ pageSize: 5, after: nextCursor, sortBy: 'status' }, listProject)).status).toBe(422);
    expect((await list({ pageSize: 5, after: 'not-a-cursor' }, listProject)).status).toBe(422);
    expect((await list({ sortBy: 'email' }, listProject)).status).toBe(400);
    expect((await list({ pageSize: 1000 }, listProject)).status).toBe(400);
  });

  it('needs participants.read, and test.read for test participants; another tenant is not found', async () => {
    expect((await list({}, listProject, analyst)).status).toBe(200);
    expect((await list({ testParticipant: true }, listProject, analyst)).status).toBe(403);
    expect((await list({}, globexProject, admin)).status).toBe(404);
    expect((await list({}, listProject, globexAdmin, globex)).status).toBe(404);
  });
});

describe('add', () => {
  it('adds a participant with the creator, a stored E.164 phone and a generated access code', async () => {
    const response = await add([
      {
        interviewRefNum: 'ADD-001',
        first_name: ' Ada ',
        last_name: 'Lovelace',
        email: 'Ada@Example.TEST',
        phoneNumber: '(213) 373-4253',
        participant_language_id: 2,
        timezone_id: '6',
        additional_description: 'VIP',
      },
    ]);
    expect(response.status).toBe(201);
    const body = response.body as { message: string; participantIds: number[] };
    expect(body.message).toBe('Participant Added Successfully!');
    const stored = (await row(body.participantIds[0]!))!;
    expect(stored).toMatchObject({
      interview_ref_num: 'ADD-001',
      first_name: 'Ada',
      email: 'ada@example.test',
      phone_number: '+12133734253',
      participant_language_id: 2,
      status: 'NEW_PARTICIPANT',
      is_test_participant: false,
      timezone_id: '6',
      additional_description: 'VIP',
    });
    expect(stored.access_code).toMatch(/^\d{3}-\d{3}-\d{3}$/);
    expect(stored.created_by).toEqual(expect.any(Number));
    const got = (await t.api.ok('getParticipant', {
      token: admin,
      operatingTenant: acme,
      params: { id: body.participantIds[0]! },
    })) as { created_by: string; participantLanguage: string };
    expect(got.created_by).toMatch(/\w+ \w+/);
    expect(got.participantLanguage).toBeTruthy();
    const creators = await t.api.ok('listParticipantCreators', {
      token: admin,
      operatingTenant: acme,
      params: { projectId: project },
    });
    expect(creators.creators).toEqual([{ userId: stored.created_by, name: got.created_by }]);
    const foreign = await t.api.call('listParticipantCreators', {
      token: globexAdmin,
      operatingTenant: globex,
      params: { projectId: project },
    });
    expect(foreign.status).toBe(404);
  });

  it('applies the form rules with the spec texts and stores nothing on refusal', async () => {
    const before = await countIn(irnProject);
    const response = await add(
      [{ interviewRefNum: '12a45678', email: 'not-an-email', phoneNumber: '+44 20 7946 0958' }],
      { projectId: irnProject },
    );
    expect(response.status).toBe(400); // participant_language_id is required by the contract
    const refused = await add(
      [
        {
          interviewRefNum: '12a45678',
          email: 'not-an-email',
          phoneNumber: '+44 20 7946 0958',
          participant_language_id: 3,
        },
      ],
      { projectId: irnProject },
    );
    expect(refused.status).toBe(422);
    expect((refused.body as { errors: unknown[] }).errors).toEqual([
      {
        field: 'participants[0].interviewRefNum',
        message: 'IRN must be numeric only (based on current project configuration)',
      },
      { field: 'participants[0].email', message: 'Invalid email address' },
      { field: 'participants[0].phoneNumber', message: 'Phone number is not valid' },
      { field: 'participants[0].participant_language_id', message: 'The project is not configured for this language.' },
    ]);
    const irnRules = async (irn: string) =>
      (
        (await add([{ interviewRefNum: irn, participant_language_id: 1 }], { projectId: irnProject })).body as {
          errors?: { message: string }[];
        }
      ).errors?.[0]?.message;
    expect(await irnRules('')).toBe('IRN is required');
    expect(await irnRules('123-4567')).toBe('IRN must be at least 8 characters long');
    expect(await irnRules('1234567890123456')).toBe('IRN must not exceed 15 characters long');
    expect((await add([{ interviewRefNum: 'A B', participant_language_id: 1 }])).body).toMatchObject({
      errors: [{ field: 'participants[0].interviewRefNum', message: 'White Space is not allowed' }],
    });
    expect(await countIn(irnProject)).toBe(before);
  });

  it('makes the IRN the access code when the behaviour says so, with the project country codes', async () => {
    const ok = await add(
      [{ interviewRefNum: '1234-5678', participant_language_id: 1, phoneNumber: '+63 917 123 4567' }],
      {
        projectId: irnProject,
      },
    );
    expect(ok.status).toBe(201);
    const stored = (await row((ok.body as { participantIds: number[] }).participantIds[0]!))!;
    expect(stored.access_code).toBe('1234-5678');
    expect(stored.phone_number).toBe('+639171234567');
  });

  it('refuses a duplicate IRN (409), in the project or twice in the request, changing nothing', async () => {
    await seed(project, [{ interviewRefNum: 'DUP-1', languageId: 1 }]);
    const before = await countIn(project);
    const taken = await add([{ interviewRefNum: 'DUP-1', participant_language_id: 1 }]);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'IRN_TAKEN' });
    const twice = await add([
      { interviewRefNum: 'DUP-2', participant_language_id: 1 },
      { interviewRefNum: 'DUP-2', participant_language_id: 1 },
    ]);
    expect(twice.status).toBe(409);
    expect(await countIn(project)).toBe(before);
  });

  it('follows the stage: blocked in setup, test participants only in testing', async () => {
    const blocked = await add([{ participant_language_id: 1 }], { projectId: setupProject });
    expect(blocked.status).toBe(409);
    expect((blocked.body as { message: string }).message).toBe(SETUP_STAGE_MESSAGE);
    expect((await add([{ participant_language_id: 1 }], { projectId: testingProject })).status).toBe(422);
    expect((await add([{ participant_language_id: 1 }], { projectId: testingProject, test: true })).status).toBe(201);
    expect(await countIn(setupProject)).toBe(0);
  });

  it('needs participants.create (and test.create for test participants) and the operating tenant', async () => {
    expect((await add([{ participant_language_id: 1 }], { token: analyst })).status).toBe(403);
    const otherTenant = await t.api.call('createParticipants', {
      token: admin,
      operatingTenant: acme,
      body: { tenantId: globex, projectId: project, participants: [{ participant_language_id: 1 }] },
    });
    expect(otherTenant.status).toBe(403);
    const globexOwn = await t.api.call('createParticipants', {
      token: globexAdmin,
      operatingTenant: globex,
      body: { tenantId: globex, projectId: project, participants: [{ participant_language_id: 1 }] },
    });
    expect(globexOwn.status).toBe(404);
    expect((await add([{ participant_language_id: 1, extra: 1 }])).status).toBe(400);
  });
});

describe('edit', () => {
  it('changes the fields, keeps the IRN, answers the participant', async () => {
    const [id] = await seed(project, [{ interviewRefNum: 'ED-1', firstName: 'Old', languageId: 1 }]);
    const response = await edit(id!, {
      interviewRefNum: 'ED-1',
      first_name: 'New',
      last_name: 'Name',
      email: 'new@example.test',
      phoneNumber: '2133734253',
      participant_language_id: 2,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'Participant Updated Successfully!',
      participant: { first_name: 'New', phoneNumber: '+12133734253', participantLanguageId: 2 },
    });
    const changedIrn = await edit(id!, { interviewRefNum: 'ED-2', participant_language_id: 2 });
    expect(changedIrn.status).toBe(422);
    expect((await row(id!))!.interview_ref_num).toBe('ED-1');
  });

  it('locks name, e-mail, phone and language in the locked statuses (409), nothing changed', async () => {
    const [id] = await seed(project, [
      { interviewRefNum: 'ED-LOCK', firstName: 'Kept', languageId: 1, status: 'INTERVIEWED' },
    ]);
    const refused = await edit(id!, { first_name: 'Changed', participant_language_id: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PARTICIPANT_EDIT_LOCKED', errors: [{ field: 'first_name' }] });
    expect((await row(id!))!.first_name).toBe('Kept');
    const allowed = await edit(id!, { first_name: 'Kept', participant_language_id: 1, additional_description: 'note' });
    expect(allowed.status).toBe(200);
  });

  it('needs update (and test.update for test participants); another tenant is not found', async () => {
    const [id, testId] = await seed(project, [
      { interviewRefNum: 'ED-P', languageId: 1 },
      { interviewRefNum: 'ED-T', languageId: 1, isTestParticipant: true },
    ]);
    expect((await edit(id!, { participant_language_id: 1 }, { token: analyst })).status).toBe(403);
    expect((await edit(testId!, { participant_language_id: 1 }, { test: true })).status).toBe(200);
    const [globexId] = await seed(globexProject, [{ interviewRefNum: 'G-1', languageId: 1 }], globex);
    expect((await edit(globexId!, { participant_language_id: 1 })).status).toBe(404);
    expect(
      (await t.api.call('getParticipant', { token: admin, operatingTenant: acme, params: { id: globexId! } })).status,
    ).toBe(404);
  });
});

describe('delete, hide and unhide', () => {
  it('deletes ticked participants in deletable statuses; any other status blocks the whole deletion', async () => {
    const [a, b, c] = await seed(project, [
      { interviewRefNum: 'DEL-1', languageId: 1 },
      { interviewRefNum: 'DEL-2', languageId: 1, status: 'INVITATION_SENT' },
      { interviewRefNum: 'DEL-3', languageId: 1, status: 'RESULT_PUBLISHED' },
    ]);
    const del = (participants: number[], token = admin) =>
      t.api.call('deleteParticipants', {
        token,
        operatingTenant: acme,
        body: { projectId: project, allRecords: false, participants },
      });
    const blocked = await del([a!, c!]);
    expect(blocked.status).toBe(409);
    expect((blocked.body as { message: string }).message).toBe(DELETE_BLOCKED_MESSAGE);
    expect(await row(a!)).toBeDefined();
    expect((await del([a!, b!], analyst)).status).toBe(403);
    const ok = await del([a!, b!]);
    expect(ok.body).toEqual({ message: 'Participants Delete Successfully!', deleted: 2 });
    expect(await row(a!)).toBeUndefined();
    expect(await row(c!)).toBeDefined();
  });

  it('deletes all records of a filter; another tenant cannot reach them', async () => {
    const delProject = await newProject(acme, 'Delete Quay', STAGE.EXECUTION);
    await seed(delProject, [
      { interviewRefNum: 'F-1', firstName: 'Match', languageId: 1 },
      { interviewRefNum: 'F-2', firstName: 'Other', languageId: 1 },
    ]);
    const foreign = await t.api.call('deleteParticipants', {
      token: globexAdmin,
      operatingTenant: globex,
      body: { projectId: delProject, allRecords: true },
    });
    expect(foreign.status).toBe(404);
    expect(await countIn(delProject)).toBe(2);
    const ok = await t.api.ok('deleteParticipants', {
      token: admin,
      operatingTenant: acme,
      body: { projectId: delProject, allRecords: true, search: 'match' },
    });
    expect(ok.deleted).toBe(1);
    expect(await countIn(delProject)).toBe(1);
  });

  it('hides and unhides for the system tenant only; hidden rows leave the list', async () => {
    const hideProject = await newProject(acme, 'Hide Quay', STAGE.EXECUTION);
    const [h1] = await seed(hideProject, [{ interviewRefNum: 'H-1', languageId: 1 }]);
    const hide = (token: SignedIn, body: Record<string, unknown>) =>
      t.api.call('hideParticipants', {
        token,
        operatingTenant: acme,
        body: { projectId: hideProject, allRecords: false, participants: [h1!], ...body },
      });
    expect((await hide(admin, {})).status).toBe(403);
    expect((await hide(provider, { testParticipant: true })).status).toBe(422);
    expect((await row(h1!))!.is_hidden).toBe(false);
    expect((await hide(provider, {})).body).toMatchObject({ changed: 1 });
    expect(((await list({}, hideProject)).body as { totalRecords: number }).totalRecords).toBe(0);
    const unhide = await t.api.call('unhideParticipants', {
      token: provider,
      operatingTenant: acme,
      body: { projectId: hideProject, participantIds: [h1!] },
    });
    expect(unhide.body).toMatchObject({ changed: 1 });
    expect(((await list({}, hideProject)).body as { totalRecords: number }).totalRecords).toBe(1);
  });
});
