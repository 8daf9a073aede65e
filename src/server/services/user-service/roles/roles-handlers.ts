import type { operations } from '../../../../contracts/user-service';
import { mayGrantRole } from '../../../../shared/user-rules';
import { recordTenantAudit } from '../../../platform/audit/record-audit';
import { rolePermissions } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/schema';
import { FieldErrors } from '../../../platform/http/field-errors';
import { HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { permissionById } from '../../../../shared/permissions';
import { refuseDroppedInternal } from '../../../platform/permissions/refuse-dropped-internal';
import { INTERNAL_GATE, roleMatrix } from './role-matrix';
import {
  createRole,
  findRole,
  listRoles,
  rolePermissionStates,
  setRolePermissions,
  type PermissionAccess,
} from './roles-store';

/** The Admin tag's role calls (docs/product/admin-roles-and-permissions.md): roles and the permission matrix. */
type RoleHandlers = Pick<
  ServiceHandlers<operations>,
  'listRoles' | 'listTenantRoles' | 'createRole' | 'getRolePermissions' | 'saveRolePermissions'
>;

export const ROLE_PERMISSION_UPDATED_MESSAGE = 'Role permission updated successfully';
export const ROLE_CREATED_MESSAGE = 'Role created successfully';

const noSuchRole = () => notFound('No such role in this account.');

async function roleExists(trx: Db, roleId: number): Promise<boolean> {
  // Row-level security limits roles to the operating tenant: another account's role is simply not found.
  return (await findRole(trx, roleId)) !== null;
}

export const roleHandlers: RoleHandlers = {
  async listRoles(_input, ctx) {
    return ctx.inTenant((trx) => listRoles(trx));
  },

  async listTenantRoles(_input, ctx) {
    const principal = ctx.principal();
    const holds = (permission: string) => principal.permissions.has(permission);
    const roles = await ctx.inTenant(async (trx) =>
      Promise.all(
        (await listRoles(trx)).map(async (role) => ({ role, permissions: await rolePermissions(trx, role.roleId) })),
      ),
    );
    return roles.map(({ role, permissions }) => ({
      ...role,
      grantable: mayGrantRole({ name: role.name, permissions }, holds),
    }));
  },

  async createRole({ body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    return ctx.inTenant(async (trx) => {
      const errors = new FieldErrors();
      const name = errors.required('name', body.name, 'Role Name is required');
      errors.throwIfAny();
      const roleId = await createRole(trx, { tenantId, name, description: body.description, now: ctx.now() });
      // A new role holds only what every role holds (the permission save rule's constant grant).
      await setRolePermissions(trx, { tenantId, tenantIsSystem: ctx.operatingTenant.isSystem, roleId, accessList: [] });
      const role = (await findRole(trx, roleId))!;
      await recordTenantAudit(trx, ctx, 'ROLE_CREATED', { roleId, after: role });
      return role;
    });
  },

  async getRolePermissions({ query }, ctx) {
    return ctx.inTenant(async (trx) => {
      if (!(await roleExists(trx, query.roleId))) throw noSuchRole();
      return roleMatrix(
        query.roleId,
        await rolePermissionStates(trx, query.roleId),
        ctx.principal(),
        ctx.operatingTenant.isSystem,
      );
    });
  },

  async saveRolePermissions({ body }, ctx) {
    const principal = ctx.principal();
    const tenantIsSystem = ctx.operatingTenant.isSystem;
    return ctx.inTenant(async (trx) => {
      if (!(await roleExists(trx, body.roleId))) throw noSuchRole();
      // Outside the system tenant, only a caller holding id 80 may touch the internal group (docs/product/admin-roles-and-permissions.md#permission-matrix); for
      // anyone else its entries are stripped and keep their state, whatever the request says.
      const mayTouchInternal = tenantIsSystem || principal.permissions.has(INTERNAL_GATE);
      refuseDroppedInternal(body.accessList, { tenantIsSystem, callerHoldsGate: mayTouchInternal });
      const accessList: PermissionAccess[] = body.accessList.filter(
        (a) => mayTouchInternal || permissionById.get(a.permissionId)?.group !== 'internal',
      );
      const beyond = accessList
        .filter((a) => a.active && permissionById.has(a.permissionId))
        .map((a) => permissionById.get(a.permissionId)!.permission)
        .filter((p) => !principal.permissions.has(p));
      if (beyond.length) {
        throw new HttpError(403, 'You cannot grant permissions you do not hold yourself.', {
          code: 'PERMISSION_ESCALATION',
          errors: beyond.map((p) => ({ field: 'accessList', message: `You do not hold ${p}` })),
        });
      }
      const before = await rolePermissions(trx, body.roleId);
      await setRolePermissions(trx, {
        tenantId: ctx.operatingTenant.id,
        tenantIsSystem,
        roleId: body.roleId,
        accessList,
      });
      const after = await rolePermissions(trx, body.roleId);
      await recordTenantAudit(trx, ctx, 'ROLE_PERMISSIONS_UPDATED', {
        roleId: body.roleId,
        granted: after.filter((p) => !before.includes(p)),
        revoked: before.filter((p) => !after.includes(p)),
        before,
        after,
      });
      const matrix = roleMatrix(body.roleId, await rolePermissionStates(trx, body.roleId), principal, tenantIsSystem);
      return { message: ROLE_PERMISSION_UPDATED_MESSAGE, data: matrix };
    });
  },
};
