import type { operations } from '../../../../contracts/user-service';
import type { Principal } from '../../../platform/auth/principal';
import {
  INTERNAL_PERMISSIONS_GATE_ID,
  PERMISSION_CATALOGUE,
  permissionById,
  type PermissionDefinition,
} from '../../../../shared/permissions';

type RolePermissions = operations['getRolePermissions']['responses'][200]['content']['application/json'];

export const INTERNAL_GATE = permissionById.get(INTERNAL_PERMISSIONS_GATE_ID)!.permission;

/** Whether the caller sees the internal group: the system tenant, or a caller holding id 80 (docs/product/admin-roles-and-permissions.md#permission-matrix). */
export const seesInternal = (principal: Principal, tenantIsSystem: boolean) =>
  tenantIsSystem || principal.permissions.has(INTERNAL_GATE);

/** The permission matrix of a role: the catalogue by group, each entry active when the role's row is. */
export function roleMatrix(
  roleId: number,
  active: Map<number, boolean>,
  principal: Principal,
  tenantIsSystem: boolean,
): RolePermissions {
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
