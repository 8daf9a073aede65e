/** Analytic reports (docs/product/analytic-reports.md): gate, requests, the job, the file, tenant isolation. */
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Config } from '../../../config';
import { createFileStorage } from '../../../platform/storage/create-file-storage';
import type { FileStorage } from '../../../platform/storage/file-storage';
import { MovableClock } from '../../../platform/clock';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { engineRequestsDuring } from '../../../testing/engine-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { analyticReportJob, REPORT_FAILED } from './analytic-report-job';
import { findReport, insertReport } from './analytic-reports-store';
import { REPORT_TYPES, type ReportTypeKey } from './report-types';

let t: TestApp;
let acme: number;
let globex: number;
let provider: SignedIn;
let customerAdmin: SignedIn;
let support: SignedIn;
let project: number;
let globexProject: number;

const START = '2026-01-01';
const END = '2026-03-02';

const asProvider = (tenant = () => acme) => ({ token: provider, operatingTenant: tenant() });

async function download(id: number, tenant = acme) {
  return t.app.inject({
    method: 'GET',
    url: `/api/data-service/v1/report/${id}`,
    headers: {
      authorization: `Bearer ${provider.accessToken}`,
      'id-token': provider.idToken,
      operatingTenant: String(tenant),
    },
  });
}

async function settled(id: number) {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const history = await t.api.ok('listAnalyticReports', asProvider());
    const report = history.response.data.find((r) => r.id === id)!;
    if (report.status === 'succeeded' || report.status === 'failed') return report;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`report ${id} did not finish`);
}

async function workbookRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const submit = (body: Record<string, unknown>, who = asProvider()) =>
  t.api.call('submitAnalyticReport', {
    ...who,
    body: {
      reportType: 'interview-results',
      reportName: 'interview-results-test',
      projectId: [project],
      startDate: START,
      endDate: END,
      attributes: ['projectName', 'interviewReferenceNumber', 'overallEvaluation'],
      ...body,
    },
  });

/** A requested xlsx report of Acme's project over START-END, inserted as the wizard does (the job not run). */
const requestedReport = (reportType: ReportTypeKey, reportName: string, attributes: string[]) =>
  withTenant(t.db, acme, (trx) =>
    insertReport(trx, {
      tenantId: acme,
      reportType,
      reportName,
      projectIds: [project],
      startDate: START,
      endDate: END,
      attributes,
      fileFormat: 'xlsx',
      requestedBy: null as unknown as number,
      requestedByEmail: 'admin@voxscreen.test',
      requestedAt: t.clock.now(),
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [provider, customerAdmin, support] = await t.signInAs(
    'admin@voxscreen.test',
    'admin@acme.test',
    'support@voxscreen.test',
  );
  const projects = await t.api.ok('listAnalyticReportProjects', asProvider());
  project = projects.projects[0]!.projectId;
  globexProject = (
    await t.api.ok(
      'listAnalyticReportProjects',
      asProvider(() => globex),
    )
  ).projects[0]!.projectId;
});

afterAll(() => t.close());

test('the catalogue lists each type with its attributes', async () => {
  const types = await t.api.ok('listAnalyticReportTypes', asProvider());
  expect(types.response.data.map((r) => r.reportType)).toEqual(REPORT_TYPES.map((r) => r.reportType));
  expect(types.response.data[0]!.attributes[0]).toEqual({ key: 'projectName', label: 'Project' });
});

test('a report goes from requested to succeeded and its xlsx holds the chosen columns and the rows', async () => {
  const response = await submit({});
  expect(response.status).toBe(201);
  const created = response.body as { id: number; status: string; is_processing: boolean };
  expect(['requested', 'processing']).toContain(created.status);
  expect(created.is_processing).toBe(true);
  const done = await settled(created.id);
  expect(done).toMatchObject({
    status: 'succeeded',
    is_succeeded: true,
    is_processing: false,
    requestedBy: 'admin@voxscreen.test',
  });
  const expected = await withTenant(t.db, acme, (trx) =>
    trx
      .selectFrom('interview_results')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', project)
      .where('deleted', '=', false)
      .where('completed_at', '>=', new Date(`${START}T00:00:00Z`))
      .where('completed_at', '<', new Date('2026-03-03T00:00:00Z'))
      .executeTakeFirstOrThrow(),
  );
  expect(done.rowCount).toBe(Number(expected.n));
  expect(done.rowCount).toBeGreaterThan(0);

  const file = await download(created.id);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain('filename="interview-results-test.xlsx"');
  const rows = await workbookRows(file.rawPayload);
  expect(rows[0]).toEqual(['Project', 'IRN', 'Overall Evaluation']);
  expect(rows).toHaveLength(done.rowCount! + 1);
  expect(rows.slice(1).every((r) => r.length === 3)).toBe(true);
});

test('a report stops at its row limit, and its row count says how many it holds', async () => {
  const id = await requestedReport('interview-results', 'limited', ['interviewReferenceNumber']);
  const job = analyticReportJob(t.db, await createFileStorage(t.config), new MovableClock(), 2);
  await job({ id: 0, queue: 'analytic-report', tenantId: acme, payload: { reportId: id }, attempt: 1, maxAttempts: 1 });
  const done = await withTenant(t.db, acme, (trx) => findReport(trx, id));
  expect(done).toMatchObject({ status: 'succeeded', rowCount: 2 });
  expect(await workbookRows((await download(id)).rawPayload)).toHaveLength(3);
});

test('its rows are read read-only, so on the embedded engine no page read drops a kept principal (ADR 0204)', async () => {
  const id = await requestedReport('interview-results', 'read only', ['interviewReferenceNumber']);
  const job = analyticReportJob(t.db, await createFileStorage(t.config), new MovableClock());
  const sent = await engineRequestsDuring(t.db, () =>
    job({ id: 0, queue: 'analytic-report', tenantId: acme, payload: { reportId: id }, attempt: 1, maxAttempts: 1 }),
  );
  const pages = sent.filter((request) => request.sql.includes('"rowKey"'));
  expect(pages.length).toBeGreaterThan(0);
  expect(pages.every((page) => page.readsOnly)).toBe(true);
  expect(await withTenant(t.db, acme, (trx) => findReport(trx, id))).toMatchObject({ status: 'succeeded' });
});

test('a CSV report escapes cells a spreadsheet would run as formulas', async () => {
  await withTenant(t.db, acme, (trx) =>
    trx
      .insertInto('participants')
      .values({
        tenant_id: acme,
        project_id: project,
        first_name: '=HYPERLINK("http://evil.test")',
        last_name: '+cmd',
        created_at: new Date('2026-03-01T10:00:00Z'),
        updated_at: new Date('2026-03-01T10:00:00Z'),
      })
      .execute(),
  );
  const response = await submit({
    reportType: 'participants-by-status',
    reportName: 'participants',
    fileFormat: 'csv',
    startDate: '2026-03-01',
    endDate: '2026-03-01',
    attributes: ['lastName', 'status', 'firstName'],
  });
  const id = (response.body as { id: number }).id;
  expect(await settled(id)).toMatchObject({ status: 'succeeded' });
  const file = await download(id);
  expect(file.headers['content-type']).toContain('text/csv');
  const text = file.rawPayload.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Status,First Name,Last Name');
  expect(text).toContain(`NEW_PARTICIPANT,"'=HYPERLINK(""http://evil.test"")",'+cmd`);
});

test('only the provider administrator role may use it', async () => {
  await t.api.fails('listAnalyticReports', 403, { token: customerAdmin, operatingTenant: acme });
  await t.api.fails('listAnalyticReportTypes', 403, {
    token: support,
    operatingTenant: (await t.seededTenants()).voxscreen,
  });
  expect((await submit({}, { token: customerAdmin, operatingTenant: acme })).status).toBe(403);
});

test('with the feature flag off every operation is not found', async () => {
  const config = t.config as { featureFlags: Config['featureFlags'] };
  const flags = config.featureFlags;
  config.featureFlags = new Set();
  try {
    await t.api.fails('listAnalyticReports', 404, asProvider());
    expect((await submit({})).status).toBe(404);
  } finally {
    config.featureFlags = flags;
  }
});

test("another account's report is not found, and a report not done yet is a conflict", async () => {
  const id = await requestedReport('call-records', 'pending', ['callId']);
  expect((await download(id, globex)).statusCode).toBe(404);
  expect((await download(id)).statusCode).toBe(409);
  const globexHistory = await t.api.ok(
    'listAnalyticReports',
    asProvider(() => globex),
  );
  expect(globexHistory.response.data.some((r) => r.id === id)).toBe(false);
  expect((await download(999_999)).statusCode).toBe(404);
});

test('bad input is refused', async () => {
  const fields = async (body: Record<string, unknown>) => {
    const response = await submit(body);
    expect(response.status).toBe(422);
    return (response.body as { errors: { field: string }[] }).errors.map((e) => e.field);
  };
  expect(await fields({ startDate: '2026-02-01', endDate: '2026-01-01' })).toEqual(['endDate']);
  expect(await fields({ startDate: '2025-10-01', endDate: '2026-02-01' })).toEqual(['endDate']);
  expect(await fields({ startDate: '2026-03-03', endDate: '2026-03-03' })).toContain('startDate');
  expect(await fields({ attributes: ['callId'] })).toEqual(['attributes']);
  expect(await fields({ projectId: [globexProject] })).toEqual(['projectId']);
  expect(await fields({ reportName: '  ' })).toEqual(['reportName']);
  expect((await submit({ reportType: 'salaries' })).status).toBe(400);
  expect((await submit({ attributes: [] })).status).toBe(400);
  expect((await submit({ projectId: [] })).status).toBe(400);
  expect((await submit({ extra: 1 })).status).toBe(400);
});

test('the last failed attempt marks the report failed', async () => {
  const id = await requestedReport('call-records', 'broken', ['callId']);
  const broken = {
    put: async (_key: string, input: { body: PassThrough }) => {
      input.body.destroy();
      throw new Error('disk full');
    },
  } as unknown as FileStorage;
  const job = analyticReportJob(t.db, broken, new MovableClock());
  const claimed = { id: 0, queue: 'analytic-report', tenantId: acme, payload: { reportId: id }, maxAttempts: 2 };
  await expect(job({ ...claimed, attempt: 1 })).rejects.toThrow('disk full');
  expect((await withTenant(t.db, acme, (trx) => findReport(trx, id)))!.status).toBe('processing');
  await expect(job({ ...claimed, attempt: 2 })).rejects.toThrow('disk full');
  const failed = await withSystem(t.db, (trx) => findReport(trx, id));
  expect(failed).toMatchObject({ status: 'failed', error: REPORT_FAILED });
});
