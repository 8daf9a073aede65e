import type { operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { providerAccountRequired } from '../../../platform/tenancy/require-operating-tenant';
import { listUserMemberships } from './admin-store';
import { normaliseEmail } from '../../../../shared/email-rules';

type AdminHandlers = Pick<ServiceHandlers<operations>, 'checkUserEmail'>;

/** docs/product/admin-accounts.md#creating-an-account: whether the primary user's e-mail exists, with accounts and roles. */
export const adminHandlers: AdminHandlers = {
  async checkUserEmail({ query }, ctx) {
    if (!ctx.operatingTenant.isSystem) throw providerAccountRequired();
    const email = normaliseEmail(query.email);
    // The system tenant's own question about every account: a read-only transaction across tenants.
    const rows = await ctx.acrossTenants((trx) => listUserMemberships(trx, email));
    return {
      is_exist: rows.length > 0,
      tenants: rows
        .filter((r) => r.name !== null && r.role_name !== null)
        .map((r) => ({ name: r.name!, role_name: r.role_name! })),
    };
  },
};
