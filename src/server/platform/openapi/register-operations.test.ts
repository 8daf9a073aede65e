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
  expect(byId.get('listEmbedDashboardUrls')!.access.systemTenant).toBe(true);
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
