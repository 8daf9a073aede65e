/** Client applications (docs/product/admin-clients-and-secrets.md#client-applications): every operation, permissions, tenants. */
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createUnprivilegedUser } from '../../../testing/create-unprivileged-user';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { CLIENT_NAME_REQUIRED } from './client-application-rules';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;
let analyst: SignedIn;
let support: SignedIn;
let voxscreen: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex, voxscreen } = await t.seededTenants());
  [acmeAdmin, globexAdmin, analyst, support] = await t.signInAs(
    'admin@acme.test',
    'dual@globex.test',
    'analyst@acme.test',
    'support@voxscreen.test',
  );
});
afterAll(() => t.close());

const asAcme = () => ({ token: acmeAdmin, operatingTenant: acme });
const rows = () => withSystem(t.db, (trx) => trx.selectFrom('client_applications').selectAll().orderBy('id').execute());
const audits = (activity: string) =>
  withSystem(t.db, (trx) => trx.selectFrom('audit_events').selectAll().where('activity', '=', activity).execute());

async function create(name = 'Dialer') {
  return t.api.ok('createClientApplication', {
    ...asAcme(),
    body: { clientName: name, description: ' Posts results ' },
  });
}

test('the seed gives each customer tenant a demo client application, listed without any secret', async () => {
  const listed = await t.api.ok('listClientApplications', asAcme());
  expect(listed.map((a) => a.clientName)).toContain('Telephony Platform');
  expect(JSON.stringify(listed)).not.toMatch(/vxs_|secret_hash|scrypt/);
  expect(listed[0]!.sampleCURLForAccessToken).toContain('<client-secret>');
});

test('create: a client id, a secret shown once, stored only hashed, with a sample command holding it', async () => {
  const created = await create();
  expect(created.clientId).toMatch(/^vxc_[0-9a-f]{24}$/);
  expect(created.clientSecret).toMatch(/^vxs_[A-Za-z0-9_-]{43}$/);
  expect(created.description).toBe('Posts results');
  expect(created.scopes).toEqual(['results:write']);
  expect(created.sampleCURLForAccessToken).toBe(
    `curl -sS -X POST 'http://voxscreen.test/api/authz-service/v1/oauth/token' -u '${created.clientId}:${created.clientSecret}' ` +
      `-d grant_type=client_credentials --data-urlencode 'scope=results:write'`,
  );
  const stored = (await rows()).find((r) => r.id === created.id)!;
  expect(stored.secret_hash).toMatch(/^scrypt\$/);
  expect(stored.secret_hash).not.toContain(created.clientSecret);
  expect(await t.passwords.verify(created.clientSecret, stored.secret_hash)).toBe(true);
  // Never again: list, get, update answers and the audit trail carry no secret.
  const later = [
    await t.api.call('listClientApplications', asAcme()),
    await t.api.call('getClientApplication', { ...asAcme(), params: { id: created.id } }),
    await t.api.call('updateClientApplication', {
      ...asAcme(),
      params: { id: created.id },
      body: { clientName: 'Dialer 2', description: null },
    }),
  ];
  for (const answer of later) expect(JSON.stringify(answer.body)).not.toContain(created.clientSecret);
  const trail = await audits('CLIENT_APPLICATION_CREATED');
  expect(trail.at(-1)).toMatchObject({ tenant_id: acme, email: 'admin@acme.test' });
  expect(JSON.stringify(trail)).not.toContain(created.clientSecret);
});

test("create: the name is required ('Client App Name is required'), nothing stored", async () => {
  const before = await rows();
  const body = await t.api.fails('createClientApplication', 422, { ...asAcme(), body: { clientName: '  ' } });
  expect(body.errors).toEqual([{ field: 'clientName', message: CLIENT_NAME_REQUIRED }]);
  await t.api.fails('createClientApplication', 400, { ...asAcme(), body: { clientName: 'x', clientSecret: 'mine' } });
  expect(await rows()).toEqual(before);
});

test('get and update: the read-only view, then a rename; both trimmed', async () => {
  const created = await create('Viewer');
  const got = await t.api.ok('getClientApplication', { ...asAcme(), params: { id: created.id } });
  expect(got).toMatchObject({ clientName: 'Viewer', clientId: created.clientId });
  const updated = await t.api.ok('updateClientApplication', {
    ...asAcme(),
    params: { id: created.id },
    body: { clientName: ' Viewer Two ', description: '' },
  });
  expect(updated).toMatchObject({ clientName: 'Viewer Two', description: null, clientId: created.clientId });
});

test('regenerate: a new secret shown once; the old one no longer verifies', async () => {
  const created = await create('Rotator');
  const renewed = await t.api.ok('regenerateClientSecret', { ...asAcme(), params: { id: created.id } });
  expect(renewed.clientSecret).not.toBe(created.clientSecret);
  expect(renewed.clientId).toBe(created.clientId);
  const stored = (await rows()).find((r) => r.id === created.id)!;
  expect(stored.credential_version).toBe(2);
  expect(await t.passwords.verify(created.clientSecret, stored.secret_hash)).toBe(false);
  expect(await t.passwords.verify(renewed.clientSecret, stored.secret_hash)).toBe(true);
});

test('delete: gone from the list, 404 afterwards', async () => {
  const created = await create('Doomed');
  expect(await t.api.ok('deleteClientApplication', { ...asAcme(), params: { id: created.id } })).toEqual({
    message: 'Application Deleted Successfully',
  });
  expect((await t.api.ok('listClientApplications', asAcme())).map((a) => a.id)).not.toContain(created.id);
  await t.api.fails('deleteClientApplication', 404, { ...asAcme(), params: { id: created.id } });
  expect(await audits('CLIENT_APPLICATION_DELETED')).toHaveLength(1);
});

test("tenant isolation: another tenant's client is a 404 for every call, and is left unchanged", async () => {
  const created = await create('Acme only');
  const before = await rows();
  const asGlobex = { token: globexAdmin, operatingTenant: globex, params: { id: created.id } };
  await t.api.fails('getClientApplication', 404, asGlobex);
  await t.api.fails('updateClientApplication', 404, { ...asGlobex, body: { clientName: 'Stolen' } });
  await t.api.fails('regenerateClientSecret', 404, asGlobex);
  await t.api.fails('deleteClientApplication', 404, asGlobex);
  expect((await t.api.ok('listClientApplications', asGlobex)).map((a) => a.id)).not.toContain(created.id);
  expect(await rows()).toEqual(before);
});

test('permissions: read-only roles see nothing to change; without the read permission, 403', async () => {
  const created = await create('Guarded');
  const before = await rows();
  // The Analyst holds no client-application permission at all.
  await t.api.fails('listClientApplications', 403, { token: analyst, operatingTenant: acme });
  // Tenant Support reads (system tenant) but changes nothing.
  expect(await t.api.ok('listClientApplications', { token: support, operatingTenant: voxscreen })).toEqual([]);
  const unprivileged = await createUnprivilegedUser(t);
  const nobody = await t.signIn(unprivileged.email);
  const as = { token: nobody, operatingTenant: unprivileged.tenantId, params: { id: created.id } };
  await t.api.fails('createClientApplication', 403, { ...as, body: { clientName: 'x' } });
  await t.api.fails('updateClientApplication', 403, { ...as, body: { clientName: 'x' } });
  await t.api.fails('regenerateClientSecret', 403, as);
  await t.api.fails('deleteClientApplication', 403, as);
  expect(await rows()).toEqual(before);
});
