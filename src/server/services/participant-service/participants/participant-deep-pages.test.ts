/**
 * ADR 0191: a page by offset deep in the participants list is cut in its order's index, read from the far end of the
 * order when nearer, or after a kept cut; whichever, it holds exactly the rows of the plain offset read, in every
 * order and filter, on a project whose sort values tie.
 */
import { sql } from 'kysely';
import { KeptCuts } from '../../../platform/cache/kept-cuts';
import type { Db } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { openTestDatabase } from '../../../testing/database-template';
import { seedPlanProject, type PlanProject } from '../../../testing/plan-project';
import type { ParticipantCut } from './participant-page-start';
import type { ParticipantFilter } from './participant-selection';
import {
  countParticipants,
  listParticipantPage,
  participantPage,
  type ParticipantPageRequest,
  type ParticipantSort,
} from './participants-store';

let db: Db;
let plan: PlanProject;
let creator: number;
const PARTICIPANTS = 400;
beforeAll(async () => {
  db = await openTestDatabase();
  plan = await seedPlanProject(db, { participants: PARTICIPANTS, results: 0 });
  creator = await withTenant(db, plan.tenantId, async (trx) => {
    const user = await sql<{ id: number }>`SELECT min(id) AS id FROM users`.execute(trx);
    const id = user.rows[0]!.id;
    // Ties in every order: seven creation days, four statuses, a third without an IRN (COALESCE: ''); some rows
    // hidden, some test participants, half created by one user (the triggers keep the status side table).
    await sql`
      UPDATE participants SET
        created_at = now() - make_interval(days => (id % 7)::int),
        status = (ARRAY['NEW_PARTICIPANT', 'INVITATION_SENT', 'INTERVIEWED', 'INVITATION_SCHEDULED'])[1 + id % 4],
        interview_ref_num = CASE WHEN id % 3 = 0 THEN NULL ELSE interview_ref_num END,
        is_hidden = id % 11 = 0,
        is_test_participant = id % 13 = 0,
        created_by = CASE WHEN id % 2 = 0 THEN ${id}::int ELSE NULL END
      WHERE project_id = ${plan.projectId}`.execute(trx);
    return id;
  });
}, 120_000);
afterAll(() => db.destroy());

const PAGE_SIZE = 25;
const orders: [ParticipantSort, 'asc' | 'desc'][] = [
  ['createdAt', 'desc'],
  ['createdAt', 'asc'],
  ['interviewRefNum', 'asc'],
  ['interviewRefNum', 'desc'],
  ['status', 'asc'],
  ['status', 'desc'],
];
const filters = (): Partial<ParticipantFilter>[] => [
  {},
  { statuses: ['INTERVIEWED', 'NEW_PARTICIPANT'] },
  { languageIds: [2] },
  { createdBy: [creator] },
  { statuses: ['INVITATION_SENT'], languageIds: [1] },
  { testParticipant: true },
];

const ids = (rows: { id: number | string }[]) => rows.map((r) => Number(r.id));

test.each(orders)(
  'sorted by %s %s, every page by offset holds the rows of the plain offset read',
  async (sort, direction) => {
    await withTenant(db, plan.tenantId, async (trx) => {
      for (const more of filters()) {
        const filter: ParticipantFilter = { projectId: plan.projectId, ...more };
        const total = await countParticipants(trx, filter);
        const pages = Math.ceil(total / PAGE_SIZE) + 1;
        const request = (page: number): ParticipantPageRequest => ({
          sort,
          direction,
          pageSize: PAGE_SIZE,
          page,
          after: null,
        });
        const offsetRead = async (page: number) =>
          ids((await participantPage(filter, request(page)).execute(trx)).rows);
        const cuts = new KeptCuts<ParticipantCut>();
        // Forward, back, and jumping about: each page starts at the nearest point known by then.
        const visits = [...Array(pages).keys()].flatMap((p) => [p, pages - 1 - p, (p * 7) % pages]);
        for (const page of visits) {
          const expected = await offsetRead(page);
          const at = { filter: more, page };
          const plain = ids(await listParticipantPage(trx, filter, request(page)));
          const fromEnd = ids(await listParticipantPage(trx, filter, request(page), { total }));
          const fromCuts = ids(await listParticipantPage(trx, filter, request(page), { total, cuts }));
          expect({ ...at, plain, fromEnd, fromCuts }).toEqual({
            ...at,
            plain: expected,
            fromEnd: expected,
            fromCuts: expected,
          });
        }
        expect(cuts.size).toBeGreaterThan(0);
      }
    });
  },
  120_000,
);
