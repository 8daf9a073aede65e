/** The reports area's Results tab (docs/product/results-report.md): filters, accounts, sorting, exports. */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import type { EvaluationCode } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { recordInterviewResults } from '../result-writes/interview-results-store';
import { findReportResults } from './results-report-store';

let t: TestApp;
let acme: number;
let globex: number;
let voxscreen: number;
let admin: SignedIn;
let globexAdmin: SignedIn;
let provider: SignedIn;
let harbour: number;
let meadow: number;
let globexProject: number;

interface Row {
  interviewResultId: number;
  interviewReferenceNumber: string | null;
  participantName: string;
  clientName: string;
  projectName: string;
  dateString: string;
  overallEvaluation: string;
  released: boolean;
  interviewQuestionsResult: { sequence: number; result: string }[];
}

/** One participant with one result, in the tenant's transaction (the one write path of results). */
async function result(
  tenantId: number,
  projectId: number,
  irn: string,
  code: EvaluationCode,
  completedAt: string,
  extra: { firstName?: string; released?: boolean } = {},
) {
  await withTenant(t.db, tenantId, async (trx) => {
    const [participantId] = await createParticipants(
      trx,
      tenantId,
      projectId,
      [
        {
          interviewRefNum: irn,
          accessCode: `9${irn.replace(/\D/g, '')}`,
          firstName: extra.firstName ?? 'Pat',
          lastName: irn,
        },
      ],
      t.clock.now(),
    );
    await recordInterviewResults(
      trx,
      tenantId,
      [
        {
          projectId,
          participantId: participantId!,
          overallEvaluation: code,
          completedAt: new Date(completedAt),
          interviewReferenceNumber: irn,
          released: extra.released ?? true,
        },
      ],
      t.clock.now(),
    );
  });
}

const asAdmin = { token: () => admin, operatingTenant: () => acme };
const report = (body: Record<string, unknown>, who = asAdmin) =>
  t.api.call('listResultsReport', { token: who.token(), operatingTenant: who.operatingTenant(), body });
const rows = async (body: Record<string, unknown>, who = asAdmin) => {
  const answer = await report(body, who);
  expect(answer.status).toBe(200);
  return answer.body as { results: Row[]; totalResults: number };
};
const irns = async (body: Record<string, unknown>, who = asAdmin) =>
  (await rows(body, who)).results.map((r) => r.interviewReferenceNumber);

/** Only this suite's results: the seeded ones are in other days. */
const OURS = { startDate: '2031-03-01', endDate: '2031-03-31' };

const exportFile = (body: Record<string, unknown>, who: SignedIn = admin, tenant = acme) =>
  t.app.inject({
    method: 'POST',
    url: '/api/execution-service/v1/interview/results/report/export',
    headers: {
      authorization: `Bearer ${who.accessToken}`,
      'id-token': who.idToken,
      operatingTenant: String(tenant),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });

async function workbookRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const found: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => found.push((row.values as unknown[]).slice(1)));
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex, voxscreen } = await t.seededTenants());
  [admin, globexAdmin, provider] = await t.signInAs('admin@acme.test', 'dual@globex.test', 'admin@voxscreen.test');
  const project = (tenantId: number, name: string) =>
    withTenant(
      t.db,
      tenantId,
      async (trx) =>
        (await createProjectWithQuestions(trx, { tenantId, name, stageId: STAGE.EXECUTION, now: t.clock.now() }))
          .projectId,
    );
  harbour = await project(acme, 'Report Harbour');
  meadow = await project(acme, 'Report Meadow');
  globexProject = await project(globex, 'Report Globex');
  // At Pacific time (-08:00): RR1 on March 1st, RR2 and RR3 on March 2nd, RR4 on March 3rd (UTC March 4th).
  await result(acme, harbour, 'RR1', 'HR', '2031-03-01T20:00:00Z');
  await result(acme, harbour, 'RR2', 'LR', '2031-03-02T20:00:00Z', { firstName: '=HYPERLINK("x")' });
  await result(acme, meadow, 'RR3', 'CM', '2031-03-02T21:00:00Z');
  await result(acme, meadow, 'RR4', 'NC', '2031-03-04T05:00:00Z');
  await result(acme, meadow, 'RR5', 'AR', '2031-03-05T05:00:00Z', { released: false });
  await result(globex, globexProject, 'RG1', 'HR', '2031-03-02T20:00:00Z');
});
afterAll(() => t.close());

test('the report lists the account results newest first, with times at the display offset', async () => {
  const { results, totalResults } = await rows(OURS);
  expect(totalResults).toBe(4);
  expect(results.map((r) => r.interviewReferenceNumber)).toEqual(['RR4', 'RR3', 'RR2', 'RR1']);
  expect(results[0]).toMatchObject({
    clientName: 'Acme Insurance',
    projectName: 'Report Meadow',
    participantName: 'Pat RR4',
    dateString: '03/03/2031 21:00:00',
    overallEvaluation: 'NC',
    released: true,
  });
  // The same instant at +05:30 is on March 4th.
  const india = await rows({ ...OURS, displayTimeZone: '+05:30', startDate: '2031-03-04', endDate: '2031-03-04' });
  expect(india.results.map((r) => r.interviewReferenceNumber)).toEqual(['RR4']);
  expect(india.results[0]!.dateString).toBe('03/04/2031 10:30:00');
});

test('filters: project, days, search, risk levels with CM/AD/NC, and paging', async () => {
  expect(await irns({ ...OURS, projectId: harbour })).toEqual(['RR2', 'RR1']);
  expect(await irns({ startDate: '2031-03-02', endDate: '2031-03-02' })).toEqual(['RR3', 'RR2']);
  expect(await irns({ ...OURS, search: 'rr3' })).toEqual(['RR3']);
  expect(await irns({ ...OURS, search: 'HYPERLINK' })).toEqual(['RR2']);
  expect(await irns({ ...OURS, riskLevels: ['HR', 'LR'] })).toEqual(['RR2', 'RR1']);
  expect(await irns({ ...OURS, riskLevels: ['HR'], CM: true })).toEqual(['RR3', 'RR1']);
  expect(await irns({ ...OURS, riskLevels: ['LR'], NC: true, AD: true })).toEqual(['RR4', 'RR2']);
  expect(await irns({ ...OURS, page: 1, pageSize: 3 })).toEqual(['RR1']);
  expect((await rows({ ...OURS, page: 1, pageSize: 3 })).totalResults).toBe(4);
});

test('sorting on the server: IRN, overall score, project and account', async () => {
  expect(await irns({ ...OURS, sortBy: 'irn', sortDirection: 'asc' })).toEqual(['RR1', 'RR2', 'RR3', 'RR4']);
  expect(await irns({ ...OURS, sortBy: 'overallScore', sortDirection: 'desc' })).toEqual(['RR1', 'RR3', 'RR2', 'RR4']);
  // Ties in the direction asked (here oldest first).
  expect(await irns({ ...OURS, sortBy: 'projectName', sortDirection: 'asc' })).toEqual(['RR1', 'RR2', 'RR3', 'RR4']);
  expect(await irns({ ...OURS, sortBy: 'projectName', sortDirection: 'desc' })).toEqual(['RR4', 'RR3', 'RR2', 'RR1']);
  // The page is cut before its rows are joined: a later page of a joined order keeps that order.
  expect(await irns({ ...OURS, sortBy: 'projectName', sortDirection: 'desc', page: 1, pageSize: 2 })).toEqual([
    'RR2',
    'RR1',
  ]);
  expect(await irns({ ...OURS, sortBy: 'irn', sortDirection: 'desc', page: 1, pageSize: 3 })).toEqual(['RR1']);
  const asProvider = { token: () => provider, operatingTenant: () => voxscreen };
  const byAccount = (await rows({ ...OURS, sortBy: 'clientName', sortDirection: 'desc' }, asProvider)).results;
  expect(byAccount.map((r) => r.clientName)).toEqual([
    'Globex Logistics',
    'Acme Insurance',
    'Acme Insurance',
    'Acme Insurance',
    'Acme Insurance',
  ]);
  expect((await report({ ...OURS, sortBy: 'name' })).status).toBe(400);
});

test('held results only for a role that may handle them; the others see released ones whatever they send', async () => {
  expect(await irns({ ...OURS, released: false })).toEqual(['RR4', 'RR3', 'RR2', 'RR1']);
  const providerInAcme = { token: () => provider, operatingTenant: () => acme };
  expect(await irns({ ...OURS, released: false }, providerInAcme)).toEqual(['RR5']);
});

test('accounts: the provider reads any account or all; anyone else only the operating one', async () => {
  const foreign = await report({ ...OURS, tenantId: globex });
  expect(foreign.status).toBe(403);
  expect(foreign.body).toEqual({ message: 'You do not have access to this tenant.', code: 'TENANT_FORBIDDEN' });
  expect((await report({ ...OURS, tenantId: acme })).status).toBe(200);

  const globexView = { token: () => globexAdmin, operatingTenant: () => globex };
  expect(await irns(OURS, globexView)).toEqual(['RG1']);
  // Another account's project names nothing: row-level security keeps it out.
  expect(await irns({ ...OURS, projectId: harbour }, globexView)).toEqual([]);

  const asProvider = { token: () => provider, operatingTenant: () => voxscreen };
  const all = await rows(OURS, asProvider);
  expect(all.results.map((r) => r.interviewReferenceNumber)).toEqual(['RR4', 'RR3', 'RG1', 'RR2', 'RR1']);
  expect(new Set(all.results.map((r) => r.clientName))).toEqual(new Set(['Acme Insurance', 'Globex Logistics']));
  expect(await irns({ ...OURS, tenantId: globex }, asProvider)).toEqual(['RG1']);
  expect(await irns({ ...OURS, tenantId: acme, projectId: meadow }, asProvider)).toEqual(['RR4', 'RR3']);
});

test('refusals: a start after the end, no permission, a malformed body', async () => {
  const backwards = await report({ startDate: '2031-03-03', endDate: '2031-03-01' });
  expect(backwards.status).toBe(422);
  expect(backwards.body).toMatchObject({ message: 'End Date must be greater than Start Date' });
  const [agent] = await t.signInAs('agent@acme.test');
  expect((await report(OURS, { token: () => agent!, operatingTenant: () => acme })).status).toBe(403);
  expect((await report({ riskLevels: ['XX'] })).status).toBe(400);
  expect((await report({ pageSize: 0 })).status).toBe(400);
});

test('exports equal the filtered rows, as xlsx or CSV, formulas escaped, named results.*', async () => {
  const filter = { ...OURS, riskLevels: ['HR', 'LR', 'NC'], sortBy: 'irn', sortDirection: 'asc' };
  const listed = (await rows(filter)).results;
  const xlsx = await exportFile({ ...filter, allRecords: true });
  expect(xlsx.statusCode).toBe(200);
  expect(xlsx.headers['content-disposition']).toContain('results.xlsx');
  const sheet = await workbookRows(xlsx.rawPayload);
  expect(sheet[0]!.slice(0, 7)).toEqual([
    'IRN',
    'Participant Name',
    'Client Name',
    'Project Name',
    'Date',
    'Access Code',
    'Overall',
  ]);
  expect(sheet.slice(1).map((r) => r[0])).toEqual(listed.map((r) => r.interviewReferenceNumber));
  expect(sheet.slice(1).map((r) => r[4])).toEqual(listed.map((r) => r.dateString));
  expect(sheet[2]![1]).toBe(`'=HYPERLINK("x") RR2`);

  const csv = await exportFile({ ...filter, allRecords: true, format: 'csv' });
  expect(csv.headers['content-disposition']).toContain('results.csv');
  const records = parse(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
  expect(records.map((r) => r['IRN'])).toEqual(listed.map((r) => r.interviewReferenceNumber));
  expect(records.map((r) => r['Client Name'])).toEqual(listed.map((r) => r.clientName));
  expect(records[1]!['Participant Name']).toBe(`'=HYPERLINK("x") RR2`);

  const selected = await exportFile({ ...filter, interviewResultIds: [listed[0]!.interviewResultId] });
  expect((await workbookRows(selected.rawPayload)).slice(1).map((r) => r[0])).toEqual(['RR1']);
  // A selection outside the filter (or the account) exports nothing of it.
  const outside = await exportFile({ ...OURS, riskLevels: ['CM'], interviewResultIds: [listed[0]!.interviewResultId] });
  expect(await workbookRows(outside.rawPayload)).toHaveLength(1);
  expect((await exportFile({ ...OURS, tenantId: globex, allRecords: true })).statusCode).toBe(403);
});

test('a searched export holds the rows the search lists, in the date order and by offset', async () => {
  const found = await rows({ ...OURS, riskLevels: ['HR', 'LR', 'NC'], search: 'RR1' });
  expect(found.results.length).toBeGreaterThan(0);
  for (const sortBy of ['date', 'irn']) {
    for (const search of ['RR1', 'HYPERLINK', 'no such text']) {
      const filter = { ...OURS, riskLevels: ['HR', 'LR', 'NC'], sortBy, sortDirection: 'asc', search };
      const listed = (await rows(filter)).results.map((r) => r.interviewReferenceNumber);
      const sheet = await workbookRows((await exportFile({ ...filter, allRecords: true })).rawPayload);
      expect([sortBy, search, sheet.slice(1).map((r) => r[0])]).toEqual([sortBy, search, listed]);
    }
  }
});

test('totals are kept per filter and scope, and a new result moves them at once, across accounts too', async () => {
  const april = { startDate: '2031-04-01', endDate: '2031-04-30' };
  const asProvider = { token: () => provider, operatingTenant: () => voxscreen };
  const totals = async () => ({
    all: (await rows(april, asProvider)).totalResults,
    globex: (await rows({ ...april, tenantId: globex }, asProvider)).totalResults,
    acme: (await rows(april)).totalResults,
  });
  expect(await totals()).toEqual({ all: 0, globex: 0, acme: 0 });
  expect(await totals()).toEqual({ all: 0, globex: 0, acme: 0 });
  await result(globex, globexProject, 'RG2', 'LR', '2031-04-02T20:00:00Z');
  expect(await totals()).toEqual({ all: 1, globex: 1, acme: 0 });
  await result(acme, harbour, 'RR6', 'LR', '2031-04-03T20:00:00Z');
  expect(await totals()).toEqual({ all: 2, globex: 1, acme: 1 });
});

test("a search's kept probe follows the data: a renamed participant is found at once, in each scope", async () => {
  const asProvider = { token: () => provider, operatingTenant: () => voxscreen };
  const found = async () => ({
    acme: await irns({ ...OURS, search: 'quillon' }),
    all: await irns({ ...OURS, search: 'quillon' }, asProvider),
  });
  expect(await found()).toEqual({ acme: [], all: [] });
  expect(await found()).toEqual({ acme: [], all: [] });
  await withTenant(t.db, acme, (trx) =>
    trx.updateTable('participants').set({ first_name: 'Quillon' }).where('last_name', '=', 'RR3').execute(),
  );
  expect(await found()).toEqual({ acme: ['RR3'], all: ['RR3'] });
  await withTenant(t.db, globex, (trx) =>
    trx.updateTable('participants').set({ first_name: 'Quillon' }).where('last_name', '=', 'RG1').execute(),
  );
  expect(await found()).toEqual({ acme: ['RR3'], all: ['RR3', 'RG1'] });
});

/** Writes no version sees (triggers off, as no application write can have them): only what is read again shows them. */
/** A note on the result by the provider's user: a write of the account (its data version moves, not its results'). */
async function addNote(resultId: number, text: string): Promise<void> {
  const note = await t.api.call('addResultNote', {
    token: provider,
    operatingTenant: acme,
    params: { id: resultId },
    body: { text },
  });
  expect(note.status).toBe(200);
}

const unseenByVersions = (...statements: RawBuilder<unknown>[]) =>
  t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    for (const statement of statements) await statement.execute(trx);
  });

test('the total is kept under the results version (ADR 0175): a note leaves it, a review mark counts again', async () => {
  const may = { startDate: '2031-05-01', endDate: '2031-05-31' };
  await result(acme, harbour, 'RR7', 'LR', '2031-05-02T20:00:00Z');
  await result(acme, harbour, 'RR8', 'HR', '2031-05-03T20:00:00Z');
  const first = await rows(may);
  expect(first.totalResults).toBe(2);
  const [newest, older] = first.results.map((r) => r.interviewResultId);
  // The newest result deleted where no version sees it: only what is read again shows it.
  await unseenByVersions(sql`UPDATE interview_results SET deleted = true WHERE id = ${newest!}`);
  // A note moves the data version, not the results version: the page is read again, the total is kept.
  await addNote(older!, 'Line noise at 2:10.');
  const afterNote = await rows(may);
  expect({ total: afterNote.totalResults, ids: afterNote.results.map((r) => r.interviewResultId) }).toEqual({
    total: 2,
    ids: [older],
  });
  // A review mark can change what a filter matches: it moves the results version, so the total is counted again.
  const reviewed = await t.api.call('markResultsReviewed', {
    token: provider,
    operatingTenant: acme,
    body: { action: 'Reviewed', projectId: harbour, interviewResultIds: [older!] },
  });
  expect(reviewed.status).toBe(200);
  expect((await rows(may)).totalResults).toBe(1);
  // Undone the same way, so the rollups (which the triggers keep) still equal a recount.
  await unseenByVersions(sql`UPDATE interview_results SET deleted = false WHERE id = ${newest!}`);
});

test("every page is kept under the data version (ADR 0180): a renamed participant shows after the account's next write", async () => {
  const june = { startDate: '2031-06-01', endDate: '2031-06-30' };
  await result(acme, harbour, 'RR9', 'LR', '2031-06-02T20:00:00Z', { firstName: 'Ada' });
  await result(acme, harbour, 'RR10', 'HR', '2031-06-03T20:00:00Z', { firstName: 'Bo' });
  const names = async (body: Record<string, unknown>) =>
    (await rows({ ...june, ...body })).results.map((r) => r.participantName);
  // A deep page and a whole code looked up, each read once.
  expect(await names({ page: 1, pageSize: 1 })).toEqual(['Ada RR9']);
  expect(await names({ search: 'RR9' })).toEqual(['Ada RR9']);
  const [older] = (await rows({ ...june, search: 'RR9' })).results.map((r) => r.interviewResultId);
  // A rename no version sees (triggers off, as no application write can have them): the pages read before keep the
  // name they read, a page not read before reads the row.
  await unseenByVersions(sql`UPDATE participants SET first_name = 'Adele'
    WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${older!})`);
  expect(await names({ page: 1, pageSize: 1 })).toEqual(['Ada RR9']);
  expect(await names({ search: 'RR9' })).toEqual(['Ada RR9']);
  expect(await names({ pageSize: 2 })).toEqual(['Bo RR10', 'Adele RR9']);
  // A note moves the account's data version in its transaction: every page is read again.
  await addNote(older!, 'Called back.');
  expect(await names({ page: 1, pageSize: 1 })).toEqual(['Adele RR9']);
  expect(await names({ search: 'RR9' })).toEqual(['Adele RR9']);
});

test('a deep page starts after the nearest page read before it (ADR 0186), the same rows as by offset', async () => {
  const july = { startDate: '2031-07-01', endDate: '2031-07-31' };
  // Newest first: RC709 … RC701.
  for (let n = 1; n <= 9; n += 1)
    await result(acme, harbour, `RC${700 + n}`, 'LR', `2031-07-${String(n + 1).padStart(2, '0')}T20:00:00Z`);
  const page = async (n: number, pageSize = 2, sortDirection = 'desc') =>
    irns({ ...july, page: n, pageSize, sortDirection });
  /** The page read by its offset alone, as before ADR 0186 (the window's bounds are far from every result). */
  const byOffset = (n: number, pageSize = 2, direction: 'asc' | 'desc' = 'desc') =>
    withTenant(t.db, acme, async (trx) =>
      (
        await findReportResults(
          trx,
          {
            tenantId: acme,
            projectId: null,
            from: new Date('2031-07-01T00:00:00Z'),
            to: new Date('2031-07-31T00:00:00Z'),
            search: null,
            codes: [],
            released: true,
          },
          { by: 'date', direction },
          { offset: n * pageSize, limit: pageSize },
        )
      ).map((r) => r.irn),
    );
  // Paging forward, jumping ahead and back, either direction: each page holds the rows of its offset. Their last
  // results are kept as cuts of the filter and order, whatever the page size: newest first RC706 (position 3), RC704 (5),
  // RC702 (7), RC701 (8).
  for (const n of [1, 2, 4, 3, 0]) expect(await page(n)).toEqual(await byOffset(n));
  for (const n of [2, 1, 3]) expect(await page(n, 2, 'asc')).toEqual(await byOffset(n, 2, 'asc'));
  expect(await page(4)).toEqual(['RC701']);
  // The newest result deleted where no version sees it. A page not read before (3 a page, the third: offset 6)
  // starts after the nearest cut, RC704 at position 5, so it holds the rows it held before the change; read by its
  // offset it would hold one result fewer. This is how the test sees the page read from its cut.
  const [newest] = (await rows({ ...july, pageSize: 1 })).results.map((r) => r.interviewResultId);
  await unseenByVersions(sql`UPDATE interview_results SET deleted = true WHERE id = ${newest!}`);
  expect(await byOffset(2, 3)).toEqual(['RC702', 'RC701']);
  expect(await page(2, 3)).toEqual(['RC703', 'RC702', 'RC701']);
  // A result written moves the account's results version in its transaction: the cuts kept under the old one are
  // left, and every page holds the rows of its offset again, kept cuts of the new version used or not.
  await result(acme, harbour, 'RC710', 'HR', '2031-07-20T20:00:00Z');
  for (const [n, size] of [
    [2, 3],
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 2],
    [1, 3],
  ] as const)
    expect(await page(n, size)).toEqual(await byOffset(n, size));
  await unseenByVersions(sql`UPDATE interview_results SET deleted = false WHERE id = ${newest!}`);
});
