import { sql } from 'kysely';
import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { providerAccountRequired } from '../user-service/admin/account-form';
import { normaliseEmail } from '../../../shared/email-rules';

type CheckUserEmailHandlers = Pick<ServiceHandlers<operations>, 'checkUserEmail'>;

/** Document 002 §4 "Creating an account": whether the primary user's e-mail exists, with accounts and roles. */
export const checkUserEmailHandlers: CheckUserEmailHandlers = {
  async checkUserEmail({ query }, ctx) {
    if (!ctx.operatingTenant.isSystem) throw providerAccountRequired();
    const email = normaliseEmail(query.email);
    // The system tenant's own question about every account: a read-only transaction across tenants.
    const rows = await ctx.acrossTenants((trx) =>
      trx
        .selectFrom('users as u')
        .leftJoin('user_tenants as ut', 'ut.user_id', 'u.id')
        .leftJoin('tenants as t', 't.id', 'ut.tenant_id')
        .leftJoin('roles as r', 'r.id', 'ut.role_id')
        .select(['u.id', 't.name', 'r.name as role_name'])
        .where('u.email', '=', email)
        .orderBy(sql`lower(t.name)`)
        .execute(),
    );
    return {
      is_exist: rows.length > 0,
      tenants: rows.filter((r) => r.name !== null && r.role_name !== null).map((r) => ({ name: r.name!, role_name: r.role_name! })),
    };
  },
};
