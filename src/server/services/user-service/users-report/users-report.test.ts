/** The users report (docs/product/reports.md#users-report): rules, permissions, accounts, the export. */
import { parse } from 'csv-parse/sync';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createReportReader } from '../../../testing/create-report-reader';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let acme: number;
let globex: number;
let voxscreen: number;
let provider: SignedIn;
let acmeReader: SignedIn;
let analyst: SignedIn;

const range = { from_date: '2020-01-01', to_date: '2030-12-31' };

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex, voxscreen } = await t.seededTenants());
  await createReportReader(t, acme, 'reports@acme.test');
  await withSystem(t.db, (trx) =>
    trx.updateTable('users').set({ first_name: '=cmd|calc' }).where('email', '=', 'agent@acme.test').execute(),
  );
  [provider, acmeReader, analyst] = await t.signInAs('admin@voxscreen.test', 'reports@acme.test', 'analyst@acme.test');
  await t.api.ok('recordUserLogin', { token: acmeReader, operatingTenant: acme });
});
afterAll(() => t.close());

const list = (token: SignedIn, operatingTenant: number, body: Record<string, unknown> = {}) =>
  t.api.ok('listUserReport', { token, operatingTenant, body: { ...range, page_size: 100, ...body } });

test("a customer's reader lists its own account's users only, with role, status and last login", async () => {
  const report = await list(acmeReader, acme);
  const emails = report.userRecords.map((u) => u.email);
  expect(emails).toEqual(expect.arrayContaining(['admin@acme.test', 'analyst@acme.test', 'reports@acme.test']));
  expect(report.userRecords.every((u) => u.accountName === 'Acme Insurance')).toBe(true);
  expect(report.totalRecords).toBe(report.userRecords.length);
  const reader = report.userRecords.find((u) => u.email === 'reports@acme.test')!;
  expect(reader).toMatchObject({ username: 'Rita Reports', userStatus: 'Active', accountStatus: 'Active' });
  expect(reader.login_ts).not.toBeNull();
  expect(reader.lastLoginString).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
});

test('tenant isolation: a customer naming another account is 403; the provider sees every account or one', async () => {
  await t.api.fails('listUserReport', 403, {
    token: acmeReader,
    operatingTenant: acme,
    body: { ...range, tenant_id: globex },
  });
  const all = await list(provider, voxscreen);
  const accounts = new Set(all.userRecords.map((u) => u.accountName));
  expect(accounts).toEqual(new Set(['Voxscreen', 'Acme Insurance', 'Globex Logistics']));
  const globexOnly = await list(provider, voxscreen, { tenant_id: globex });
  expect(globexOnly.userRecords.map((u) => u.email)).toContain('dual@globex.test');
  expect(globexOnly.userRecords.every((u) => u.tenantId === globex)).toBe(true);
});

test('permissions: without tenant.users.activity.read the report is 403', async () => {
  await t.api.fails('listUserReport', 403, { token: analyst, operatingTenant: acme, body: range });
  await t.api.fails('exportUserReport', 403, { token: analyst, operatingTenant: acme, body: range });
});

test('filters: status, search, the creation date range; paging and sorting on the server', async () => {
  await withSystem(t.db, (trx) =>
    trx.updateTable('users').set({ is_active: false }).where('email', '=', 'analyst@acme.test').execute(),
  );
  const inactive = await list(acmeReader, acme, { user_status: ['Inactive'] });
  expect(inactive.userRecords.map((u) => u.email)).toEqual(['analyst@acme.test']);
  const both = await list(acmeReader, acme, { user_status: ['Active', 'Inactive'] });
  expect(both.totalRecords).toBe((await list(acmeReader, acme)).totalRecords);
  const searched = await list(acmeReader, acme, { search: 'RITA' });
  expect(searched.userRecords.map((u) => u.email)).toEqual(['reports@acme.test']);
  const none = await list(acmeReader, acme, { from_date: '2020-01-01', to_date: '2020-01-02' });
  expect(none).toEqual({ userRecords: [], totalRecords: 0 });
  const byEmail = await list(acmeReader, acme, { sortBy: 'email', sortDirection: 'desc' });
  const emails = byEmail.userRecords.map((u) => u.email);
  expect(emails).toEqual([...emails].sort().reverse());
  const second = await list(acmeReader, acme, { sortBy: 'email', sortDirection: 'desc', page_size: 2, page: 1 });
  expect(second.userRecords.map((u) => u.email)).toEqual(emails.slice(2, 4));
});

test("'End Date must be greater than Start Date': a start after the end is 422", async () => {
  const body = await t.api.fails('listUserReport', 422, {
    token: acmeReader,
    operatingTenant: acme,
    body: { from_date: '2026-02-02', to_date: '2026-02-01' },
  });
  expect(body.errors).toEqual([{ field: 'to_date', message: 'End Date must be greater than Start Date' }]);
});

test('export: a CSV of exactly the filtered rows, formula-like cells escaped', async () => {
  const page = await list(acmeReader, acme);
  const response = await t.api.call('exportUserReport', { token: acmeReader, operatingTenant: acme, body: range });
  expect(response.status).toBe(200);
  expect(String(response.headers['content-disposition'])).toMatch(/filename="usersreport_\d{2}-\d{2}-\d{4}\.csv"/);
  const rows = parse(String(response.body), { bom: true }) as string[][];
  expect(rows[0]).toEqual([
    'User Name',
    'Role',
    'Title',
    'User Email',
    'User Status',
    'Last Login',
    'Account Type',
    'Account Status',
    'Customer Name',
  ]);
  expect(rows.slice(1).map((r) => r[3])).toEqual(page.userRecords.map((u) => u.email));
  expect(rows.find((r) => r[3] === 'agent@acme.test')![0]).toMatch(/^'=cmd\|calc /);
});
