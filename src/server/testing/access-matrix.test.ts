/**
 * The access matrix, generated from the contract: every operation a document declares is checked against
 * what it declares (x-public, x-permissions, x-permissions-any, x-system-tenant, operatingTenant). Adding an
 * operation to a document adds its rows here.
 */
import { readAllOperations, type OperationSpec } from '../platform/openapi/contract';
import type { CallOptions, SignedIn } from './api-client';
import { createUnprivilegedUser } from './create-unprivileged-user';
import { createTestApp, type TestApp } from './test-app';

const operations = readAllOperations();
const secured = operations.filter((op) => !op.access.public);
const requiringPermissions = secured.filter((op) => op.access.permissions.length || op.access.permissionsAny.length);
const tenantScoped = secured.filter((op) => op.access.operatingTenant === 'required');
const systemOnly = secured.filter((op) => op.access.systemTenant);
const publicOnes = operations.filter((op) => op.access.public);
/** Operations a client application's token may call (ADR 0022); every other secured one refuses it. */
const forClients = secured.filter((op) => op.access.clientScopes.length);
const forUsers = secured.filter((op) => !op.access.clientScopes.length);

const rows = (list: OperationSpec[]) => list.map((op) => [op.operationId, op] as const);

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
  const client = await t.api.ok('createClientApplication', {
    token: customerAdmin,
    operatingTenant: acme,
    body: { clientName: 'Matrix client' },
  });
  const issued = await t.api.ok('issueClientToken', {
    body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
  });
  clientToken = issued.access_token;
});
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

describe.each(rows(systemOnly))('%s outside the system tenant', (_id, op) => {
  test('a customer admin → 403', async () => {
    const body = await t.api.fails(op.operationId, 403, { ...requestFor(op, acme), token: customerAdmin });
    expect(body.code).toBe('FORBIDDEN');
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
