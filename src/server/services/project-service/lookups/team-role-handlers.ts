import { sql } from 'kysely';
import type { operations } from '../../../../contracts/project-service';
import { requireOperatingTenant } from '../../../platform/tenancy/require-operating-tenant';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { CALL_CENTER_ROLES } from '../../../../shared/call-center-roles';

type TeamRoleHandlers = Pick<ServiceHandlers<operations>, 'listProjectTeamRoles'>;

/** 000 §7 GET project/roles?tenantId: the roles a project team member can be given. */
export const teamRoleHandlers: TeamRoleHandlers = {
  async listProjectTeamRoles({ query }, ctx) {
    const tenant = ctx.operatingTenant;
    requireOperatingTenant(query.tenantId, tenant.id);
    const roles = await ctx.inTenant((trx) =>
      trx
        .selectFrom('roles')
        .select(['id', 'name', 'description'])
        .where('tenant_id', '=', tenant.id)
        .where(sql<string>`lower(name)`, 'not in', CALL_CENTER_ROLES.map((name) => name.toLowerCase()))
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute(),
    );
    return roles.map((r) => ({ roleId: r.id, name: r.name, description: r.description, tenant: { tenantId: tenant.id, tenantName: tenant.name } }));
  },
};
