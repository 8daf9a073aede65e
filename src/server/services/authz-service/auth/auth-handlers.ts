import type { operations } from '../../../../contracts/authz-service';
import { listPublicJwks } from '../../../platform/auth/signing-keys';
import { TOKEN_SCOPE } from '../../../platform/auth/token-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import {
  confirmPasswordReset,
  PASSWORD_CHANGED_MESSAGE,
  requestPasswordReset,
  RESET_REQUESTED_MESSAGE,
} from './password-reset';
import { signIn } from './sign-in';

export const authHandlers: Omit<
  ServiceHandlers<operations>,
  'issueClientToken' | 'listAuditLog' | 'exportAuditLog' | 'listAuditActivities'
> = {
  async userLogin({ body }, ctx) {
    const tokens = await signIn(ctx.deps, { email: body.email, password: body.password, ip: ctx.ip });
    return {
      access_token: tokens.accessToken,
      id_token: tokens.idToken,
      token_type: 'Bearer',
      expires_in: tokens.expiresIn,
      scope: TOKEN_SCOPE,
    };
  },

  async requestPasswordReset({ body }, ctx) {
    await requestPasswordReset(ctx.deps, { email: body.email, ip: ctx.ip });
    return { message: RESET_REQUESTED_MESSAGE };
  },

  async confirmPasswordReset({ body }, ctx) {
    await confirmPasswordReset(ctx.deps, { token: body.token, password: body.password, ip: ctx.ip });
    return { message: PASSWORD_CHANGED_MESSAGE };
  },

  async getJwks(_input, ctx) {
    return { keys: await ctx.system(listPublicJwks) };
  },
};
