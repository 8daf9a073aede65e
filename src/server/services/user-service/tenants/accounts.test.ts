/** Admin: accounts (docs/product/admin-accounts.md#account-form, #creating-an-account, #rules, #calls). */
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { FormValue, SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let voxscreen: number;
let acme: number;
let globex: number;
let provider: SignedIn;
let acmeAdmin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ({ voxscreen, acme, globex } = await t.seededTenants());
  [provider, acmeAdmin] = await t.signInAs('admin@voxscreen.test', 'admin@acme.test');
});
afterAll(() => t.close());

// Real image bytes: uploads are checked by their signature (issue 11), not by the declared type.
const PNG = {
  filename: 'logo.png',
  contentType: 'image/png',
  content: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8e2a50000000049454e44ae426082',
    'hex',
  ),
};

const newAccount = (overrides: Record<string, FormValue> = {}): Record<string, FormValue> => ({
  tenantName: 'Initech Claims',
  isActive: true,
  salesPerson: 'Sales@Voxscreen.test',
  customerId: 'CUST-100',
  backendSystemCode: 'INI',
  numberOfInterviews: 250,
  currencyId: 1,
  greenhouseAccount: false,
  partnerAccount: false,
  userFirstName: 'Peter',
  userLastName: 'Gibbons',
  email: 'Peter@Initech.test',
  phoneNumber: '+1 (555) 123-4567 ext 89',
  ...overrides,
});

const outboxFor = (recipient: string) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute(),
  );

const tenantRow = (id: number) =>
  withSystem(t.db, (trx) => trx.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

describe('createTenant', () => {
  test('creates the account and its primary user, who sets a password from the e-mailed link and signs in to it', async () => {
    const created = await t.api.ok('createTenant', {
      token: provider,
      operatingTenant: voxscreen,
      form: newAccount({ tenantLogo: PNG }),
    });
    expect(created).toMatchObject({
      tenantName: 'Initech Claims',
      isActive: true,
      salesPerson: 'sales@voxscreen.test',
      customerId: 'CUST-100',
      backendSystemCode: 'INI',
      customerCode: 'INI',
      numberOfInterviews: 250,
      currencyId: 1,
      greenhouseAPIKey: null,
      tenantLogo: PNG.content.toString('base64'),
      defaultUserFirstName: 'Peter',
      defaultUserLastName: 'Gibbons',
    });
    const [invitation] = await t.sentTo('peter@initech.test');
    expect(invitation).toMatchObject({
      template_type: 'USER_INVITATION',
      tenant_id: created.tenantId,
      subject: 'Welcome to Voxscreen: choose your password',
    });
    const token = /resetPassword\?token=([A-Za-z0-9_-]+)/.exec(invitation!.body_text)![1]!;
    await t.api.ok('confirmPasswordReset', { body: { token, password: 'Initech-2026!' } });
    const session = await t.signIn('peter@initech.test', { password: 'Initech-2026!' });
    expect(await t.api.ok('listUserTenants', { token: session })).toEqual([
      expect.objectContaining({ tenantId: created.tenantId, tenantName: 'Initech Claims', isPrimaryTenant: true }),
    ]);
    const info = await t.api.ok('getUserInfo', { token: session, operatingTenant: created.tenantId });
    expect(info.rolePermission.roleName).toBe('Customer Admin');
    // The new account comes with the standard roles.
    const roles = await t.api.ok('listRoles', { token: session, operatingTenant: created.tenantId });
    expect(roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Customer Admin', 'Analyst', 'Call Center Agent']),
    );
  });

  test('each rule of docs/product/admin-accounts.md#rules answers 422 with its message and creates nothing', async () => {
    const body = await t.api.fails('createTenant', 422, {
      token: provider,
      operatingTenant: voxscreen,
      form: newAccount({
        tenantName: ' ',
        salesPerson: 'not-an-email',
        numberOfInterviews: '-3',
        isActive: null,
        customerId: '',
        currencyId: null,
        userFirstName: '',
        userLastName: '',
        email: 'nobody-at-all',
        phoneNumber: '12345',
      }),
    });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'tenantName', message: 'Account Name is required' },
        { field: 'salesPerson', message: 'Email is invalid' },
        { field: 'numberOfInterviews', message: 'Only positive number' },
        { field: 'isActive', message: 'Status is required' },
        { field: 'customerId', message: 'Customer ID is required' },
        { field: 'currencyId', message: 'Currency is required' },
        { field: 'userFirstName', message: 'First Name is required' },
        { field: 'userLastName', message: 'Last Name is required' },
        { field: 'email', message: 'Primary User Email is invalid' },
        { field: 'phoneNumber', message: 'Phone number is not valid' },
      ]),
    );
    const missingSales = await t.api.fails('createTenant', 422, {
      token: provider,
      operatingTenant: voxscreen,
      form: newAccount({ salesPerson: '' }),
    });
    expect(missingSales.errors).toEqual([{ field: 'salesPerson', message: 'Sales Person Email is required' }]);
    const restrictedOnly = await t.api.fails('createTenant', 422, {
      token: provider,
      operatingTenant: voxscreen,
      form: newAccount({ restrictionId: 1 }),
    });
    expect(restrictedOnly.errors).toEqual([
      { field: 'restrictionId', message: 'This field is not used in this environment.' },
    ]);
    const count = await withSystem(t.db, (trx) =>
      trx.selectFrom('tenants').select('id').where('name', '=', 'Initech Claims').execute(),
    );
    expect(count).toHaveLength(1);
  });

  test('an image-only logo of at most 1 MB', async () => {
    const text = { filename: 'logo.txt', contentType: 'text/plain', content: Buffer.from('hello') };
    // Issue 11: an SVG with a script, or HTML, declared as an image is refused by its bytes.
    const svg = {
      filename: 'logo.svg',
      contentType: 'image/svg+xml',
      content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    };
    const html = {
      filename: 'logo.png',
      contentType: 'image/png',
      content: Buffer.from('<html><script>alert(1)</script></html>'),
    };
    for (const tenantLogo of [svg, html]) {
      expect(
        (
          await t.api.fails('createTenant', 422, {
            token: provider,
            operatingTenant: voxscreen,
            form: newAccount({ tenantName: 'Logo Test', email: 'l@logo.test', tenantLogo }),
          })
        ).code,
      ).toBe('INVALID_FILE_TYPE');
    }
    expect(
      (
        await t.api.fails('createTenant', 422, {
          token: provider,
          operatingTenant: voxscreen,
          form: newAccount({ tenantName: 'Logo Test', email: 'l@logo.test', tenantLogo: text }),
        })
      ).code,
    ).toBe('INVALID_FILE_TYPE');
    const big = { ...PNG, content: Buffer.alloc(1024 * 1024 + 1) };
    expect(
      (
        await t.api.fails('createTenant', 413, {
          token: provider,
          operatingTenant: voxscreen,
          form: newAccount({ tenantName: 'Logo Test', email: 'l@logo.test', tenantLogo: big }),
        })
      ).code,
    ).toBe('PAYLOAD_TOO_LARGE');
  });

  test('an existing primary e-mail: checkUserEmail lists accounts and roles, creation needs the confirmation', async () => {
    expect(
      await t.api.ok('checkUserEmail', {
        token: provider,
        operatingTenant: voxscreen,
        query: { email: ' DUAL@globex.test ' },
      }),
    ).toEqual({
      is_exist: true,
      tenants: [
        { name: 'Acme Insurance', role_name: 'Customer Admin' },
        { name: 'Globex Logistics', role_name: 'Customer Admin' },
      ],
    });
    expect(
      await t.api.ok('checkUserEmail', {
        token: provider,
        operatingTenant: voxscreen,
        query: { email: 'fresh@new.test' },
      }),
    ).toEqual({ is_exist: false, tenants: [] });

    const form = newAccount({ tenantName: 'Dual Holdings', email: 'dual@globex.test' });
    expect((await t.api.fails('createTenant', 409, { token: provider, operatingTenant: voxscreen, form })).code).toBe(
      'EMAIL_EXISTS',
    );
    const created = await t.api.ok('createTenant', {
      token: provider,
      operatingTenant: voxscreen,
      form: { ...form, confirmExistingUser: true },
    });
    expect(created).toMatchObject({ defaultUserFirstName: 'Diego', defaultUserLastName: 'Ramos' });
    expect(await outboxFor('dual@globex.test')).toEqual([]);
    const dual = await t.signIn('dual@globex.test');
    expect(
      (await t.api.ok('getUserInfo', { token: dual, operatingTenant: created.tenantId })).rolePermission.roleName,
    ).toBe('Customer Admin');
  });

  test('only from the provider account: a provider admin operating in a customer account is refused', async () => {
    expect(
      (
        await t.api.fails('createTenant', 403, {
          token: provider,
          operatingTenant: acme,
          form: newAccount({ tenantName: 'Elsewhere' }),
        })
      ).code,
    ).toBe('SYSTEM_TENANT_REQUIRED');
    expect(
      (
        await t.api.fails('checkUserEmail', 403, {
          token: provider,
          operatingTenant: acme,
          query: { email: 'a@b.test' },
        })
      ).code,
    ).toBe('SYSTEM_TENANT_REQUIRED');
    expect(
      (
        await t.api.fails('createTenant', 403, {
          token: acmeAdmin,
          operatingTenant: acme,
          form: newAccount({ tenantName: 'Elsewhere' }),
        })
      ).code,
    ).toBe('FORBIDDEN');
  });

  test('a taken account name is a 409 on the name field', async () => {
    const body = await t.api.fails('createTenant', 409, {
      token: provider,
      operatingTenant: voxscreen,
      form: newAccount({ tenantName: 'ACME insurance', email: 'x@acme2.test' }),
    });
    expect(body.errors).toEqual([{ field: 'tenantName', message: 'Account name already exists' }]);
  });
});

describe('getTenant and updateTenant', () => {
  const editForm = (overrides: Record<string, FormValue> = {}): Record<string, FormValue> => ({
    tenantName: 'Acme Insurance',
    isActive: true,
    salesPerson: 'sales@voxscreen.test',
    numberOfInterviews: '',
    greenhouseAccount: false,
    partnerAccount: false,
    ...overrides,
  });

  test('a customer admin reads and edits their own account; the logo stays unless a new one is sent', async () => {
    await t.api.ok('updateTenant', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: acme },
      form: editForm({ tenantLogo: PNG }),
    });
    const edited = await t.api.ok('updateTenant', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: acme },
      form: editForm({ numberOfInterviews: 40, greenhouseAccount: true, greenhouseAppKey: 'app-1' }),
    });
    expect(edited).toMatchObject({
      tenantName: 'Acme Insurance',
      numberOfInterviews: 40,
      greenhouseAccount: true,
      greenhouseAppKey: 'app-1',
      tenantLogo: PNG.content.toString('base64'),
    });
    expect(edited.greenhouseAPIKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await t.api.ok('getTenant', { token: acmeAdmin, operatingTenant: acme, params: { id: acme } });
    expect(again.greenhouseAPIKey).toBe(edited.greenhouseAPIKey);
  });

  test('a customer admin cannot read or edit another account, and nothing changes', async () => {
    const before = await tenantRow(globex);
    expect(
      (await t.api.fails('getTenant', 403, { token: acmeAdmin, operatingTenant: acme, params: { id: globex } })).code,
    ).toBe('TENANT_FORBIDDEN');
    expect(
      (
        await t.api.fails('updateTenant', 403, {
          token: acmeAdmin,
          operatingTenant: acme,
          params: { id: globex },
          form: editForm({ tenantName: 'Hijacked' }),
        })
      ).code,
    ).toBe('TENANT_FORBIDDEN');
    expect(await tenantRow(globex)).toEqual(before);
  });

  test('the provider edits any account from its own; an unknown id is a 404; the provider account stays active', async () => {
    const edited = await t.api.ok('updateTenant', {
      token: provider,
      operatingTenant: voxscreen,
      params: { id: globex },
      form: editForm({ tenantName: 'Globex Logistics', partnerAccount: true }),
    });
    expect(edited.partnerAccount).toBe(true);
    await t.api.fails('getTenant', 404, { token: provider, operatingTenant: voxscreen, params: { id: 999_999 } });
    const refused = await t.api.fails('updateTenant', 422, {
      token: provider,
      operatingTenant: voxscreen,
      params: { id: voxscreen },
      form: editForm({ tenantName: 'Voxscreen', isActive: false }),
    });
    expect(refused.errors).toEqual([{ field: 'isActive', message: "The provider's account cannot be deactivated." }]);
    const taken = await t.api.fails('updateTenant', 409, {
      token: provider,
      operatingTenant: voxscreen,
      params: { id: globex },
      form: editForm({ tenantName: 'acme insurance' }),
    });
    expect(taken.code).toBe('TENANT_EXISTS');
  });

  test('edit rules: account name, sales person, number of interviews, status', async () => {
    const body = await t.api.fails('updateTenant', 422, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: acme },
      form: editForm({ tenantName: '', salesPerson: '', numberOfInterviews: 'abc', isActive: null }),
    });
    expect(body.errors).toEqual([
      { field: 'tenantName', message: 'Account Name is required' },
      { field: 'salesPerson', message: 'Sales Person Email is required' },
      { field: 'numberOfInterviews', message: 'Only positive number' },
      { field: 'isActive', message: 'Status is required' },
    ]);
  });
});

describe('restricted environment', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ config: { restrictedEnvironment: true } });
  });
  afterAll(() => r.close());

  test('restriction is required on creation; account type and segment on edit', async () => {
    const admin = await r.signIn('admin@voxscreen.test');
    const system = await r.tenantId('Voxscreen');
    const created = await r.api.fails('createTenant', 422, {
      token: admin,
      operatingTenant: system,
      form: newAccount(),
    });
    expect(created.errors).toEqual([{ field: 'restrictionId', message: 'Special Restrictions is Required' }]);
    const ok = await r.api.ok('createTenant', {
      token: admin,
      operatingTenant: system,
      form: newAccount({ restrictionId: 2 }),
    });
    expect(ok.restrictionId).toBe(2);
    const edit = await r.api.fails('updateTenant', 422, {
      token: admin,
      operatingTenant: system,
      params: { id: ok.tenantId },
      form: { tenantName: 'Initech Claims', isActive: true, salesPerson: 'a@b.test', restrictionId: 2 },
    });
    expect(edit.errors).toEqual([
      { field: 'accountTypeId', message: 'Account Type is Required' },
      { field: 'customerSegmentId', message: 'Customer Segment is Required' },
    ]);
  });
});

describe('listTenants paging (0-based, 25 by default)', () => {
  test('page 0 is the first page; the system tenant lists every account, newest first', async () => {
    const first = await t.api.ok('listTenants', {
      token: provider,
      operatingTenant: voxscreen,
      query: { pageNumber: 0, pageSize: 2 },
    });
    const second = await t.api.ok('listTenants', {
      token: provider,
      operatingTenant: voxscreen,
      query: { pageNumber: 1, pageSize: 2 },
    });
    expect(first.totalTenants).toBeGreaterThanOrEqual(5);
    expect(first.tenantList).toHaveLength(2);
    expect(first.tenantList[0]!.createTs >= first.tenantList[1]!.createTs).toBe(true);
    expect(second.tenantList.map((x) => x.tenantId)).not.toContain(first.tenantList[0]!.tenantId);
  });
});
