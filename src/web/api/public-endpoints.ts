/**
 * Operations the contract marks `x-public: true` (callable before sign-in). A test compares this list with
 * the bundled documents in src/contracts so it cannot drift.
 */
export const PUBLIC_ENDPOINTS: ReadonlySet<string> = new Set([
  'userLogin',
  'requestPasswordReset',
  'confirmPasswordReset',
  'getJwks',
  'listLanguages',
  'getAppVersion',
  'getClientConfiguration',
]);

/** Calls whose answers never set the authorization-error flag (000 §7): the authorizer, login and logout. */
export const AUTHORIZATION_FLAG_EXEMPT: ReadonlySet<string> = new Set([
  'getAuthorizer',
  'userLogin',
  'recordUserLogin',
  'logoutUser',
]);
