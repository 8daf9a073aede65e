import type { operations } from '../../../../contracts/user-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { notFound } from '../../../platform/http/http-error';
import { PERMISSION_CATALOGUE } from '../../../platform/permissions/catalogue';

type ProjectPermissionHandlers = Pick<ServiceHandlers<operations>, 'getProjectPermissions'>;

const PROJECT_PERMISSIONS = PERMISSION_CATALOGUE.filter(
  (p) => p.group === 'project' || p.permission.startsWith('tenant.project.'),
).map((p) => p.permission);

export const projectPermissionHandlers: ProjectPermissionHandlers = {
  async getProjectPermissions({ query }, ctx) {
    const project = await ctx.inTenant((trx) =>
      trx
        .selectFrom('projects')
        .select('id')
        .where('tenant_id', '=', ctx.operatingTenant.id)
        .where('id', '=', query.projectId)
        .executeTakeFirst(),
    );
    if (!project) throw notFound('Project not found.');
    const principal = ctx.principal();
    return {
      role_permissions: [
        {
          // Operating in a tenant means holding a membership there, and every membership has a role.
          roleName: principal.roleName ?? '',
          permissions: PROJECT_PERMISSIONS.filter((p) => principal.permissions.has(p)).map((permission) => ({ permission })),
        },
      ],
    };
  },
};
