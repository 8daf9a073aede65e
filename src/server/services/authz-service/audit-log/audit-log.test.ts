/** The audit log report (docs/product/reports.md#audit-log): rules, permissions, tenant isolation, the export. */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { recordAudit } from '../../../platform/audit/record-audit';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createReportReader } from '../../../testing/create-report-reader';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { fileDateAtOffset } from '../../../../shared/report-time';
import { XLSX_MEDIA_TYPE } from '../../../platform/spreadsheet/xlsx-sheet';
import { auditExportPage, listAuditRows, type AuditFilter, type AuditKeyset } from './audit-log-store';

let t: TestApp;
let acme: number;
let globex: number;
let voxscreen: number;
let provider: SignedIn;
let acmeReader: SignedIn;
let acmeAdmin: SignedIn;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex, voxscreen } = await t.seededTenants());
  await createReportReader(t, acme, 'reports@acme.test');
  // A failed sign-in of an Acme user and one of a Globex user, then the successful ones.
  await t.api.call('userLogin', { body: { email: 'analyst@acme.test', password: 'wrong' }, ip: '10.0.0.7' });
  await t.api.call('userLogin', { body: { email: 'dual@globex.test', password: 'wrong' } });
  [provider, acmeReader, acmeAdmin] = await t.signInAs('admin@voxscreen.test', 'reports@acme.test', 'admin@acme.test');
  await withSystem(t.db, (trx) =>
    recordAudit(trx, {
      activity: 'SECRET_CREATED',
      tenantId: acme,
      userId: null,
      email: '=HYPERLINK("http://evil")',
      ip: '-1+1',
      at: t.clock.now(),
      detail: { name: '@cmd' },
    }),
  );
});
afterAll(() => t.close());

const today = () => ({
  start_event_time: seconds(t.clock.now()) - 3600,
  end_event_time: seconds(t.clock.now()) + 3600,
});

const list = (token: SignedIn, operatingTenant: number, body: Record<string, unknown>) =>
  t.api.ok('listAuditLog', { token, operatingTenant, body: { ...today(), ...body } });

test("an account's reader sees its own sign-ins and failures, newest first, with the payload", async () => {
  const page = await list(acmeReader, acme, { tenantId: acme, limit: 100 });
  const activities = page.data.map((r) => `${r.activity} ${r.email}`);
  expect(activities).toContain('LOGIN_FAILURE analyst@acme.test');
  expect(activities).toContain('LOGIN_SUCCESS reports@acme.test');
  expect(activities.some((a) => a.includes('globex'))).toBe(false);
  expect(page.totalResults).toBe(page.data.length);
  const times = page.data.map((r) => r.event_time);
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  const failure = page.data.find((r) => r.email === 'analyst@acme.test')!;
  expect(failure).toMatchObject({ tenantName: 'Acme Insurance', ip: '10.0.0.7', tokenIssueTime: null });
  expect(JSON.parse(failure.complete_msg)).toMatchObject({
    audit_msg: { tenantName: 'Acme Insurance', reason: 'WRONG_PASSWORD', tokenIssueDateTimeMS: null },
  });
  const signIn = page.data.find((r) => r.activity === 'LOGIN_SUCCESS')!;
  expect(signIn.tokenIssueTime).toBe(signIn.event_time);
});

test('times: the event at the display offset, the token issue time at -07:00', async () => {
  const page = await list(acmeReader, acme, { tenantId: acme, activity: 'LOGIN_SUCCESS', displayTimeZone: '+00:00' });
  const record = page.data[0]!;
  const at = new Date(record.event_time).toISOString(); // YYYY-MM-DDTHH:mm:ss
  expect(record.eventTimeString).toBe(`${at.slice(5, 7)}/${at.slice(8, 10)}/${at.slice(0, 4)} ${at.slice(11, 19)}`);
  const shifted = new Date(record.event_time - 7 * 3600_000).toISOString();
  expect(record.tokenIssueTimeString).toBe(
    `${shifted.slice(5, 7)}/${shifted.slice(8, 10)}/${shifted.slice(0, 4)} ${shifted.slice(11, 19)}`,
  );
});

test('filters: e-mail part, activity, the date range; paging and sorting on the server', async () => {
  const byEmail = await list(acmeReader, acme, { tenantId: acme, email: 'ANALYST' });
  expect(byEmail.data.every((r) => r.email === 'analyst@acme.test')).toBe(true);
  expect(byEmail.totalResults).toBeGreaterThan(0);
  const failures = await list(acmeReader, acme, { tenantId: acme, activity: 'LOGIN_FAILURE' });
  expect(failures.data.every((r) => r.activity === 'LOGIN_FAILURE')).toBe(true);
  const yesterday = await list(acmeReader, acme, {
    tenantId: acme,
    start_event_time: seconds(t.clock.now()) - 2 * 86400,
    end_event_time: seconds(t.clock.now()) - 86400,
  });
  expect(yesterday).toEqual({ data: [], totalResults: 0 });
  const all = await list(acmeReader, acme, { tenantId: acme, sortBy: 'email', sortDirection: 'asc', limit: 100 });
  const first = await list(acmeReader, acme, { tenantId: acme, sortBy: 'email', sortDirection: 'asc', limit: 2 });
  const second = await list(acmeReader, acme, {
    tenantId: acme,
    sortBy: 'email',
    sortDirection: 'asc',
    limit: 2,
    page: 1,
  });
  expect([...first.data, ...second.data].map((r) => r.id)).toEqual(all.data.slice(0, 4).map((r) => r.id));
  expect(first.totalResults).toBe(all.totalResults);
});

test('export pages by keyset: every order, ties within a microsecond and null values, as the list orders them', async () => {
  const at = t.clock.now();
  await withSystem(t.db, async (trx) => {
    for (const [micros, email, ip] of [
      [1, null, null],
      [1, 'tie@acme.test', '10.0.0.1'],
      [2, 'tie@acme.test', null],
      [2, null, '10.0.0.2'],
      [3, 'a@acme.test', '10.0.0.1'],
    ] as const)
      await trx
        .insertInto('audit_events')
        .values({
          activity: 'KEYSET_PROBE',
          tenant_id: acme,
          user_id: null,
          email,
          ip,
          detail: '{}',
          event_time: sql<Date>`${at}::timestamptz + make_interval(secs => ${micros} / 1000000.0)`,
        })
        .execute();
  });
  const window = { from: new Date(at.getTime() - 3_600_000), to: new Date(at.getTime() + 3_600_000) };
  for (const sortBy of ['event_time', 'email', 'activity', 'ip'] as const)
    for (const direction of ['asc', 'desc'] as const) {
      const filter: AuditFilter = { tenantId: acme, ...window, sortBy, direction };
      const { listed, paged } = await withSystem(t.db, async (trx) => {
        const all = await listAuditRows(trx, filter, { offset: 0, limit: 1000 });
        const walked: number[] = [];
        let after: AuditKeyset | null = null;
        for (;;) {
          const page: Awaited<ReturnType<typeof auditExportPage>> = await auditExportPage(trx, filter, after, 2);
          walked.push(...page.rows.map((row) => row.id));
          if (page.rows.length < 2 || !page.next) break;
          after = page.next;
        }
        return { listed: all.map((row) => row.id), paged: walked };
      });
      expect({ sortBy, direction, ids: paged }).toEqual({ sortBy, direction, ids: listed });
      expect(listed.length).toBeGreaterThan(5);
    }
});

test("'End Date must be greater than Start Date': an end not after the start is 422", async () => {
  const now = seconds(t.clock.now());
  const body = await t.api.fails('listAuditLog', 422, {
    token: acmeReader,
    operatingTenant: acme,
    body: { tenantId: acme, start_event_time: now, end_event_time: now },
  });
  expect(body.errors).toEqual([{ field: 'end_event_time', message: 'End Date must be greater than Start Date' }]);
});

test('tenant isolation: a customer naming another account is 403; the provider may read any account', async () => {
  await t.api.fails('listAuditLog', 403, {
    token: acmeReader,
    operatingTenant: acme,
    body: { ...today(), tenantId: globex },
  });
  await t.api.fails('exportAuditLog', 403, {
    token: acmeReader,
    operatingTenant: acme,
    body: { ...today(), tenantId: globex },
  });
  const globexPage = await list(provider, voxscreen, { tenantId: globex });
  expect(globexPage.data.map((r) => r.email)).toContain('dual@globex.test');
  expect(globexPage.data.every((r) => r.tenantName === 'Globex Logistics')).toBe(true);
  const own = await list(provider, voxscreen, { tenantId: voxscreen });
  expect(own.data.map((r) => r.email)).toContain('admin@voxscreen.test');
});

test('permissions: without tenant.audit.log.read every audit call is 403', async () => {
  await t.api.fails('listAuditLog', 403, {
    token: acmeAdmin,
    operatingTenant: acme,
    body: { ...today(), tenantId: acme },
  });
  await t.api.fails('listAuditActivities', 403, { token: acmeAdmin, operatingTenant: acme });
  const { activities } = await t.api.ok('listAuditActivities', { token: acmeReader, operatingTenant: acme });
  expect(activities).toEqual(expect.arrayContaining(['LOGIN_FAILURE', 'LOGIN_SUCCESS', 'SECRET_CREATED']));
});

test('export: an xlsx of exactly the filtered rows, formula-like cells escaped, named tenantName_MM/DD/YYYY_auditlog', async () => {
  const body = { ...today(), tenantId: acme };
  const page = await list(acmeReader, acme, { ...body, limit: 100 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/authz-service/audit-log/export',
    headers: {
      authorization: `Bearer ${acmeReader.accessToken}`,
      'id-token': acmeReader.idToken,
      operatingTenant: String(acme),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
  // docs/product/reports.md#audit-log's name, exact in filename*; the plain fallback has dashes (no slash in a name on
  // disk).
  const day = fileDateAtOffset(t.clock.now().getTime(), '-08:00');
  const exact = `Acme Insurance_${day.replace(/-/g, '/')}_auditlog.xlsx`;
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="Acme Insurance_${day}_auditlog.xlsx"; filename*=UTF-8''${encodeURIComponent(exact)}`,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as string[]).slice(1)));
  expect(rows[0]).toEqual(['Client Name', 'Email', 'Date', 'Activity', 'IP', 'Token Issue Time', 'Payload']);
  expect(rows.slice(1).map((r) => `${r[2]}${r[3]}`)).toEqual(page.data.map((r) => r.eventTimeString + r.activity));
  const injected = rows.find((r) => r[3] === 'SECRET_CREATED')!;
  expect(injected[1]).toBe(`'=HYPERLINK("http://evil")`);
  expect(injected[4]).toBe("'-1+1");
});

test("an administrator's user change is audited in its transaction with before and after; a refused one is not", async () => {
  const userId = await withSystem(
    t.db,
    async (trx) =>
      (await trx.selectFrom('users').select('id').where('email', '=', 'analyst@acme.test').executeTakeFirstOrThrow())
        .id,
  );
  const asAdmin = { token: acmeAdmin, operatingTenant: acme, params: { id: userId } };
  const refused = { firstName: ' ', lastName: 'Analyst', title: 'Analyst', isActive: true };
  await t.api.fails('updateUser', 422, { ...asAdmin, body: refused });
  const before = await list(acmeReader, acme, { tenantId: acme, activity: 'USER_UPDATED' });
  expect(before.totalResults).toBe(0);

  const current = await t.api.ok('getUser', asAdmin);
  await t.api.ok('updateUser', {
    ...asAdmin,
    body: { firstName: current.firstName, lastName: current.lastName, title: 'Senior Analyst', isActive: true },
  });
  const after = await list(acmeReader, acme, { tenantId: acme, activity: 'USER_UPDATED' });
  expect(after.totalResults).toBe(1);
  const record = after.data[0]!;
  expect(record.email).toBe('admin@acme.test');
  const { audit_msg } = JSON.parse(record.complete_msg) as {
    audit_msg: { userId: number; before: { title: string }; after: { title: string } };
  };
  expect(audit_msg.userId).toBe(userId);
  expect(audit_msg.before.title).toBe(current.title);
  expect(audit_msg.after.title).toBe('Senior Analyst');
});
