import type { operations } from '../../../../contracts/authz-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { grantClientCredentials } from './client-credentials-grant';

type OAuthHandlers = Pick<ServiceHandlers<operations>, 'issueClientToken'>;

/** The token endpoint of client applications (ADR 0022). */
export const oauthHandlers: OAuthHandlers = {
  async issueClientToken({ body }, ctx) {
    const token = await grantClientCredentials(ctx.deps, {
      form: body as Record<string, unknown>,
      authorization: ctx.authorization,
      ip: ctx.ip,
    });
    return { access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn, scope: token.scope };
  },
};
