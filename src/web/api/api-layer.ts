/**
 * The API layer as the code outside route chunks loads it (`loadApi`, ADR 0111): the one API and the two services
 * the sign-in form and the logout call. Route chunks import the generated services directly.
 */
export { baseApi } from './base-api';
export { authzServiceApi } from './generated/authz-service';
export { userServiceApi } from './generated/user-service';
