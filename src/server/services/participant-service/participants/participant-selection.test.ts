import { sql } from 'kysely';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProject, STAGE } from '../../project-service';
import { participantSelectionWhere, type ParticipantSelection } from './participant-selection';
import { createParticipants } from './participants-store';

let t: TestApp;
let acme: number;
let project: number;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  const now = t.clock.now();
  [project, ids] = await withTenant(t.db, acme, async (trx) => {
    const id = await createProject(trx, {
      tenantId: acme,
      name: 'Selection Bay',
      stageId: STAGE.EXECUTION,
      languageIds: [1, 2],
      now,
    });
    const created = await createParticipants(
      trx,
      acme,
      id,
      [
        { interviewRefNum: 'SEL001', firstName: 'Ana', lastName: 'Cruz', email: 'ana@x.test', languageId: 1 },
        { interviewRefNum: 'SEL002', firstName: 'Ben', lastName: 'Ortiz', languageId: 2, status: 'INVITATION_SENT' },
        { interviewRefNum: 'SEL003', firstName: 'Cy', lastName: '100%_real', languageId: 1, isTestParticipant: true },
        { interviewRefNum: 'SEL004', firstName: 'Dee', lastName: 'Hidden', languageId: 1 },
      ],
      now,
    );
    await sql`UPDATE participants SET is_hidden = true WHERE id = ${created[3]!}`.execute(trx);
    return [id, created] as const;
  });
});
afterAll(() => t.close());

const irns = (selection: Omit<ParticipantSelection, 'projectId'>) =>
  withTenant(t.db, acme, async (trx) =>
    (
      await sql<{ irn: string }>`SELECT p.interview_ref_num AS irn FROM participants p
        WHERE ${participantSelectionWhere({ projectId: project, ...selection })} ORDER BY p.id`.execute(trx)
    ).rows.map((r) => r.irn),
  );

it('all records means every visible normal participant the filter matches, never hidden or test ones', async () => {
  expect(await irns({ allRecords: true })).toEqual(['SEL001', 'SEL002']);
  expect(await irns({ allRecords: true, testParticipant: true })).toEqual(['SEL003']);
  expect(await irns({ allRecords: true, statuses: ['INVITATION_SENT'] })).toEqual(['SEL002']);
  expect(await irns({ allRecords: true, languageIds: [1] })).toEqual(['SEL001']);
  expect(await irns({ allRecords: true, search: ' CRUZ ' })).toEqual(['SEL001']);
});

it('search treats % and _ literally', async () => {
  expect(await irns({ allRecords: true, testParticipant: true, search: '100%_' })).toEqual(['SEL003']);
  expect(await irns({ allRecords: true, search: '%' })).toEqual([]);
});

it('ticked ids select only those, still within the filter; no ids select nothing', async () => {
  expect(await irns({ allRecords: false, participantIds: [ids[1]!, ids[3]!] })).toEqual(['SEL002']);
  expect(await irns({ allRecords: false, participantIds: [] })).toEqual([]);
  expect(await irns({ allRecords: false })).toEqual([]);
});

it('status changes and creations are logged by the database', async () => {
  const logs = await withTenant(t.db, acme, async (trx) => {
    await sql`UPDATE participants SET status = 'INVITATION_RESENT', updated_at = now() WHERE id = ${ids[1]!}`.execute(
      trx,
    );
    await sql`UPDATE participants SET first_name = 'Benny' WHERE id = ${ids[1]!}`.execute(trx);
    return trx
      .selectFrom('participant_status_logs')
      .select('status')
      .where('participant_id', '=', ids[1]!)
      .orderBy('id')
      .execute();
  });
  expect(logs.map((l) => l.status)).toEqual(['INVITATION_SENT', 'INVITATION_RESENT']);
});
