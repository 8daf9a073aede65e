import { sql } from 'kysely';
import type { operations } from '../../../contracts/user-service';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db/schema';
import { forbidden, HttpError, notFound } from '../../platform/http/http-error';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { INTERNAL_PERMISSIONS_GATE_ID, PERMISSION_CATALOGUE, permissionById, type PermissionDefinition } from '../../platform/permissions/catalogue';
import { refuseDroppedInternal } from '../../platform/permissions/refuse-dropped-internal';
import { FieldErrors } from './admin-rules';
import { createRole } from './create-role';
import { setRolePermissions, type PermissionAccess } from './set-role-permissions';

type RoleHandlers = Pick<ServiceHandlers<operations>, 'listRoles' | 'createRole' | 'getRolePermissions' | 'saveRolePermissions'>;
type RolePermissions = operations['getRolePermissions']['responses'][200]['content']['application/json'];

export const ROLE_PERMISSION_UPDATED_MESSAGE = 'Role permission updated successfully';
export const ROLE_CREATED_MESSAGE = 'Role created successfully';

const INTERNAL_GATE = permissionById.get(INTERNAL_PERMISSIONS_GATE_ID)!.permission;

/** Whether the caller sees the internal group: the system tenant, or a caller holding id 80 (002 §2.8, §6). */
const seesInternal = (principal: Principal, tenantIsSystem: boolean) => tenantIsSystem || principal.permissions.has(INTERNAL_GATE);

const noSuchRole = () => notFound('No such role in this account.');
const tenantForbidden = () => forbidden('You can only manage the roles of the account you operate in.', { code: 'TENANT_FORBIDDEN' });

async function roleExists(trx: Db, roleId: number): Promise<boolean> {
  // Row-level security limits roles to the operating tenant: another account's role is simply not found.
  return (await trx.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()) !== undefined;
}

async function matrix(trx: Db, roleId: number, principal: Principal, tenantIsSystem: boolean): Promise<RolePermissions> {
  const held = await trx.selectFrom('role_permissions').select(['permission_id', 'active']).where('role_id', '=', roleId).execute();
  const active = new Map(held.map((h) => [h.permission_id, h.active]));
  const row = (p: PermissionDefinition) => ({
    permissionId: p.id,
    permissionNumber: p.permissionNumber,
    permission: p.permission,
    resource: p.resource,
    access_type: p.accessType,
    active: active.get(p.id) === true,
  });
  const group = (name: PermissionDefinition['group']) => PERMISSION_CATALOGUE.filter((p) => p.group === name).map(row);
  return {
    roleId,
    internalEditable: tenantIsSystem,
    permissions: {
      project_permission: group('project'),
      administration_permission: group('administration'),
      ...(seesInternal(principal, tenantIsSystem) && { internal_permission: group('internal') }),
    },
  };
}

export const roleHandlers: RoleHandlers = {
  async listRoles(_input, ctx) {
    const rows = await ctx.inTenant((trx) =>
      trx.selectFrom('roles').select(['id', 'name', 'description', 'tenant_id']).orderBy(sql`lower(name)`).orderBy('id').execute(),
    );
    return rows.map((r) => ({ roleId: r.id, name: r.name, description: r.description, tenantId: r.tenant_id }));
  },

  async createRole({ body }, ctx) {
    if (body.tenantId !== ctx.operatingTenant.id) throw tenantForbidden();
    const tenantId = ctx.operatingTenant.id;
    return ctx.inTenant(async (trx) => {
      const errors = new FieldErrors();
      const name = errors.required('name', body.name, 'Role Name is required');
      errors.throwIfAny();
      const roleId = await createRole(trx, { tenantId, name, description: body.description, now: ctx.now() });
      // A new role holds only what every role holds (the permission save rule's constant grant).
      await setRolePermissions(trx, { tenantId, tenantIsSystem: ctx.operatingTenant.isSystem, roleId, accessList: [] });
      const role = await trx.selectFrom('roles').select(['id', 'name', 'description', 'tenant_id']).where('id', '=', roleId).executeTakeFirstOrThrow();
      return { roleId: role.id, name: role.name, description: role.description, tenantId: role.tenant_id };
    });
  },

  async getRolePermissions({ query }, ctx) {
    return ctx.inTenant(async (trx) => {
      if (!(await roleExists(trx, query.roleId))) throw noSuchRole();
      return matrix(trx, query.roleId, ctx.principal(), ctx.operatingTenant.isSystem);
    });
  },

  async saveRolePermissions({ body }, ctx) {
    if (body.tenantId !== ctx.operatingTenant.id) throw tenantForbidden();
    const principal = ctx.principal();
    const tenantIsSystem = ctx.operatingTenant.isSystem;
    return ctx.inTenant(async (trx) => {
      if (!(await roleExists(trx, body.roleId))) throw noSuchRole();
      // Outside the system tenant, only a caller holding id 80 may touch the internal group (002 §6); for
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
      await setRolePermissions(trx, { tenantId: ctx.operatingTenant.id, tenantIsSystem, roleId: body.roleId, accessList });
      return { message: ROLE_PERMISSION_UPDATED_MESSAGE, data: await matrix(trx, body.roleId, principal, tenantIsSystem) };
    });
  },
};
