import type { operations } from '../../../contracts/authz-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { authHandlers } from './auth-handlers';

export const authzServiceHandlers: ServiceHandlers<operations> = { ...authHandlers };

// What other services use: the set-password link of an invitation (Add User, a new account's primary user).
export { issuePasswordLink } from './password-link';
export { invitationEmail } from './password-reset-email';
