import type { operations } from '../../../../contracts/project-service';
import { requireOperatingTenant } from '../../../platform/tenancy/require-operating-tenant';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { listTeamRoles } from './lookups-store';

type TeamRoleHandlers = Pick<ServiceHandlers<operations>, 'listProjectTeamRoles'>;

/** 000 §7 GET project/roles?tenantId: the roles a project team member can be given. */
export const teamRoleHandlers: TeamRoleHandlers = {
  async listProjectTeamRoles({ query }, ctx) {
    const tenant = ctx.operatingTenant;
    requireOperatingTenant(query.tenantId, tenant.id);
    const roles = await ctx.inTenant((trx) => listTeamRoles(trx, tenant.id));
    return roles.map((r) => ({ roleId: r.id, name: r.name, description: r.description, tenant: { tenantId: tenant.id, tenantName: tenant.name } }));
  },
};
