import { HttpError } from '../http/http-error';
import { INTERNAL_PERMISSIONS_GATE_ID, permissionById } from '../../../shared/permissions';

interface PermissionAccess {
  permissionId: number;
  active: boolean;
}

/**
 * docs/product/admin-roles-and-permissions.md#permission-matrix keeps internal-group permissions out of reach outside the system tenant: only a caller
 * holding id 80, for a role whose list keeps id 80 active, changes them. A save that asks to activate one
 * anyway is refused, naming the entries, instead of answering "updated successfully" without them (ADR 0013).
 */
export function refuseDroppedInternal(
  accessList: readonly PermissionAccess[],
  scope: { tenantIsSystem: boolean; callerHoldsGate: boolean },
): void {
  if (scope.tenantIsSystem) return;
  const asked = accessList.filter((a) => a.active && permissionById.get(a.permissionId)?.group === 'internal');
  if (asked.length === 0) return;
  const errors = asked.map((a) => ({
    field: 'accessList',
    message: `${permissionById.get(a.permissionId)!.permission} is an internal permission`,
  }));
  if (!scope.callerHoldsGate) {
    throw new HttpError(403, 'You cannot change internal permissions.', {
      code: 'INTERNAL_PERMISSION_REFUSED',
      errors,
    });
  }
  const roleKeepsGate = accessList.some((a) => a.permissionId === INTERNAL_PERMISSIONS_GATE_ID && a.active);
  if (!roleKeepsGate) {
    throw new HttpError(
      422,
      `Internal permissions need permission ${INTERNAL_PERMISSIONS_GATE_ID} active on the role.`,
      {
        code: 'INTERNAL_PERMISSION_REFUSED',
        errors,
      },
    );
  }
}
