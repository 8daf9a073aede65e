/**
 * The access matrix, generated from the contract: every operation a document declares is checked against
 * what it declares (x-public, x-permissions, x-permissions-any, x-system-tenant (true or operating), operatingTenant,
 * x-account-scope). Adding an operation to a document adds its rows here.
 */
import { readAllOperations, type AccountScope, type OperationSpec } from '../platform/openapi/contract';
import type { AnyHandler } from '../platform/openapi/handler';
import type { HandlerRegistry } from '../platform/openapi/register-operations';
import { SERVICE_HANDLERS } from '../services';
import type { CallOptions, SignedIn } from './api-client';
import { createCustomerWithEveryPermission, createUnprivilegedUser } from './create-unprivileged-user';
import { minimalRequest } from './minimal-request';
import { createTestApp, type TestApp } from './test-app';

const operations = readAllOperations();
const secured = operations.filter((op) => !op.access.public);
const requiringPermissions = secured.filter((op) => op.access.permissions.length || op.access.permissionsAny.length);
const tenantScoped = secured.filter((op) => op.access.operatingTenant === 'required');
const systemOnly = secured.filter((op) => op.access.systemTenant);
/** x-system-tenant: operating: a provider user, and operating in the system tenant. */
const inSystemTenantOnly = secured.filter((op) => op.access.systemTenantOperating);
const publicOnes = operations.filter((op) => op.access.public);
/** Operations a client application's token may call (ADR 0022); every other secured one refuses it. */
const forClients = secured.filter((op) => op.access.clientScopes.length);
const forUsers = secured.filter((op) => !op.access.clientScopes.length);

const rows = <O extends OperationSpec>(list: O[]) => list.map((op) => [op.operationId, op] as const);

/** Operations whose request names the account they act on (x-account-scope with a parameter, ADR 0062). */
type Named = OperationSpec & { access: { accountScope: AccountScope & { parameter: object } } };
const namingAnAccount = tenantScoped.filter((op): op is Named => Boolean(op.access.accountScope?.parameter));
const providerMayName = namingAnAccount.filter((op) => op.access.accountScope.provider !== 'none');
const operatingOnly = namingAnAccount.filter((op) => op.access.accountScope.provider === 'none');
const providerOnlyReads = providerMayName.filter((op) => op.access.accountScope.provider === 'read');

const namingInItems = namingAnAccount.filter((op) => op.access.accountScope.items);

/**
 * A valid request of `op` in the operating tenant, naming `account` where its x-account-scope says (and in every
 * item of an array body, with `items`, unless `inItems` names another).
 */
function naming(op: Named, operating: number, account: number, inItems = account): CallOptions {
  const request = minimalRequest(op, operating, { ...op.access.accountScope.parameter, value: account });
  const items = op.access.accountScope.items;
  if (!items || !Array.isArray(request.body)) return request;
  return { ...request, body: request.body.map((item: Record<string, unknown>) => ({ ...item, [items]: inItems })) };
}

/** Valid values for path and required query parameters; integers name the tenant the request acts in. */
function requestFor(op: OperationSpec, tenantId: number): CallOptions {
  const dummy = (schema: Record<string, unknown>) => {
    if (Array.isArray(schema.enum)) return schema.enum[0] as string | number;
    return schema.type === 'integer' || schema.type === 'number' ? tenantId : 'x';
  };
  const pick = (where: 'path' | 'query') =>
    Object.fromEntries(op.parameters.filter((p) => p.in === where && p.required).map((p) => [p.name, dummy(p.schema)]));
  return { params: pick('path'), query: pick('query'), operatingTenant: tenantId };
}

let t: TestApp;
let unprivileged: SignedIn;
let unprivilegedTenant: number;
let customerAdmin: SignedIn;
/** An Acme user whose role holds every permission: only the account, never a permission, refuses them. */
let customerWithEverything: SignedIn;
let systemAdmin: SignedIn;
let acme: number;
let globex: number;
let voxscreen: number;
/** A client-credentials token of an Acme client application holding every client scope. */
let clientToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUnprivilegedUser(t);
  unprivilegedTenant = user.tenantId;
  [unprivileged, customerAdmin, systemAdmin] = await t.signInAs(user.email, 'admin@acme.test', 'admin@voxscreen.test');
  ({ acme, globex, voxscreen } = await t.seededTenants());
  customerWithEverything = await t.signIn((await createCustomerWithEveryPermission(t, acme)).email);
  const client = await t.api.ok('createClientApplication', {
    token: customerAdmin,
    operatingTenant: acme,
    body: { clientName: 'Matrix client' },
  });
  const issued = await t.api.ok('issueClientToken', {
    body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
  });
  clientToken = issued.access_token;
  // A database, five sign-ins (password hashing) and a client: a minute on a loaded two-core machine.
}, 120_000);
afterAll(() => t.close());

test('the documents declare secured, permission, tenant-scoped, system-only and public operations', () => {
  expect(secured.length).toBeGreaterThan(0);
  expect(requiringPermissions.length).toBeGreaterThan(0);
  expect(tenantScoped.length).toBeGreaterThan(0);
  expect(systemOnly.length).toBeGreaterThan(0);
  expect(publicOnes.length).toBeGreaterThan(0);
});

describe.each(rows(secured))('%s', (_id, op) => {
  test('without a token → 401', async () => {
    const body = await t.api.fails(op.operationId, 401, { ...requestFor(op, acme), token: undefined });
    expect(body.code).toBe('UNAUTHORIZED');
  });

  test('with a garbage token → 401', async () => {
    await t.api.fails(op.operationId, 401, {
      ...requestFor(op, acme),
      token: { accessToken: 'not.a.jwt', idToken: 'garbage' },
    });
  });

  test('with an access token but no id token → 401', async () => {
    await t.api.fails(op.operationId, 401, {
      ...requestFor(op, acme),
      headers: { authorization: `Bearer ${customerAdmin.accessToken}` },
    });
  });
});

describe.each(rows(forUsers))('%s for users', (_id, op) => {
  test('a user with every permission in the system tenant is let through', async () => {
    // A session of its own: the row for logoutUser ends the session it uses.
    const token = await t.signIn('admin@voxscreen.test');
    const response = await t.api.call(op.operationId, { ...requestFor(op, voxscreen), token });
    expect([401, 403]).not.toContain(response.status);
  });
});

test('the results intake is what client applications may call', () => {
  expect(forClients.map((op) => op.operationId).sort()).toEqual([
    'authorizeInterviewCall',
    'postCallRecord',
    'postGuideLogs',
    'postIncompleteCall',
    'postInterviewResult',
    'putInterviewRecording',
  ]);
});

describe.each(rows(forClients))('%s for client applications', (_id, op) => {
  test('a client token holding its scopes is let through', async () => {
    const response = await t.api.call(op.operationId, {
      ...requestFor(op, acme),
      operatingTenant: undefined,
      headers: { authorization: `Bearer ${clientToken}` },
    });
    expect([401, 403]).not.toContain(response.status);
  });

  test("a user's session, even the system administrator's, → 401", async () => {
    const token = await t.signIn('admin@voxscreen.test');
    await t.api.fails(op.operationId, 401, { ...requestFor(op, voxscreen), token });
  });
});

describe.each(rows(forUsers))('%s with a client application token', (_id, op) => {
  test('alone → 401', async () => {
    await t.api.fails(op.operationId, 401, {
      ...requestFor(op, acme),
      headers: { authorization: `Bearer ${clientToken}` },
    });
  });

  test("with a user's id token of the same tenant → 401", async () => {
    await t.api.fails(op.operationId, 401, {
      ...requestFor(op, acme),
      token: { accessToken: clientToken, idToken: customerAdmin.idToken },
    });
  });
});

describe.each(rows(requiringPermissions))('%s without its permissions', (_id, op) => {
  test('a role holding none of them → 403', async () => {
    const body = await t.api.fails(op.operationId, 403, { ...requestFor(op, unprivilegedTenant), token: unprivileged });
    expect(body.code).toBe('FORBIDDEN');
  });
});

describe.each(rows(tenantScoped))('%s in a foreign tenant', (_id, op) => {
  test('naming a tenant the user does not belong to → 403', async () => {
    const body = await t.api.fails(op.operationId, 403, { ...requestFor(op, globex), token: customerAdmin });
    expect(body.code).toBe('TENANT_FORBIDDEN');
  });

  test('a tenant that does not exist → 403', async () => {
    await t.api.fails(op.operationId, 403, { ...requestFor(op, 999_999), token: systemAdmin });
  });

  test('without the operatingTenant header → 400, before any handler runs', async () => {
    const { operatingTenant: _omitted, ...request } = requestFor(op, voxscreen);
    await t.api.fails(op.operationId, 400, { ...request, token: systemAdmin });
  });
});

test('the documents declare operations naming an account, some the provider may read or write in', () => {
  expect(providerMayName.map((op) => op.operationId)).toEqual(
    expect.arrayContaining(['listAuditLog', 'listCallRecords', 'listIncompleteCalls', 'getTenant', 'updateTenant']),
  );
  expect(operatingOnly.length).toBeGreaterThan(0);
  expect(namingInItems.map((op) => op.operationId).sort()).toEqual(['createLookupValue', 'updateLookupValue']);
});

describe.each(rows(namingAnAccount))('%s naming an account (x-account-scope)', (_id, op) => {
  test('a customer naming another account → 403, whether it exists or not', async () => {
    for (const account of [globex, voxscreen, 999_999]) {
      const request = { ...naming(op, acme, account), token: customerWithEverything };
      const body = await t.api.fails(op.operationId, 403, request);
      expect(body).toEqual({ message: 'You do not have access to this tenant.', code: 'TENANT_FORBIDDEN' });
    }
  });
});

describe.each(rows(namingInItems))('%s naming an account in every item (x-account-scope items)', (_id, op) => {
  test('an item naming another account than the request → 403, for a customer and for the provider', async () => {
    for (const [operating, token] of [
      [acme, customerWithEverything],
      [voxscreen, systemAdmin],
    ] as const) {
      const body = await t.api.fails(op.operationId, 403, { ...naming(op, operating, operating, globex), token });
      expect(body).toEqual({ message: 'You do not have access to this tenant.', code: 'TENANT_FORBIDDEN' });
    }
  });
});

describe.each(rows(providerMayName))('%s naming another account as the provider', (_id, op) => {
  test('the provider naming another account is let through to the handler', async () => {
    const response = await t.api.call(op.operationId, { ...naming(op, voxscreen, acme), token: systemAdmin });
    expect([401, 403]).not.toContain(response.status);
    expect((response.body as { code?: string }).code).not.toBe('ACCOUNT_NOT_FOUND');
  });

  test('an account that does not exist → 404', async () => {
    const body = await t.api.fails(op.operationId, 404, { ...naming(op, voxscreen, 999_999), token: systemAdmin });
    expect(body).toEqual({ message: 'No such account.', code: 'ACCOUNT_NOT_FOUND' });
  });
});

describe('where the provider may only read another account', () => {
  /** In place of each such handler: a write in the account's transaction, which must be refused. */
  const writeInAccount: AnyHandler = async (_input, ctx) => {
    await ctx.inAccount((trx) =>
      trx.updateTable('tenants').set({ sales_person: 'probe@matrix.test' }).where('id', '=', ctx.account.id).execute(),
    );
    return {};
  };
  let probed: TestApp;
  let provider: SignedIn;
  beforeAll(async () => {
    const handlers = Object.fromEntries(
      Object.entries(SERVICE_HANDLERS).map(([service, map]) => [
        service,
        {
          ...map,
          ...Object.fromEntries(
            providerOnlyReads.filter((op) => op.service === service).map((op) => [op.operationId, writeInAccount]),
          ),
        },
      ]),
    ) as HandlerRegistry;
    probed = await createTestApp({ handlers });
    provider = await probed.signIn('admin@voxscreen.test');
  }, 120_000);
  afterAll(() => probed.close());

  test.each(rows(providerOnlyReads))('%s: a write by the provider in another account → 403', async (_id, op) => {
    const { acme: account, voxscreen: operating } = await probed.seededTenants();
    const body = await probed.api.fails(op.operationId, 403, { ...naming(op, operating, account), token: provider });
    expect(body.code).toBe('ACCOUNT_READ_ONLY');
    const stored = await probed.db
      .selectFrom('tenants')
      .select('sales_person')
      .where('id', '=', account)
      .executeTakeFirst();
    expect(stored?.sales_person).not.toBe('probe@matrix.test');
  });
});

describe.each(rows(operatingOnly))('%s for the operating account only', (_id, op) => {
  test('the provider naming another account → 403: the contract gives it no access there', async () => {
    const body = await t.api.fails(op.operationId, 403, { ...naming(op, voxscreen, acme), token: systemAdmin });
    expect(body.code).toBe('TENANT_FORBIDDEN');
  });
});

describe.each(rows(systemOnly))('%s outside the system tenant', (_id, op) => {
  test('a customer admin → 403', async () => {
    const body = await t.api.fails(op.operationId, 403, { ...requestFor(op, acme), token: customerAdmin });
    expect(body.code).toBe('FORBIDDEN');
  });
});

test('the account creation is what must operate in the system tenant', () => {
  expect(inSystemTenantOnly.map((op) => op.operationId).sort()).toEqual(['checkUserEmail', 'createTenant']);
});

describe.each(rows(inSystemTenantOnly))('%s operating outside the system tenant', (_id, op) => {
  test('the provider operating in a customer account → 403, before any handler runs', async () => {
    const body = await t.api.fails(op.operationId, 403, { ...requestFor(op, acme), token: systemAdmin });
    expect(body).toEqual({
      message: "Accounts are created from the provider's account: switch to it first.",
      code: 'SYSTEM_TENANT_REQUIRED',
    });
  });
});

describe.each(rows(publicOnes))('%s (public)', (_id, op) => {
  test('answers without a token', async () => {
    const response = await t.api.call(op.operationId, requestFor(op, acme));
    // The OAuth token endpoint authenticates the client itself: its 401 is RFC 6749's invalid_client, not a session's.
    if (response.status === 401) expect(response.body).toMatchObject({ error: 'invalid_client' });
    else expect(response.status).not.toBe(401);
  });
});
