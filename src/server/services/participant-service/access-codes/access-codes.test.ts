import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, STAGE } from '../../project-service';
import { createParticipants, type NewParticipant } from '../participants/participants-store';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let analyst: SignedIn;
let project: number;
let offProject: number;
let irnProject: number;
let globexProject: number;

const newProject = (tenantId: number, name: string) =>
  withTenant(t.db, tenantId, (trx) =>
    createProject(trx, { tenantId, name, stageId: STAGE.EXECUTION, languageIds: [1], now: t.clock.now() }),
  );
const settings = (tenantId: number, id: number, json: string) =>
  withTenant(t.db, tenantId, (trx) =>
    sql`UPDATE projects SET internal_settings = internal_settings || ${json}::jsonb WHERE id = ${id}`.execute(trx),
  );
const seed = (projectId: number, rows: NewParticipant[], tenantId = acme) =>
  withTenant(t.db, tenantId, (trx) => createParticipants(trx, tenantId, projectId, rows, t.clock.now()));
const row = (id: number) =>
  withSystem(t.db, (trx) => trx.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const refresh = (participantId: number, token = admin, operatingTenant = acme) =>
  t.api.call('refreshAccessCode', { token, operatingTenant, params: { participantId } });
const list = (body: Record<string, unknown>, projectId = project, token = admin, operatingTenant = acme) =>
  t.api.call('listAccessCodes', { token, operatingTenant, body: { projectId, ...body } });
type ListBody = {
  accesscode_list: { irnCode: string | null; accessCode: string; status: string }[];
  total_count: number;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, analyst] = await t.signInAs('admin@acme.test', 'analyst@acme.test');
  project = await newProject(acme, 'Codes Quay');
  offProject = await newProject(acme, 'Codes Off Quay');
  irnProject = await newProject(acme, 'Codes IRN Quay');
  globexProject = await newProject(globex, 'Globex Codes Quay');
  await settings(acme, project, '{"enable_refresh_accesscode": true}');
  await settings(acme, irnProject, '{"enable_refresh_accesscode": true, "accessCodeBehaviorId": 2}');
  await settings(globex, globexProject, '{"enable_refresh_accesscode": true}');
});
afterAll(() => t.close());

describe('refresh', () => {
  it('gives a new unique 3-3-3 code and stamps access_code_updated_at', async () => {
    const [id] = await seed(project, [{ interviewRefNum: 'RF-1', languageId: 1, accessCode: '111-222-333' }]);
    await withSystem(t.db, (trx) =>
      trx.updateTable('participants').set({ access_code_updated_at: null }).where('id', '=', id!).execute(),
    );
    const res = await refresh(id!);
    expect(res.status).toBe(200);
    const body = res.body as { message: string; accessCode: string };
    expect(body.message).toBe('Acess Code Refreshed');
    expect(body.accessCode).toMatch(/^\d{3}-\d{3}-\d{3}$/);
    expect(body.accessCode).not.toBe('111-222-333');
    const after = await row(id!);
    expect(after.access_code).toBe(body.accessCode);
    expect(after.access_code_updated_at).toEqual(t.clock.now());
  });

  it('refuses (409, nothing changed) when the flag is off, the IRN is the code, or the status forbids', async () => {
    const [off] = await seed(offProject, [{ interviewRefNum: 'RF-OFF', languageId: 1, accessCode: '200-000-001' }]);
    const [irn] = await seed(irnProject, [{ interviewRefNum: '12345678', languageId: 1, accessCode: '12345678' }]);
    const [done] = await seed(project, [
      { interviewRefNum: 'RF-DONE', languageId: 1, accessCode: '200-000-002', status: 'INTERVIEWED' },
    ]);
    for (const [id, code] of [
      [off!, '200-000-001'],
      [irn!, '12345678'],
      [done!, '200-000-002'],
    ] as const) {
      const res = await refresh(id);
      expect(res.status).toBe(409);
      expect((res.body as { message: string }).message).toBe('Access code can not be refreshed for this participant');
      expect((await row(id)).access_code).toBe(code);
    }
  });

  it('needs participants.update; another tenant is not found and unchanged', async () => {
    const [id] = await seed(project, [{ interviewRefNum: 'RF-PERM', languageId: 1, accessCode: '300-000-001' }]);
    expect((await refresh(id!, analyst)).status).toBe(403);
    expect((await row(id!)).access_code).toBe('300-000-001');
    const [g] = await seed(
      globexProject,
      [{ interviewRefNum: 'G-RF', languageId: 1, accessCode: '300-000-002' }],
      globex,
    );
    expect((await refresh(g!)).status).toBe(404);
    expect((await row(g!)).access_code).toBe('300-000-002');
  });
});

describe('list', () => {
  it('pages the codes with the total and searches IRN and code, with or without hyphens', async () => {
    const list1 = await seed(project, [
      { interviewRefNum: 'LS-1', languageId: 1, accessCode: '987-654-321' },
      { interviewRefNum: 'LS-2', languageId: 1, accessCode: '987-654-322' },
      { interviewRefNum: 'LS-TEST', languageId: 1, accessCode: '987-654-323', isTestParticipant: true },
    ]);
    expect(list1).toHaveLength(3);
    const all = await list({ page: 0, pageSize: 1, search: '987-654' });
    expect(all.status).toBe(200);
    expect((all.body as ListBody).total_count).toBe(2);
    expect((all.body as ListBody).accesscode_list).toHaveLength(1);
    const bare = (await list({ search: '987654322' })).body as ListBody;
    expect(bare.accesscode_list.map((r) => r.irnCode)).toEqual(['LS-2']);
    expect(bare.accesscode_list[0]!.status).toBe('Assigned');
    const byIrn = (await list({ search: 'ls-1' })).body as ListBody;
    expect(byIrn.accesscode_list.map((r) => r.accessCode)).toEqual(['987-654-321']);
    const tests = (await list({ search: '987', isTestAccessCode: true })).body as ListBody;
    expect(tests.accesscode_list.map((r) => r.irnCode)).toEqual(['LS-TEST']);
  });

  it('matches a code or IRN whole or from its start, never a part inside it (ADR 0231)', async () => {
    await seed(project, [
      { interviewRefNum: 'KS-10', languageId: 1, accessCode: '123-450-001' },
      { interviewRefNum: 'KS-1', languageId: 1, accessCode: '123-450-002' },
    ]);
    const irns = async (search: string) =>
      ((await list({ search })).body as ListBody).accesscode_list.map((r) => r.irnCode).sort();
    expect(await irns('ks')).toEqual(['KS-1', 'KS-10']);
    // A whole IRN names its row only, although another IRN starts with it.
    expect(await irns('ks 1')).toEqual(['KS-1']);
    expect(await irns('450-00')).toEqual([]);
    expect(await irns('1234500')).toEqual(['KS-1', 'KS-10']);
    expect(((await list({ search: 'ks-1' })).body as ListBody).total_count).toBe(1);
  });

  it('needs accesscode.read; another tenant is not found', async () => {
    expect((await list({}, project, analyst)).status).toBe(200);
    expect((await list({}, globexProject)).status).toBe(404);
  });
});
