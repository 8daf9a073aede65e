/** Call Centers tab (docs/product/admin-call-centers.md): add, edit, get, list, rules, permissions, tenant isolation. */
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let globexAdmin: SignedIn;
let agent: SignedIn;

const asAcme = () => ({ token: acmeAdmin, operatingTenant: acme });
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme West',
  callCenterPhone: '(415) 555-0100',
  contactPhone: '+1 415-555-0101',
  contactPersonFirstName: 'Ana',
  contactPersonLastName: 'Diaz',
  contactEmail: 'West@Acme.test',
  notificationEmail: 'alerts-west@acme.test',
  callCenterStatus: 'Active',
  queue1: 'WEST-EN',
  queue2: ' ',
  queue3: null,
  note: 'Opens at 8',
  languageIds: [2, 1, 2],
  address: { street1: '1 Market St', city: 'San Francisco', zip: '94105', country: 'United States' },
  ...overrides,
});
const rows = (tenantId: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('call_centers').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute(),
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, globexAdmin, agent] = await t.signInAs('admin@acme.test', 'dual@globex.test', 'agent@acme.test');
});
afterAll(() => t.close());

describe('add and edit', () => {
  let id = 0;

  test('Add Call Center stores every field (blank texts as null, e-mails lowercased) and lists it', async () => {
    const created = await t.api.ok('createCallCenter', { ...asAcme(), body: form() });
    id = created.id;
    expect(created).toEqual({
      id,
      name: 'Acme West',
      callCenterPhone: '(415) 555-0100',
      contactPhone: '+1 415-555-0101',
      contactPersonFirstName: 'Ana',
      contactPersonLastName: 'Diaz',
      contactEmail: 'west@acme.test',
      notificationEmail: 'alerts-west@acme.test',
      callCenterStatus: 'Active',
      queue1: 'WEST-EN',
      queue2: null,
      queue3: null,
      note: 'Opens at 8',
      languages: [
        { id: 1, shortCode: 'en', label: 'English' },
        { id: 2, shortCode: 'es', label: 'Español' },
      ],
      address: {
        type: 'Call Center',
        street1: '1 Market St',
        street2: null,
        city: 'San Francisco',
        zip: '94105',
        country: 'United States',
        countryId: null,
        stateId: null,
      },
    });
    const list = await t.api.ok('listCallCenters', asAcme());
    expect(list.find((c) => c.id === id)).toEqual(created);
    expect(await t.api.ok('getCallCenter', { ...asAcme(), params: { id } })).toEqual(created);
  });

  test('Edit Call Center overwrites the fields, the status and the languages', async () => {
    const updated = await t.api.ok('updateCallCenter', {
      ...asAcme(),
      params: { id },
      body: form({ name: 'Acme West Coast', callCenterStatus: 'Inactive', languageIds: [3], queue2: 'WEST-ES' }),
    });
    expect(updated).toMatchObject({
      id,
      name: 'Acme West Coast',
      callCenterStatus: 'Inactive',
      queue2: 'WEST-ES',
      languages: [{ id: 3, shortCode: 'tl', label: 'Tagalog' }],
    });
  });

  test('a Call Center Agent (callcenter.read only) reads but cannot add or edit; nothing changes', async () => {
    const before = await rows(acme);
    const call = { token: agent, operatingTenant: acme };
    expect((await t.api.ok('listCallCenters', call)).length).toBe(before.length);
    await t.api.ok('getCallCenter', { ...call, params: { id } });
    await t.api.fails('createCallCenter', 403, { ...call, body: form({ name: 'Agent Center' }) });
    await t.api.fails('updateCallCenter', 403, { ...call, params: { id }, body: form({ name: 'Renamed' }) });
    expect(await rows(acme)).toEqual(before);
  });
});

describe('rules and refusals change nothing', () => {
  test('the rules of docs/product/admin-call-centers.md#rules answer 422 with their messages', async () => {
    const before = await rows(acme);
    const body = await t.api.fails('createCallCenter', 422, {
      ...asAcme(),
      body: form({
        name: '  ',
        notificationEmail: 'nope',
        contactEmail: 'also@nope',
        contactPhone: '12',
        callCenterPhone: 'abc',
        languageIds: [1, 99],
      }),
    });
    expect(body.errors).toEqual([
      { field: 'name', message: 'Call Center Name is required' },
      { field: 'notificationEmail', message: 'Notification Email is invalid' },
      { field: 'contactEmail', message: 'Contact Email is invalid' },
      { field: 'contactPhone', message: 'Contact phone number is not valid' },
      { field: 'callCenterPhone', message: 'Call center phone number is not valid' },
      { field: 'languageIds', message: 'Unknown language: 99.' },
    ]);
    await t.api.fails('createCallCenter', 422, { ...asAcme(), body: form({ name: null }) });
    expect(await rows(acme)).toEqual(before);
  });

  test('a name the account already uses (any case) is a 409; another account may use it', async () => {
    const before = await rows(acme);
    const body = await t.api.fails('createCallCenter', 409, {
      ...asAcme(),
      body: form({ name: ' acme central call center ' }),
    });
    expect(body.code).toBe('CALL_CENTER_EXISTS');
    const [first, second] = before.filter((c) => c.tenant_id === acme);
    await t.api.fails('updateCallCenter', 409, {
      ...asAcme(),
      params: { id: second!.id },
      body: form({ name: first!.name }),
    });
    expect(await rows(acme)).toEqual(before);
    await t.api.ok('createCallCenter', {
      token: globexAdmin,
      operatingTenant: globex,
      body: form({ name: 'Acme Central Call Center' }),
    });
  });

  test("another account's call center is not found from this one, and is left unchanged", async () => {
    const [globexCenter] = await rows(globex);
    await t.api.fails('getCallCenter', 404, { ...asAcme(), params: { id: globexCenter!.id } });
    await t.api.fails('updateCallCenter', 404, {
      ...asAcme(),
      params: { id: globexCenter!.id },
      body: form({ name: 'Taken over' }),
    });
    expect((await rows(globex))[0]).toEqual(globexCenter);
    expect((await t.api.ok('listCallCenters', asAcme())).some((c) => c.id === globexCenter!.id)).toBe(false);
  });

  test('an Analyst (no callcenter permission) is refused every call', async () => {
    const [analyst] = await t.signInAs('analyst@acme.test');
    const call = { token: analyst, operatingTenant: acme };
    const [center] = await rows(acme);
    await t.api.fails('listCallCenters', 403, call);
    await t.api.fails('getCallCenter', 403, { ...call, params: { id: center!.id } });
  });
});
