/** Calls whose answers never set the authorization-error flag (000 §7): the authorizer, login and logout. */
export const AUTHORIZATION_FLAG_EXEMPT: ReadonlySet<string> = new Set([
  'getAuthorizer',
  'userLogin',
  'recordUserLogin',
  'logoutUser',
]);
