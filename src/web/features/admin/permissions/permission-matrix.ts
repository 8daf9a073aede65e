import type { RolePermission, RolePermissions } from '../../../api/generated/user-service';
import { PERMISSION } from '../../../../shared/permissions';

export const ALWAYS_GRANTED = PERMISSION.TENANT_PROJECT_DETAIL_READ;
/** The permission whose active presence lets a customer role keep internal permissions (docs/product/admin-roles-and-permissions.md#permission-save). */
export const INTERNAL_GATE_ID = 80;
export const ACCESS_TYPES = ['read', 'create', 'update', 'delete'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export type GroupKey = 'project_permission' | 'administration_permission' | 'internal_permission';

export interface MatrixRow {
  resource: string;
  cells: Partial<Record<AccessType, RolePermission>>;
}

/** One row per resource, one column per access type (the product's permission editor). */
export function matrixRows(permissions: readonly RolePermission[]): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const permission of permissions) {
    const row = rows.get(permission.resource) ?? { resource: permission.resource, cells: {} };
    // A second permission of the same resource and access type (e.g. read and download) gets its own row.
    if (row.cells[permission.access_type]) {
      rows.set(permission.permission, {
        resource: permission.permission,
        cells: { [permission.access_type]: permission },
      });
      continue;
    }
    row.cells[permission.access_type] = permission;
    rows.set(permission.resource, row);
  }
  return [...rows.values()];
}

/** Ids of the active permissions of a loaded matrix. */
export const activeIds = (matrix: RolePermissions): Set<number> =>
  new Set(
    Object.values(matrix.permissions)
      .flatMap((group) => group ?? [])
      .filter((p) => p.active)
      .map((p) => p.permissionId),
  );

/**
 * The access list of a permission save (docs/product/admin-roles-and-permissions.md#permission-save): checked ones active, previously held but unchecked ones
 * inactive, tenant.project.detail.read always active; for a non-system tenant without an active id 80 the
 * internal group is left out.
 */
export function accessList(
  matrix: RolePermissions,
  checked: ReadonlySet<number>,
  tenantIsSystem: boolean,
): { permissionId: number; active: boolean }[] {
  const all = Object.values(matrix.permissions).flatMap((group) => group ?? []);
  const held = activeIds(matrix);
  const list = all
    .filter((p) => checked.has(p.permissionId) || held.has(p.permissionId) || p.permission === ALWAYS_GRANTED)
    .map((p) => ({
      permissionId: p.permissionId,
      active: checked.has(p.permissionId) || p.permission === ALWAYS_GRANTED,
    }));
  const gateActive = list.some((entry) => entry.permissionId === INTERNAL_GATE_ID && entry.active);
  if (tenantIsSystem || gateActive) return list;
  const internal = new Set((matrix.permissions.internal_permission ?? []).map((p) => p.permissionId));
  return list.filter((entry) => !internal.has(entry.permissionId));
}
