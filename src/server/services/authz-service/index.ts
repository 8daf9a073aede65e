import type { operations } from '../../../contracts/authz-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { auditLogHandlers } from './audit-log/audit-log-handlers';
import { authHandlers } from './auth/auth-handlers';
import { oauthHandlers } from './oauth/oauth-handlers';

export const authzServiceHandlers: ServiceHandlers<operations> = {
  ...authHandlers,
  ...oauthHandlers,
  ...auditLogHandlers,
};

// What other services use: the set-password link of an invitation (Add User, a new account's primary user).
export { issuePasswordLink } from './auth/password-link';
export { invitationEmail } from './auth/password-reset-email';
