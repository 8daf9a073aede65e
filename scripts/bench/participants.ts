import { call, jsonPost, jsonPostEach, measure, type BenchContext } from './context';

interface ListPage {
  totalRecords: number;
  nextCursor: string | null;
}

const PAGE_SIZE = 25;

/**
 * Issue 13 / ADR 0037: the participants list of the 100k-participant project (listProjectParticipants,
 * at the spec's project-service path, served by the participant-service): the first page, a deep page by keyset (the cursor of the page before the last, got
 * from one offset page) and the same page by offset (a direct jump), a different page by offset each request, and
 * Find Participant with a Data Filter.
 */
export async function participantListFigures(ctx: BenchContext): Promise<void> {
  const url = `/project-service/v1/project/${ctx.projectId}/participants`;
  const first = await call<ListPage>(ctx, 'POST', url, { page: 0, pageSize: PAGE_SIZE });
  const lastPage = Math.max(0, Math.ceil(first.totalRecords / PAGE_SIZE) - 1);
  const beforeLast = await call<ListPage>(ctx, 'POST', url, { page: Math.max(0, lastPage - 1), pageSize: PAGE_SIZE });
  console.log(`\nParticipants list (${first.totalRecords} participants in the project, ${PAGE_SIZE} a page)`);
  await measure('first page', jsonPost(ctx, url, { page: 0, pageSize: PAGE_SIZE }));
  if (beforeLast.nextCursor)
    await measure(
      `deep page ${lastPage} by keyset (after)`,
      jsonPost(ctx, url, { page: 0, pageSize: PAGE_SIZE, after: beforeLast.nextCursor }),
    );
  await measure(
    `deep page ${lastPage} by offset (a jump)`,
    jsonPost(ctx, url, { page: lastPage, pageSize: PAGE_SIZE }),
  );
  // A different page each request (issue 30, ADR 0191): a first read, which no page or cut kept from the same page
  // answers; pages 1-3,999 in a stride, both halves of the order.
  await measure(
    `pages 1-${lastPage} by offset, a jump each request (a stride)`,
    jsonPostEach(ctx, url, (n) => ({ page: 1 + ((n * 7_919) % Math.max(1, lastPage)), pageSize: PAGE_SIZE })),
  );
  // Sorted by status under a status filter (ADR 0207): a page after the cursor 40,000 rows deep, where the filter's
  // `= ANY` beside the keyset made the embedded engine walk the status from its start.
  const byStatus = { pageSize: PAGE_SIZE, sortBy: 'status', participantStatus: ['INVITATION_SENT', 'INTERVIEWED'] };
  const deep = await call<ListPage>(ctx, 'POST', url, { ...byStatus, page: 1_600 });
  if (deep.nextCursor)
    await measure(
      `sorted by status, a status filter: the page after row 40,000 by keyset (${deep.totalRecords} rows)`,
      jsonPost(ctx, url, { ...byStatus, page: 0, after: deep.nextCursor }),
    );
  const filtered = {
    page: 0,
    pageSize: PAGE_SIZE,
    search: 'santos',
    participantStatus: ['INVITATION_SENT'],
    participantLanguageIds: [1],
  };
  const found = await call<ListPage>(ctx, 'POST', url, filtered);
  await measure(
    `search 'santos' + status and language filter (${found.totalRecords} rows)`,
    jsonPost(ctx, url, filtered),
  );
}
