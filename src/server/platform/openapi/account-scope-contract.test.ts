/** `x-account-scope` as the contract reader takes it (ADR 0062): well formed, naming a real parameter, or refused. */
import { readAllOperations, readOperations } from './contract';

const tenantHeader = { name: 'operatingTenant', in: 'header', required: true, schema: { type: 'integer' } };
const id = { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 };

/** A one-operation document: a POST with a JSON body holding tenantId, or what `operation` replaces. */
function documentWith(operation: Record<string, unknown>, method = 'post') {
  return {
    openapi: '3.1.0',
    paths: {
      '/x/{accountId}': {
        [method]: {
          operationId: 'probeX',
          parameters: [tenantHeader, { name: 'accountId', in: 'path', required: true, schema: id }],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tenantId: id } },
              },
            },
          },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } },
          ...operation,
        },
      },
    },
  };
}
const read = (operation: Record<string, unknown>, method?: string) =>
  readOperations('user-service', documentWith(operation, method))[0]!.access.accountScope;

test('a declaration is read with its defaults: the provider has no access, an unnamed account is the operating one', () => {
  expect(read({ 'x-account-scope': { parameter: 'accountId', in: 'path' } })).toEqual({
    parameter: { name: 'accountId', in: 'path' },
    provider: 'none',
    unnamed: 'operating',
    items: null,
  });
  expect(read({ 'x-account-scope': { parameter: 'tenantId', in: 'body', provider: 'write' } })).toMatchObject({
    parameter: { name: 'tenantId', in: 'body' },
    provider: 'write',
  });
  expect(read({})).toBeNull();
});

test.each([
  [{ parameter: 'tenant', in: 'body' }, /request body has no property tenant/],
  [{ parameter: 'accountId', in: 'query' }, /no query parameter accountId/],
  [{ parameter: 'name', in: 'body' }, /name is not an integer/],
  [{ parameter: 'tenantId', in: 'header' }, /in is path, query or body/],
  [{ parameter: 'tenantId', in: 'body', provider: 'admin' }, /provider is read or write/],
  [{ parameter: 'tenantId', in: 'body', provider: 'write', unnamed: 'every-account' }, /goes with provider: read/],
  [{ parameter: 'accountId', in: 'path', provider: 'read', unnamed: 'every-account' }, /required, so the account/],
  [{ provider: 'read' }, /without a parameter/],
  [{ parameter: 'tenantId', in: 'body', scope: 'all' }, /unknown key scope/],
])('%j is refused', (scope, message) => {
  expect(() => read({ 'x-account-scope': scope })).toThrow(message);
});

/** A PUT whose body is an array of items naming their account, as the lookup values' (createLookupValue). */
const arrayBody = (itemProperties: Record<string, unknown>, required: string[]) => ({
  parameters: [tenantHeader, { name: 'tenant_id', in: 'query', required: true, schema: id }],
  requestBody: {
    content: {
      'application/json': {
        schema: { type: 'array', items: { type: 'object', required, properties: itemProperties } },
      },
    },
  },
});

test('items: every item of an array body names the account in a required integer property', () => {
  const scope = { parameter: 'tenant_id', in: 'query', items: 'tenantId' };
  expect(read({ 'x-account-scope': scope, ...arrayBody({ tenantId: id }, ['tenantId']) }, 'put')).toMatchObject({
    parameter: { name: 'tenant_id', in: 'query' },
    items: 'tenantId',
  });
  expect(() => read({ 'x-account-scope': scope, ...arrayBody({ tenantId: id }, []) }, 'put')).toThrow(
    /every item's tenantId is a required integer/,
  );
  expect(() => read({ 'x-account-scope': scope, ...arrayBody({ account: id }, ['account']) }, 'put')).toThrow(
    /the body items have no property tenantId/,
  );
  expect(() => read({ 'x-account-scope': { ...scope, parameter: 'accountId', in: 'path' } })).toThrow(
    /items needs an array request body/,
  );
});

test('provider: read only on an operation that reads: a GET, a read made by POST or a file answer', () => {
  const scope = { 'x-account-scope': { parameter: 'accountId', in: 'path', provider: 'read' } };
  expect(() => read(scope)).toThrow(/provider: read on an operation that writes/);
  expect(read({ ...scope, 'x-read-by-post': true })?.provider).toBe('read');
  expect(read({ ...scope, requestBody: undefined }, 'get')?.provider).toBe('read');
  const file = { '200': { description: 'file', content: { 'text/csv': { schema: { type: 'string' } } } } };
  expect(read({ ...scope, responses: file })?.provider).toBe('read');
});

test('an operation without the operatingTenant header cannot name an account', () => {
  expect(() => read({ 'x-account-scope': { parameter: 'tenantId', in: 'body' }, parameters: [] })).toThrow(
    /needs the required operatingTenant header/,
  );
});

test('the documents declare the account of the operations the issue named', () => {
  const scopes = new Map(readAllOperations().map((op) => [op.operationId, op.access.accountScope]));
  expect(scopes.get('listAuditLog')).toMatchObject({ parameter: { name: 'tenantId', in: 'body' }, provider: 'read' });
  expect(scopes.get('listCallRecords')).toMatchObject({ provider: 'read', unnamed: 'operating' });
  expect(scopes.get('listIncompleteCalls')).toMatchObject({ provider: 'read', unnamed: 'operating' });
  expect(scopes.get('listResultsReport')).toMatchObject({ provider: 'read', unnamed: 'every-account' });
  expect(scopes.get('listUserReport')).toMatchObject({ provider: 'read', unnamed: 'every-account' });
  expect(scopes.get('updateTenant')).toMatchObject({ parameter: { name: 'id', in: 'path' }, provider: 'write' });
  expect(scopes.get('refreshCustomerPeople')).toMatchObject({ provider: 'write' });
  expect(scopes.get('createUser')).toMatchObject({ parameter: { name: 'tenantId', in: 'body' }, provider: 'none' });
  expect(scopes.get('createLookupValue')).toMatchObject({
    parameter: { name: 'tenant_id', in: 'query' },
    items: 'tenantId',
  });
  expect(scopes.get('updateLookupValue')).toMatchObject({ items: 'tenantId' });
});
