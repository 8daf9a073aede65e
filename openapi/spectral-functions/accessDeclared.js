// Spectral custom function: an operation is either public (x-public: true AND security: []), called by client
// applications (x-client-scopes with bearer-only security), or secured by the document's session security, never a
// mix, and permission extensions only appear on secured operations.
const bearerOnly = (security) =>
  Array.isArray(security) &&
  security.length === 1 &&
  JSON.stringify(Object.keys(security[0] ?? {})) === '["bearerAuth"]' &&
  Array.isArray(security[0].bearerAuth) &&
  security[0].bearerAuth.length === 0;

const sessionOnly = (security) =>
  security.length === 1 &&
  JSON.stringify(Object.keys(security[0] ?? {}).sort()) === '["bearerAuth","idToken"]' &&
  Object.values(security[0]).every((scopes) => Array.isArray(scopes) && scopes.length === 0);

export default function accessDeclared(operation) {
  if (operation === null || typeof operation !== 'object') return [];
  const isPublic = operation['x-public'] === true;
  const emptySecurity = Array.isArray(operation.security) && operation.security.length === 0;
  const hasPermissions =
    'x-permissions' in operation || 'x-permissions-any' in operation || 'x-system-tenant' in operation;
  if (isPublic && !emptySecurity) return [{ message: 'x-public operations must set security: []' }];
  if (!isPublic && emptySecurity) return [{ message: 'security: [] requires x-public: true' }];
  if (isPublic && hasPermissions) return [{ message: 'a public operation cannot declare permissions' }];
  // Client applications (ADR 0022): scopes like results:write, on an operation with no user requirements.
  if ('x-client-scopes' in operation) {
    const scopes = operation['x-client-scopes'];
    if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => /^[a-z]+:[a-z]+$/.test(s)))
      return [{ message: 'x-client-scopes must be a non-empty list of scopes such as results:write' }];
    if (isPublic || hasPermissions) return [{ message: 'x-client-scopes excludes x-public and user permissions' }];
    // A client-credentials token is a bearer token with no Id-Token (ADR 0087): the operation says so itself.
    if (!bearerOnly(operation.security))
      return [{ message: 'an x-client-scopes operation declares security: [{ bearerAuth: [] }] (ADR 0087)' }];
  } else if (Array.isArray(operation.security) && operation.security.length > 0 && !sessionOnly(operation.security)) {
    return [{ message: 'a user operation is secured by the session: security [{ bearerAuth: [], idToken: [] }]' }];
  }
  for (const key of ['x-permissions', 'x-permissions-any']) {
    if (key in operation && (!Array.isArray(operation[key]) || operation[key].length === 0)) {
      return [{ message: `${key} must be a non-empty list` }];
    }
  }
  return [];
}
