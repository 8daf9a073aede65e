/** Customer-data sync (docs/product/customer-data-sync.md): the refresh calls queue a job that reads the CRM file source. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { listCustomerRecords, replaceCustomerRecords } from './customer-data-sync-store';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;

const crm = {
  companies: [
    { id: 'C-1', customerId: 'ACME-001', name: 'Acme Insurance HQ' },
    { id: 'C-2', customerId: 'GLOBEX-9', name: 'Globex Logistics' },
  ],
  people: [
    { id: 'P-1', customerId: 'ACME-001', email: 'cfo@acme.test' },
    { id: 'P-2', customerId: 'ACME-001', email: 'coo@acme.test' },
  ],
};

const jobsOf = (tenantId: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('jobs').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute(),
  );

/** The refresh starts the runner after the commit; wait until no job of the tenant is queued or running. */
async function settled(tenantId: number) {
  for (let i = 0; i < 100; i += 1) {
    const jobs = await jobsOf(tenantId);
    if (
      jobs.every((j) => j.status === 'succeeded' || j.status === 'failed' || (j.status === 'queued' && j.attempts > 0))
    )
      return jobs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('jobs did not settle');
}

beforeAll(async () => {
  t = await createTestApp();
  mkdirSync(join(t.dataDir, 'crm'), { recursive: true });
  writeFileSync(join(t.dataDir, 'crm', 'customer-data.json'), JSON.stringify(crm));
  ({ acme, globex } = await t.seededTenants());
  await withSystem(t.db, (trx) =>
    trx.updateTable('tenants').set({ customer_id: 'ACME-001' }).where('id', '=', acme).execute(),
  );
  await withSystem(t.db, (trx) =>
    trx.updateTable('tenants').set({ customer_id: null }).where('id', '=', globex).execute(),
  );
  [acmeAdmin, analyst] = await t.signInAs('admin@acme.test', 'analyst@acme.test');
});
afterAll(() => t.close());

test('the default source is the JSON file under DATA_DIR/crm (CRM_SOURCE_FILE)', () => {
  expect(t.config.crmSourceFile).toBe(join(t.dataDir, 'crm', 'customer-data.json'));
});

test('refreshing companies and people stores the account’s records from the file, and again changes nothing', async () => {
  const call = { token: acmeAdmin, operatingTenant: acme, query: { tenantId: acme } };
  const companies = await t.api.ok('refreshCustomerCompanies', call);
  expect(companies).toMatchObject({ kind: 'companies', status: 'queued' });
  const people = await t.api.ok('refreshCustomerPeople', call);
  expect(people).toMatchObject({ kind: 'people' });
  expect((await settled(acme)).map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
  const stored = () =>
    withTenant(t.db, acme, async (trx) => ({
      companies: (await listCustomerRecords(trx, 'companies')).map((r) => r.external_id),
      people: (await listCustomerRecords(trx, 'people')).map((r) => r.external_id),
    }));
  expect(await stored()).toEqual({ companies: ['C-1'], people: ['P-1', 'P-2'] });
  await t.api.ok('refreshCustomerPeople', call);
  await settled(acme);
  expect(await stored()).toEqual({ companies: ['C-1'], people: ['P-1', 'P-2'] });
});

test('an account without a Customer ID: the job fails with a message and retries later; stored data stay', async () => {
  const [dual] = await t.signInAs('dual@globex.test');
  await t.api.ok('refreshCustomerCompanies', { token: dual, operatingTenant: globex, query: { tenantId: globex } });
  const [job] = await settled(globex);
  expect(job).toMatchObject({ status: 'queued', attempts: 1 });
  expect(job!.last_error).toMatch(/no Customer ID/);
});

test("the provider's administrators refresh any account from the provider's account, as on Edit Account", async () => {
  const [provider] = await t.signInAs('admin@voxscreen.test');
  const voxscreen = await t.tenantId('Voxscreen');
  const job = await t.api.ok('refreshCustomerCompanies', {
    token: provider,
    operatingTenant: voxscreen,
    query: { tenantId: acme },
  });
  expect(job).toMatchObject({ kind: 'companies' });
  await settled(acme);
  await t.api.fails('refreshCustomerCompanies', 404, {
    token: provider,
    operatingTenant: voxscreen,
    query: { tenantId: 999999 },
  });
});

test('the calls need tenant.update and the operating tenant; a refusal queues nothing', async () => {
  const before = await jobsOf(acme);
  await t.api.fails('refreshCustomerCompanies', 403, {
    token: analyst,
    operatingTenant: acme,
    query: { tenantId: acme },
  });
  await t.api.fails('refreshCustomerPeople', 403, {
    token: acmeAdmin,
    operatingTenant: acme,
    query: { tenantId: globex },
  });
  expect(await jobsOf(acme)).toEqual(before);
});

test('a CRM list of any length is stored whole in one statement, its data as given', async () => {
  const records = Array.from({ length: 14_000 }, (_, n) => ({
    externalId: `BIG-${n}`,
    data: { id: `BIG-${n}`, customerId: 'ACME-001', email: `person${n}@acme.test`, tags: ['a', n] },
  }));
  const now = t.clock.now();
  await withTenant(t.db, acme, (trx) => replaceCustomerRecords(trx, acme, 'people', records, now));
  const stored = await withTenant(t.db, acme, (trx) => listCustomerRecords(trx, 'people'));
  expect(stored).toHaveLength(14_000);
  const byId = new Map(stored.map((r) => [r.external_id, r]));
  expect(byId.get('BIG-13999')).toMatchObject({ data: records[13_999]!.data, synced_at: now });
  expect(byId.get('BIG-0')!.data).toEqual(records[0]!.data);
  // Another tenant's records are not touched, and do not see these.
  expect(await withTenant(t.db, globex, (trx) => listCustomerRecords(trx, 'people'))).toEqual([]);
});
