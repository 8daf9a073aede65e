// Spectral custom function: `x-account-scope` (openapi/README.md, ADR 0062) is well formed and names a real
// parameter. Given a path item, so path-level parameters count too. The server's contract reader
// (src/server/platform/openapi/contract.ts, readAccountScope) applies the same rules when it starts.
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const KEYS = new Set(['parameter', 'in', 'provider', 'unnamed', 'items']);
const TENANT_NAMES = new Set(['tenantId', 'tenant_id']);

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An integer schema (`integer`, or `[integer, 'null']`): what an account id is. */
const isInteger = (schema) =>
  isObject(schema) && (schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer')));

/** The request body schemas of an operation (one per media type). */
function bodySchemas(operation) {
  const content =
    isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
  return Object.values(content)
    .map((media) => (isObject(media) ? media.schema : null))
    .filter(isObject);
}

/** Properties of an object schema (or the parts of an allOf): name → { required, schema }. */
function schemaProperties(schema, found = new Map()) {
  const parts = Array.isArray(schema.allOf) ? schema.allOf.filter(isObject) : [schema];
  for (const part of parts) {
    const required = new Set(Array.isArray(part.required) ? part.required : []);
    for (const [name, property] of Object.entries(isObject(part.properties) ? part.properties : {}))
      found.set(name, { required: required.has(name) || found.get(name)?.required === true, schema: property });
  }
  return found;
}

/** Top-level properties of the request body: name → { required, schema }. */
function bodyProperties(operation) {
  const found = new Map();
  for (const schema of bodySchemas(operation)) schemaProperties(schema, found);
  return found;
}

/** Properties of the items of an array request body (e.g. the lookup values' items). */
function bodyItemProperties(operation) {
  const found = new Map();
  for (const schema of bodySchemas(operation))
    if (schema.type === 'array' && isObject(schema.items)) schemaProperties(schema.items, found);
  return found;
}

/** `items`: every item of an array body names its account in this required integer property. */
function itemsProblems(scope, operation) {
  if (scope.items === undefined) return [];
  if (scope.parameter === undefined) return ['x-account-scope: items goes with parameter'];
  const property = bodyItemProperties(operation).get(scope.items);
  if (!property) return [`x-account-scope: the items of an array request body have no property ${scope.items}`];
  if (!property.required || !isInteger(property.schema))
    return [`x-account-scope: every item's ${scope.items} is a required integer`];
  return [];
}

/** A GET, a read made by POST, or a POST answering a file: it changes nothing. */
function onlyReads(method, operation) {
  if (method === 'get' || operation['x-read-by-post'] === true) return true;
  const ok = isObject(operation.responses) ? operation.responses['200'] : null;
  const content = isObject(ok) && isObject(ok.content) ? Object.keys(ok.content) : [];
  return method === 'post' && content.length > 0 && !content.includes('application/json');
}

function problems(method, operation, shared) {
  const parameters = [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])].filter(isObject);
  const hasTenantHeader = parameters.some(
    (p) => p.in === 'header' && String(p.name).toLowerCase() === 'operatingtenant',
  );
  const scope = operation['x-account-scope'];
  const found = [];
  if (scope === undefined) {
    // Every parameter or top-level body property that names a tenant is declared, so the contract alone says
    // which account the call acts on.
    const named = [
      ...parameters.filter((p) => (p.in === 'path' || p.in === 'query') && TENANT_NAMES.has(p.name)).map((p) => p.name),
      ...[...bodyProperties(operation).keys(), ...bodyItemProperties(operation).keys()].filter((name) =>
        TENANT_NAMES.has(name),
      ),
    ];
    if (hasTenantHeader && named.length) found.push(`${named[0]} names an account: declare it with x-account-scope`);
    return found;
  }
  if (!isObject(scope)) return ['x-account-scope must be an object'];
  for (const key of Object.keys(scope)) if (!KEYS.has(key)) found.push(`x-account-scope: unknown key ${key}`);
  found.push(...itemsProblems(scope, operation));
  if (!hasTenantHeader) found.push('x-account-scope needs the operatingTenant header');
  const provider = scope.provider ?? 'none';
  const unnamed = scope.unnamed ?? 'operating';
  if (!['none', 'read', 'write'].includes(provider)) found.push('x-account-scope: provider is read or write');
  if (!['operating', 'every-account'].includes(unnamed))
    found.push('x-account-scope: unnamed is operating or every-account');
  if (unnamed === 'every-account' && provider !== 'read')
    found.push('x-account-scope: unnamed: every-account goes with provider: read');
  if (provider === 'read' && !onlyReads(method, operation))
    found.push('x-account-scope: provider: read on an operation that writes (declare write)');
  if (
    provider !== 'none' &&
    scope.parameter !== undefined &&
    !(isObject(operation.responses) && operation.responses['404'])
  )
    found.push('x-account-scope: the provider may name an account that does not exist: document 404');
  if (scope.parameter === undefined) {
    if (scope.in !== undefined) found.push('x-account-scope: in goes with parameter');
    if (unnamed !== 'every-account') found.push('x-account-scope: without a parameter, unnamed is every-account');
    return found;
  }
  let required;
  if (scope.in === 'path' || scope.in === 'query') {
    const parameter = parameters.find((p) => p.in === scope.in && p.name === scope.parameter);
    if (!parameter) return [...found, `x-account-scope: no ${scope.in} parameter ${scope.parameter}`];
    if (!isInteger(parameter.schema)) found.push(`x-account-scope: ${scope.parameter} is not an integer`);
    required = parameter.required === true;
  } else if (scope.in === 'body') {
    const properties = bodyProperties(operation);
    if (!properties.has(scope.parameter))
      return [...found, `x-account-scope: the request body has no property ${scope.parameter}`];
    if (!isInteger(properties.get(scope.parameter).schema))
      found.push(`x-account-scope: ${scope.parameter} is not an integer`);
    required = properties.get(scope.parameter).required;
  } else {
    return [...found, 'x-account-scope: in is path, query or body'];
  }
  if (required && unnamed === 'every-account')
    found.push(`x-account-scope: ${scope.parameter} is required, so the account is never unnamed`);
  return found;
}

export default function accountScopeDeclared(pathItem, _options, context) {
  if (!isObject(pathItem)) return [];
  const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  const results = [];
  for (const method of METHODS) {
    const operation = pathItem[method];
    if (!isObject(operation)) continue;
    for (const message of problems(method, operation, shared))
      results.push({ message, path: [...context.path, method] });
  }
  return results;
}
