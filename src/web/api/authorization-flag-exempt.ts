/** Calls whose answers never set the authorization-error flag (docs/product/shell-and-session.md#authorization-error): the authorizer, login and logout. */
export const AUTHORIZATION_FLAG_EXEMPT: ReadonlySet<string> = new Set([
  'getAuthorizer',
  'userLogin',
  'recordUserLogin',
  'logoutUser',
]);
