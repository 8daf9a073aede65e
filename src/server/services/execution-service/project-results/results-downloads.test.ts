import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import yauzl from 'yauzl';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { pdfText } from '../../../platform/pdf/pdf-text';
import type { EvaluationCode } from '../../../platform/db/schema';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { createParticipants } from '../../participant-service';
import { recordInterviewResults } from '../result-writes/interview-results-store';
import { displayTime } from '../../../platform/display-time';
import { zipEntryNamer, zipFileName } from './results-downloads';

let t: TestApp;
let acme: number;
let globex: number;
let provider: SignedIn;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;

/**
 * A project with `count` results: names and IRNs numbered, every third one held, the second named like a formula,
 * the IRNs of results 4 and 5 equal to the IRN of result 3 (repeated IRNs in a zip).
 */
async function fixture(tenantId: number, name: string, count: number) {
  const now = t.clock.now();
  return withTenant(t.db, tenantId, async (trx) => {
    const { projectId, questionIds } = await createProjectWithQuestions(trx, {
      tenantId,
      name,
      stageId: STAGE.EXECUTION,
      questionnaireType: 'HYBRID_QUESTIONNAIRE',
      questions: [{ questionText: 'Q one' }, { questionText: 'Q two' }],
      now,
    });
    const prefix = name.replace(/[^A-Za-z]/g, '');
    const irn = (i: number) => (i === 3 || i === 4 ? `${prefix}2` : `${prefix}${i}`);
    const participantIds = await createParticipants(
      trx,
      tenantId,
      projectId,
      Array.from({ length: count }, (_, i) => ({
        firstName: i === 1 ? '=HYPERLINK("x")' : `First${i}`,
        lastName: `Last${i}`,
        languageId: 1 + (i % 2),
        interviewRefNum: `${prefix}P${i}`,
        accessCode: `${tenantId}${projectId}0${i}999`,
        status: 'INTERVIEWED' as const,
      })),
      now,
    );
    const overall: EvaluationCode[] = ['LR', 'HR', 'AR', 'PR'];
    const ids = await recordInterviewResults(
      trx,
      tenantId,
      participantIds.map((participantId, i) => ({
        projectId,
        participantId,
        overallEvaluation: overall[i % 4]!,
        completedAt: new Date(now.getTime() - (i + 1) * 60_000),
        interviewReferenceNumber: irn(i),
        accessCode: `${tenantId}${projectId}0${i}999`,
        released: i % 3 !== 2,
        questionResults: questionIds.map((projectQuestionId, q) => ({
          projectQuestionId,
          sequence: q + 1,
          result: (q === 0 ? overall[i % 4] : 'LR') as EvaluationCode,
        })),
      })),
      now,
    );
    return { projectId, ids };
  });
}

const post = (url: string, body: unknown, who: SignedIn = provider, tenant = acme) =>
  t.app.inject({
    method: 'POST',
    url: `/api/execution-service/v1/interview/result/${url}`,
    headers: {
      authorization: `Bearer ${who.accessToken}`,
      'id-token': who.idToken,
      operatingTenant: String(tenant),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });

const filterOf = (projectId: number, more: Record<string, unknown> = {}) => ({
  projectId,
  page: 0,
  pageSize: 100,
  ...more,
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
  ({ acme, globex } = await t.seededTenants());
  [provider, acmeAdmin, globexAdmin] = await t.signInAs('admin@voxscreen.test', 'admin@acme.test', 'dual@globex.test');
});
afterAll(() => t.close());

describe('results export', () => {
  test('xlsx and CSV hold exactly the filtered rows, in the list order, formulas escaped', async () => {
    const { projectId } = await fixture(acme, 'Export One', 12);
    const filter = filterOf(projectId, { riskLevels: ['LR', 'HR'], sortBy: 'irn', sortDirection: 'asc' });
    const listed = await t.api.ok('listProjectResults', { token: acmeAdmin, operatingTenant: acme, body: filter });
    expect(listed.results.length).toBeGreaterThan(2);

    const xlsx = await post('exportResults', { filter, allRecords: true }, acmeAdmin);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('results.xlsx');
    const sheet = await workbookRows(xlsx.rawPayload);
    expect(sheet[0]).toEqual([
      'IRN',
      'Participant Name',
      'Language',
      'Date',
      'Overall',
      'Q1: Q one',
      'Q2: Q two',
      'Access Code',
      'Created By',
      'Released',
      'Reviewed',
    ]);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(listed.results.map((r) => r.interviewReferenceNumber));
    expect(sheet.slice(1).map((r) => r[4])).toEqual(listed.results.map((r) => r.overallEvaluation.badge));
    expect(sheet.slice(1).every((r) => r[9] === 'Yes')).toBe(true);
    const formula = sheet.find((r) => String(r[1]).includes('HYPERLINK'));
    expect(formula?.[1]).toBe(`'=HYPERLINK("x") Last1`);

    const csv = await post('exportResults', { filter, allRecords: true, format: 'csv' }, acmeAdmin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('results.csv');
    const records = parse(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r['IRN'])).toEqual(listed.results.map((r) => r.interviewReferenceNumber));
    expect(records.find((r) => r['Participant Name']!.includes('HYPERLINK'))!['Participant Name']).toBe(
      `'=HYPERLINK("x") Last1`,
    );

    // The selection, among the filtered rows only.
    const one = listed.results[1]!.interviewResultId;
    const selected = await post('exportResults', { filter, interviewResultIds: [one] }, acmeAdmin);
    expect((await workbookRows(selected.rawPayload)).slice(1).map((r) => r[0])).toEqual([
      listed.results[1]!.interviewReferenceNumber,
    ]);
    const outside = await post(
      'exportResults',
      { filter: { ...filter, riskLevels: ['AR'] }, interviewResultIds: [one] },
      acmeAdmin,
    );
    expect(await workbookRows(outside.rawPayload)).toHaveLength(1);
    expect((await post('exportResults', { filter }, acmeAdmin)).statusCode).toBe(422);
  });

  test('a searched export in the default order (newest first) holds exactly the rows the search lists', async () => {
    // The list walks its order for a broad search (ADR 0092); the export reads pages of 2,000 through the same reader.
    const { projectId } = await fixture(acme, 'Export Search', 12);
    for (const search of ['ExportSearch7', 'ExportSearch2', 'Last1']) {
      const filter = filterOf(projectId, { search });
      const listed = await t.api.ok('listProjectResults', { token: acmeAdmin, operatingTenant: acme, body: filter });
      expect([search, listed.results.length > 0]).toEqual([search, true]);
      const csv = await post('exportResults', { filter, allRecords: true, format: 'csv' }, acmeAdmin);
      const records = parse(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
      expect([search, records.map((r) => r['IRN'])]).toEqual([
        search,
        listed.results.map((r) => r.interviewReferenceNumber),
      ]);
    }
  });

  test('held rows only with the hold permission; the system tenant shows no participant name', async () => {
    const { projectId } = await fixture(acme, 'Export Held', 6);
    const held = filterOf(projectId, { released: false });
    const asProvider = await workbookRows((await post('exportResults', { filter: held, allRecords: true })).rawPayload);
    expect(asProvider.slice(1).map((r) => r[r.length - 2])).toEqual(['No', 'No']);
    const asAdmin = await workbookRows(
      (await post('exportResults', { filter: held, allRecords: true }, acmeAdmin)).rawPayload,
    );
    expect(asAdmin.slice(1).every((r) => r[r.length - 2] === 'Yes')).toBe(true);
  });

  test("another tenant's project or results are 404 or left out; nothing leaks", async () => {
    const { projectId, ids } = await fixture(globex, 'Globex Export', 3);
    expect((await post('exportResults', { filter: filterOf(projectId), allRecords: true })).statusCode).toBe(404);
    expect((await post('pdfs', { filter: filterOf(projectId), allRecords: true })).statusCode).toBe(404);
    const ours = await fixture(acme, 'Export Iso', 3);
    const theirIds = await post('exportResults', { filter: filterOf(ours.projectId), interviewResultIds: ids });
    expect(theirIds.statusCode).toBe(404);
    expect(theirIds.payload).not.toContain('Globex');
    const mixed = await post('exportResults', {
      filter: filterOf(ours.projectId),
      interviewResultIds: [ours.ids[0]!, ids[0]!],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await post('pdfs', { filter: filterOf(ours.projectId), interviewResultIds: ids })).statusCode).toBe(404);
    expect((await post('pdfs/jobs', { filter: filterOf(ours.projectId), interviewResultIds: ids })).statusCode).toBe(
      404,
    );
    // Another project's result of the same tenant is 404 as well.
    const other = await fixture(acme, 'Export Other', 1);
    expect(
      (await post('exportResults', { filter: filterOf(ours.projectId), interviewResultIds: other.ids })).statusCode,
    ).toBe(404);
    // Globex's own user exports its project.
    const theirs = await post('exportResults', { filter: filterOf(projectId), allRecords: true }, globexAdmin, globex);
    expect(theirs.statusCode).toBe(200);
  });
});

/** Each entry's compression method as the zip's central directory states it (0 stored, 8 deflated). */
function compressionMethods(zip: Buffer): Promise<number[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: false }, (error, file) => {
      if (error) return reject(error);
      const methods: number[] = [];
      file.on('entry', (entry: yauzl.Entry) => methods.push(entry.compressionMethod));
      file.on('end', () => resolve(methods));
      file.on('error', reject);
    }),
  );
}

describe('zip of PDFs', () => {
  test('names entries result_{irn}.pdf with suffixes for repeated IRNs; the zip after the project and day', async () => {
    const { projectId } = await fixture(acme, 'Zip/Project', 6);
    const answer = await post('pdfs', {
      filter: filterOf(projectId, { sortBy: 'irn', sortDirection: 'asc' }),
      allRecords: true,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/zip');
    expect(answer.headers['content-disposition']).toContain(
      zipFileName('Zip/Project', t.clock.now(), displayTime(null, '-08:00')),
    );
    const zip = await JSZip.loadAsync(answer.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      ['result_ZipProject0.pdf', 'result_ZipProject1.pdf', 'result_ZipProject2.pdf', 'result_ZipProject2_2.pdf'].sort(),
    );
    const text = await pdfText(await zip.file('result_ZipProject0.pdf')!.async('nodebuffer'));
    expect(text).toContain('Risk Report: ZipProject0');
    // A PDF's streams are deflated already: the zip stores it as it is (ADR 0143).
    expect(await compressionMethods(answer.rawPayload)).toEqual([0, 0, 0, 0]);
  });

  test('more than 50 results are 409 (a job); nothing selected is 422', async () => {
    const { projectId } = await fixture(acme, 'Zip Large', 80);
    const large = await post('pdfs', { filter: filterOf(projectId), allRecords: true });
    expect(large.statusCode).toBe(409);
    expect(JSON.parse(large.payload)).toMatchObject({ code: 'RESULT_ZIP_TOO_LARGE' });
    expect((await post('pdfs', { filter: filterOf(projectId) })).statusCode).toBe(422);
  });

  test('a large selection is a job: progress, then the zip from the storage; another tenant sees nothing', async () => {
    const { projectId } = await fixture(acme, 'Zip Job', 80);
    const filter = filterOf(projectId);
    const listed = await t.api.ok('listProjectResults', { token: provider, operatingTenant: acme, body: filter });
    const started = await post('pdfs/jobs', { filter, allRecords: true });
    expect(started.statusCode).toBe(202);
    const job = JSON.parse(started.payload) as { id: number; total: number; status: string; fileName: string };
    expect(job).toMatchObject({
      total: listed.totalResults,
      fileName: zipFileName('Zip Job', t.clock.now(), displayTime(null, '-08:00')),
    });
    const get = (url: string, who = provider, tenant = acme) =>
      t.app.inject({
        method: 'GET',
        url: `/api/execution-service/v1/interview/result/pdfs/jobs/${url}`,
        headers: {
          authorization: `Bearer ${who.accessToken}`,
          'id-token': who.idToken,
          operatingTenant: String(tenant),
        },
      });
    // The job renders 80 PDFs: on a loaded machine that takes a while, so wait for its state, not a fixed count.
    const deadline = Date.now() + 150_000;
    let state = JSON.parse((await get(String(job.id))).payload) as { status: string; done: number; total: number };
    while (state.status !== 'succeeded' && state.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = JSON.parse((await get(String(job.id))).payload) as typeof state;
    }
    expect(state).toMatchObject({ status: 'succeeded', done: listed.totalResults, total: listed.totalResults });
    const file = await get(`${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Zip Job_');
    const zip = await JSZip.loadAsync(file.rawPayload);
    expect(Object.keys(zip.files)).toHaveLength(listed.totalResults);
    // Another tenant's user does not see the job.
    expect((await get(String(job.id), globexAdmin, globex)).statusCode).toBe(404);
    expect((await get(`${job.id}/file`, globexAdmin, globex)).statusCode).toBe(404);
  }, 180_000);

  test('names: suffixes and file name', () => {
    const name = zipEntryNamer();
    expect([name('123', 1), name('123', 2), name('123_2', 3), name(null, 9), name('123', 4)]).toEqual([
      'result_123.pdf',
      'result_123_2.pdf',
      'result_123_2_2.pdf',
      'result_9.pdf',
      'result_123_3.pdf',
    ]);
    expect(zipFileName('Claims: 2026', new Date('2026-03-05T07:00:00Z'), displayTime(null, '-08:00'))).toBe(
      'Claims_ 2026_03_04_2026.zip',
    );
  });
});
