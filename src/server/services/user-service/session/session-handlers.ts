import type { operations } from '../../../../contracts/user-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { clientConfiguration } from '../app/app-handlers';
import { interfaceLanguages, userTenants } from '../tenants/tenants-handlers';
import { authorizerVerdict, loadUserInfo } from '../users/users-handlers';

type SessionHandlers = Pick<ServiceHandlers<operations>, 'getSessionBootstrap'>;

export const sessionHandlers: SessionHandlers = {
  /**
   * The five answers a session opens with (docs/product/shell-and-session.md#session), each built by the code of its
   * own operation, in one request (ADR 0083).
   */
  async getSessionBootstrap(_input, ctx) {
    const userInfo = await loadUserInfo(ctx);
    const tenants = await userTenants(ctx);
    const languages = await interfaceLanguages(ctx);
    return {
      authorizer: authorizerVerdict(ctx),
      userInfo,
      tenants,
      configuration: clientConfiguration(ctx.deps.config),
      languages,
    };
  },
};
