/** The participants list's pages read the list's partial indexes in their order (issue 30, migration 029). */
import type { Db } from '../../../platform/db/schema';
import { openTestDatabase } from '../../../testing/database-template';
import { planOf, seedPlanProject, sorts, type PlanProject } from '../../../testing/plan-project';
import { participantPage, type ParticipantPageRequest } from './participants-store';

let db: Db;
let plan: PlanProject;
beforeAll(async () => {
  db = await openTestDatabase();
  plan = await seedPlanProject(db, { participants: 4_000, results: 0 });
}, 120_000);
afterAll(() => db.destroy());

const request = (changes: Partial<ParticipantPageRequest> = {}): ParticipantPageRequest => ({
  sort: 'createdAt',
  direction: 'desc',
  pageSize: 25,
  page: 0,
  after: null,
  ...changes,
});

// Newest first, two indexes hold the order (migration 005's project page index and 029's list index); either serves
// a page without sorting, so either passes. The other orders have only their 029 index.
const NEWEST = /Index Scan using participants_(list_created|project_page)_idx/;

test.each([
  ['the first page, newest first', request(), NEWEST],
  ['a keyset page, newest first', request({ after: { value: '2026-01-01T00:00:00.000000Z', id: 1_000_000 } }), NEWEST],
  ['the first page by IRN', request({ sort: 'interviewRefNum', direction: 'asc' }), /participants_list_irn_idx/],
  ['the first page by status', request({ sort: 'status' }), /participants_list_status_idx/],
] as const)('%s: an index in the order, no sort', async (_label, page, index) => {
  const found = await planOf(db, plan.tenantId, participantPage({ projectId: plan.projectId }, page));
  expect(found).toMatch(index);
  expect(sorts(found)).toBe(false);
});
