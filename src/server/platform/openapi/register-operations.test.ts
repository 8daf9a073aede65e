import { SERVICE_HANDLERS } from '../../services';
import { readAllOperations, readOperations } from './contract';
import type { AnyHandler } from './handler';
import { checkHandlers, routePath, type HandlerRegistry } from './register-operations';

const operations = readAllOperations();
const handler: AnyHandler = async () => ({});

test('every documented operation has a handler and every handler an operation', () => {
  expect(() => checkHandlers(operations, SERVICE_HANDLERS)).not.toThrow();
});

test('a missing handler, a handler without an operation and an unknown permission stop the start', () => {
  const registry = Object.fromEntries(
    Object.entries(SERVICE_HANDLERS).map(([service, handlers]) => [service, { ...handlers }]),
  ) as HandlerRegistry;
  delete registry['user-service'].getUserInfo;
  registry['authz-service'].deleteEverything = handler;
  const withTypo = operations.map((op) =>
    op.operationId === 'listTenants' ? { ...op, access: { ...op.access, permissions: ['tenant.raed'] } } : op,
  );
  const check = () => checkHandlers(withTypo, registry);
  expect(check).toThrow('user-service: operation getUserInfo has no handler');
  expect(check).toThrow('authz-service: handler deleteEverything has no operation');
  expect(check).toThrow('listTenants: unknown permission tenant.raed');
});

test('paths mount under /api with Fastify parameters', () => {
  expect(routePath('/user-service/v1/tenant/{id}/fetch/users')).toBe('/api/user-service/v1/tenant/:id/fetch/users');
});

test('operations are read with resolved parameters and their access requirements', () => {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  expect(byId.get('listTenantUsers')).toMatchObject({
    service: 'user-service',
    method: 'get',
    successStatus: 200,
    access: { public: false, permissions: ['tenant.users.read'], systemTenant: false, operatingTenant: 'required' },
  });
  expect(byId.get('listTenantUsers')!.parameters.find((p) => p.name === 'id')).toEqual({
    name: 'id',
    in: 'path',
    required: true,
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 },
  });
  expect(byId.get('getUserInfo')!.access.operatingTenant).toBe('optional');
  expect(byId.get('listEmbedDashboardUrls')!.access).toMatchObject({
    systemTenant: true,
    systemTenantOperating: false,
  });
  // x-system-tenant: operating: a provider user, operating in the system tenant.
  expect(byId.get('createTenant')!.access).toMatchObject({ systemTenant: true, systemTenantOperating: true });
  expect(byId.get('userLogin')!.access.public).toBe(true);
  expect(byId.get('userLogin')!.requestBody?.schema).toMatchObject({
    additionalProperties: false,
    required: ['email', 'password'],
  });
});

test('a public operation that also asks for permissions is refused', () => {
  const document = {
    openapi: '3.1.0',
    paths: {
      '/x': {
        get: {
          operationId: 'getX',
          'x-public': true,
          'x-permissions': ['tenant.read'],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };
  expect(() => readOperations('user-service', document)).toThrow(/public operation cannot require/);
});

describe('x-served-by: an operation at the spec path of one document, served by the service owning its data', () => {
  test('the access-code and participant-list calls are project-service paths served by the participant-service', () => {
    const moved = operations.filter((op) => op.servedBy !== op.service);
    expect(moved.map((op) => `${op.method.toUpperCase()} ${op.path} → ${op.servedBy}`).sort()).toEqual([
      'GET /project-service/v1/project/accessCodeFiles → participant-service',
      'POST /project-service/v1/project/accessCodesList → participant-service',
      'POST /project-service/v1/project/uploadAccessCodes → participant-service',
      'POST /project-service/v1/project/{projectId}/participants → participant-service',
      'PUT /project-service/v1/project/burnCode → participant-service',
    ]);
    expect(moved.every((op) => op.service === 'project-service')).toBe(true);
  });

  test("the handler must sit in the serving service's map, not in the document's", () => {
    const registry = Object.fromEntries(
      Object.entries(SERVICE_HANDLERS).map(([service, handlers]) => [service, { ...handlers }]),
    ) as HandlerRegistry;
    registry['project-service'].listAccessCodes = registry['participant-service'].listAccessCodes!;
    delete registry['participant-service'].listAccessCodes;
    const check = () => checkHandlers(operations, registry);
    expect(check).toThrow('participant-service: operation listAccessCodes has no handler');
    expect(check).toThrow('project-service: handler listAccessCodes has no operation');
  });

  test('a document naming an unknown service, or its own, is refused', () => {
    const document = (servedBy: string) => ({
      openapi: '3.1.0',
      paths: {
        '/x': { get: { operationId: 'getX', 'x-served-by': servedBy, responses: { '200': { description: 'ok' } } } },
      },
    });
    expect(() => readOperations('project-service', document('billing-service'))).toThrow(/names no service/);
    expect(() => readOperations('project-service', document('project-service'))).toThrow(/own service/);
    expect(readOperations('project-service', document('participant-service'))[0]!.servedBy).toBe('participant-service');
  });

  test('x-unsafe-get only on a GET that needs a permission', () => {
    const document = (method: string, permissions?: string[]) => ({
      openapi: '3.1.0',
      paths: {
        '/x': {
          [method]: {
            operationId: 'sendX',
            'x-unsafe-get': true,
            ...(permissions && { 'x-permissions': permissions }),
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    expect(() => readOperations('user-service', document('post', ['tenant.read']))).toThrow(/x-unsafe-get/);
    expect(() => readOperations('user-service', document('get'))).toThrow(/x-unsafe-get/);
    expect(readOperations('user-service', document('get', ['tenant.read']))[0]!.unsafeGet).toBe(true);
  });
});
